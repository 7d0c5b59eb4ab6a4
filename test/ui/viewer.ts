// A viewer server in this process on a real port, over its own temp database, closed after each test.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { makeContext } from '../../src/context.js';
import { startUiServer, type UiServer } from '../../src/ui/server.js';
import { cli, isolatedEnv, tempDir } from '../helpers.js';

const servers: UiServer[] = [];
afterEach(async () => {
  while (servers.length) await servers.pop()!.close();
});

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
  return { run, env, url: server.url, server };
}

