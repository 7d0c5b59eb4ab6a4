// The viewer from the artefacts users run: the single executable and the npm bundle each serve the
// page and its libraries embedded in themselves (copied alone into an empty folder: nothing to read
// from disk), answer the API, and stop cleanly on SIGTERM (no process left behind).
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ASSET_NAMES, uiAsset } from '../../src/ui/assets.js';
import { BINARY, ROOT, runProcess, startProcess, tempDir } from '../helpers.js';
import { login, urlOf } from './viewer.js';

async function checkServes(command: string, args: string[], dir: string) {
  const env = { HOME: dir, MEMCUE_DB: join(dir, 'm.db'), MEMCUE_HOST: 'boxhost', PATH: process.env.PATH ?? '' };
  const id = runProcess(command, [...args, 'add', '--scope', 'global', 'The viewer runs from the compiled binary'], { env, cwd: dir }).stdout.trim();
  expect(id).toMatch(/^[0-9a-z]{20}$/);
  const child = startProcess(command, [...args, 'ui', '--no-open'], { env, cwd: dir });
  try {
    const url = await urlOf(child);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[0-9a-f]{48}\/$/);
    const { cookie, base } = await login(url);
    const headers = { cookie };
    for (const name of ASSET_NAMES) {
      const res = await fetch(`${base}${name === 'index.html' ? '' : name}`, { headers });
      expect(res.status, name).toBe(200);
      expect(await res.text(), name).toBe(uiAsset(name)!.body);
    }
    const facts = (await (await fetch(`${base}api/facts?q=viewer`, { headers })).json()).facts;
    expect(facts.map((f: { id: string }) => f.id)).toEqual([id]);
    expect((await fetch(`${base}app.js`)).status).toBe(403);
  } finally {
    child.kill('SIGTERM');
  }
  const code = await new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve)));
  expect(code).toBe(0);
}

describe('memcue ui from the built artefacts', () => {
  it.skipIf(!existsSync(BINARY))('the single executable serves its embedded page and libraries', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'bin'));
    const exe = join(dir, 'bin', basename(BINARY));
    copyFileSync(BINARY, exe);
    await checkServes(exe, [], dir);
  }, 60_000);
});
