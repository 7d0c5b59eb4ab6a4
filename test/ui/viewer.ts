// A viewer server in this process on a real port, over its own temp database, closed after each test.
// `url` is what `memcue ui` prints: good for one page load. `login` loads it as a browser would and
// keeps the cookie it gets; `get` and `post` then ask the server as that browser's page does;
// `launchFile` writes the page `memcue ui` hands the browser opener (a real browser opens it).
import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { makeContext } from '../../src/context.js';
import { writeLaunchFile } from '../../src/ui/launch-file.js';
import { startUiServer, type UiServer } from '../../src/ui/server.js';
import { cli, isolatedEnv, ROOT, tempDir } from '../helpers.js';


const servers: UiServer[] = [];
afterEach(async () => {
  while (servers.length) await servers.pop()!.close();
});

/** What the one-time URL gives a browser: the session cookie (`name=value`) and the page's URL. */
export async function login(url: string): Promise<{ cookie: string; base: string }> {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status, 'the printed URL lets the first browser in').toBe(303);
  return { cookie: res.headers.get('set-cookie')!.split(';')[0]!, base: new URL(res.headers.get('location')!, url).href };
}

/** Resolves with the URL a started `memcue ui` prints. */
export function urlOf(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /memcue ui: (\S+)/.exec(out)?.[1];
      if (url) resolve(url);
    });
    child.once('exit', (code) => reject(new Error(`memcue ui exited with ${code} before printing a URL: ${out}`)));
  });
}

export async function viewer() {
  const dir = tempDir();
  const env = isolatedEnv(dir);
  const cwd = join(dir, 'work');
  mkdirSync(cwd);
  const run = Object.assign((...argv: string[]) => cli(argv, { env, cwd }), {
    /** The same database from another machine's point of view (another MEMCUE_HOST). */
    as: (otherEnv: Record<string, string>, ...argv: string[]) => cli(argv, { env: otherEnv, cwd }),
    stdin: (stdin: string, ...argv: string[]) => cli(argv, { env, cwd, stdin }),
  });
  const ctx = makeContext({ env, cwd, stdout: () => {}, stderr: () => {}, readStdin: async () => '' });
  const server = await startUiServer(ctx);
  servers.push(server);
  const origin = new URL(server.url).origin;
  let loggedIn: { cookie: string; base: string } | undefined;
  const session = async () => (loggedIn ??= await login(server.url));
  const get = async (path: string) => {
    const { cookie, base } = await session();
    return fetch(base + path, { headers: { cookie } });
  };
  const post = async (path: string, body: unknown) => {
    const { cookie, base } = await session();
    return fetch(base + path, { method: 'POST', headers: { cookie, 'Content-Type': 'application/json', Origin: origin }, body: JSON.stringify(body) });
  };
  /** The launch file's path, as `memcue ui` writes it for the opener; removed once the token is spent. */
  const launchFile = () => {
    const file = writeLaunchFile(env, server.launchAction, server.token);
    server.onSpent(file.remove);
    return file.path;
  };
  return { run, env, url: server.url, origin, server, session, get, post, launchFile };
}
