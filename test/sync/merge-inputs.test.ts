// `memcue merge OURS THEIRS` with a THEIRS that is no database file (read-rows.ts): a FIFO must not
// hang it, a device or a folder must not become "internal error: ENOTSUP … copyfile"; and the copies
// merges killed half-way left in the temporary folder are removed by the next one.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLE, isolatedEnv, tempDir } from '../helpers.js';

function setup() {
  const dir = tempDir();
  const tmp = join(dir, 'tmp');
  mkdirSync(tmp);
  const env: Record<string, string> = { ...isolatedEnv(dir), TMPDIR: tmp };
  const run = (...argv: string[]) => {
    const r = spawnSync(process.execPath, [BUNDLE, ...argv], { env, cwd: dir, encoding: 'utf8', timeout: 30_000 });
    return { code: r.status ?? -1, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
  };
  expect(run('add', 'The staging cluster runs in eu-west').code).toBe(0);
  return { dir, tmp, env, run, ours: env.MEMCUE_DB! };
}

describe('merge with a THEIRS that is not a database file', () => {
  it.skipIf(process.platform === 'win32')('a FIFO, /dev/zero, /dev/null, a folder: one line each, exit 1, nothing hangs', () => {
    const t = setup();
    const fifo = join(t.dir, 'theirs.fifo');
    execFileSync('mkfifo', [fifo]);
    const folder = join(t.dir, 'a-folder');
    mkdirSync(folder);
    for (const [theirs, kind] of [[fifo, 'a FIFO'], ['/dev/zero', 'a device'], ['/dev/null', 'a device'], [folder, 'a folder']] as const) {
      const r = t.run('merge', t.ours, theirs);
      expect(r.signal, theirs).toBeNull();
      expect(r.stderr, theirs).toMatch(new RegExp(`is ${kind}, not a database file`));
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).not.toMatch(/internal error/);
      expect(r.code).toBe(1);
    }
  });

  it('copies left by killed merges (dead pids) are removed by the next merge', () => {
    const t = setup();
    const theirs = join(t.dir, 'theirs.db');
    const other = spawnSync(process.execPath, [BUNDLE, 'add', 'The API listens on 8443'], { env: { ...t.env, MEMCUE_DB: theirs }, encoding: 'utf8' });
    expect(other.status).toBe(0);
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    const left = join(t.tmp, `memcue-read-${dead}-abc123`);
    mkdirSync(left);
    writeFileSync(join(left, 'copy.db'), Buffer.alloc(4096));
    const r = t.run('merge', t.ours, theirs);
    expect(r.code).toBe(0);
    expect(existsSync(left)).toBe(false);
  });
});
