// `memcue merge OURS THEIRS` with a THEIRS that is no database file (read-rows.ts): a FIFO must not
// hang it, a device or a folder must not become "internal error: ENOTSUP … copyfile"; and the copies
// merges killed half-way left in the temporary folder are removed by the next one.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BINARY, BUNDLE, isolatedEnv, tempDir } from '../helpers.js';
import { canMount, sayIfSkipped, smallDisk } from '../small-disk.js';

sayIfSkipped('merge with a full temporary folder');

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

  it('merges SIGKILLed 3 times while their copies exist: each run removes the copies before it, the last merge all', async () => {
    const t = setup();
    const theirs = join(t.dir, 'theirs.db');
    const other = spawnSync(process.execPath, [BUNDLE, 'add', 'The API listens on 8443'], { env: { ...t.env, MEMCUE_DB: theirs }, encoding: 'utf8' });
    expect(other.status).toBe(0);
    const copies = () => readdirSync(t.tmp).filter((n) => n.startsWith('memcue-read-'));
    for (let round = 0; round < 3; round++) {
      const mark = join(t.dir, `paused-${round}`);
      // The binary itself, not the npm launcher: SIGKILL must reach the process holding the copy.
      const child = spawn(BINARY, ['merge', t.ours, theirs], { env: { ...t.env, MEMCUE_SYNC_PAUSE_AT: 'read-copy', MEMCUE_SYNC_PAUSE_MARK: mark }, stdio: 'ignore' });
      const exited = new Promise((done) => child.on('exit', done));
      for (let waited = 0; !existsSync(mark) && waited < 30_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
      expect(existsSync(mark)).toBe(true);
      child.kill('SIGKILL');
      await exited;
      // Its own copy stays (SIGKILL runs no cleanup); the earlier killed runs' are gone.
      const left = copies();
      expect(left).toEqual([expect.stringMatching(new RegExp(`^memcue-read-${child.pid}-`))]);
      expect(existsSync(join(t.tmp, left[0]!, 'copy.db'))).toBe(true);
    }
    const r = t.run('merge', t.ours, theirs);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/merged 1 new version row/);
    expect(copies()).toEqual([]);
  }, 120_000);

  it.skipIf(!canMount)('a temporary folder too small for the copy: one line naming that folder, not THEIRS; every file as it was', () => {
    const t = setup();
    const theirs = join(t.dir, 'theirs.db');
    const facts = join(t.dir, 'facts.jsonl');
    writeFileSync(facts, Array.from({ length: 2000 }, (_, i) => JSON.stringify({ text: `their fact number ${i} about the staging widgets` })).join('\n'));
    expect(spawnSync(process.execPath, [BUNDLE, 'import', facts], { env: { ...t.env, MEMCUE_DB: theirs }, encoding: 'utf8' }).status).toBe(0);
    const small = smallDisk(64);
    const before = [readFileSync(t.ours), readFileSync(theirs)];
    const r = spawnSync(process.execPath, [BUNDLE, 'merge', t.ours, theirs], { env: { ...t.env, TMPDIR: small }, encoding: 'utf8', timeout: 30_000 });
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(`no room in the temporary folder ${small} for a copy of ${theirs}`);
    expect(r.stderr).not.toContain(`cannot write ${theirs}`);
    expect([readFileSync(t.ours), readFileSync(theirs)]).toEqual(before);
    expect(readdirSync(small)).toEqual([]);
  });
});
