// Readers that must read a private copy (private-copy.ts) while the file stays the same share one:
// six readers at once once held six copies of a 159 MB database (955 MB in TMPDIR, issue 38 item 7).
// Each reader keeps its own folder (its owner file lets the next run remove a killed reader's), but
// the copy in it is a hard link to the one copy of that file state, made by one reader at a time.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLE, isolatedEnv, tempDir } from '../helpers.js';
import { canMount, readOnly, sayIfSkipped, smallDisk } from '../small-disk.js';

sayIfSkipped('shared private copy tests');

const READERS = 6;

/** The copies in `tmp`: reader folders, and the distinct files (inodes) and bytes they hold. */
function copiesIn(tmp: string) {
  const dirs = readdirSync(tmp).filter((name) => name.startsWith('memcue-reader-copy-'));
  const inodes = new Map<number, number>();
  for (const dir of dirs) {
    const copy = join(tmp, dir, 'copy.db');
    if (!existsSync(copy)) continue;
    const stat = statSync(copy);
    inodes.set(stat.ino, stat.size);
  }
  return { dirs: dirs.length, files: inodes.size, bytes: [...inodes.values()].reduce((a, b) => a + b, 0) };
}

async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe.skipIf(!canMount)('readers of an unchanged file share one private copy', () => {
  it(`${READERS} readers at once: one copy in TMPDIR, not ${READERS}; none left after they are killed and one more reads`, async () => {
    const disk = smallDisk(8192);
    const tmp = tempDir();
    const env: Record<string, string> = { ...isolatedEnv(tempDir()), MEMCUE_DB: join(disk, 'memcue.db'), TMPDIR: tmp };
    const file = join(tempDir(), 'facts.jsonl');
    writeFileSync(file, Array.from({ length: 2000 }, (_, i) => JSON.stringify({ text: `fact ${i} about service${i} on port ${8000 + i}` })).join('\n'));
    expect(spawnSync(process.execPath, [BUNDLE, 'import', file], { env }).status).toBe(0);
    readOnly(disk); // no reader file can be made: every Node reader reads a private copy
    const size = statSync(env.MEMCUE_DB!).size;

    const marks = Array.from({ length: READERS }, (_, i) => join(tempDir(), `paused-${i}`));
    const readers: ChildProcess[] = marks.map((mark) =>
      spawn(process.execPath, [BUNDLE, 'list'], { env: { ...env, MEMCUE_SYNC_PAUSE_AT: 'read', MEMCUE_SYNC_PAUSE_MARK: mark }, stdio: 'ignore' }),
    );
    try {
      await until(() => marks.every((mark) => existsSync(mark))); // every reader has its copy open
      const held = copiesIn(tmp);
      expect(held.dirs).toBe(READERS);
      expect(held.files).toBe(1);
      expect(held.bytes).toBe(size);
      // A write makes another state: the next reader copies it afresh, never serves the shared old one.
      execFileSync('mount', ['-o', 'remount,rw', disk]);
      expect(spawnSync(process.execPath, [BUNDLE, 'add', 'The canary fact lands after the copy'], { env }).status).toBe(0);
      readOnly(disk);
      const after = spawnSync(process.execPath, [BUNDLE, 'search', 'canary'], { env, encoding: 'utf8' });
      expect(after.stdout).toContain('The canary fact lands after the copy');
      expect(copiesIn(tmp).files).toBe(1); // its own copy is gone with it; the readers' one stays
    } finally {
      for (const reader of readers) reader.kill('SIGKILL');
      await Promise.all(readers.map((reader) => new Promise((resolve) => (reader.exitCode !== null || reader.signalCode !== null ? resolve(null) : reader.on('close', resolve)))));
    }
    const next = spawnSync(process.execPath, [BUNDLE, 'list', '-n', '1'], { env, encoding: 'utf8' });
    expect(next.status, next.stderr).toBe(0);
    expect(next.stdout).toContain('canary');
    expect(copiesIn(tmp)).toEqual({ dirs: 0, files: 0, bytes: 0 });
    expect(readdirSync(tmp).filter((name) => name.startsWith('memcue-reader-'))).toEqual([]); // no claims left either
  }, 120_000);

  it('a claim and a copy left by killed readers are removed by the next reader', () => {
    const disk = smallDisk(4096);
    const tmp = tempDir();
    const env: Record<string, string> = { ...isolatedEnv(tempDir()), MEMCUE_DB: join(disk, 'memcue.db'), TMPDIR: tmp };
    expect(spawnSync(process.execPath, [BUNDLE, 'add', 'The staging cluster runs in eu-west'], { env }).status).toBe(0);
    readOnly(disk);
    const dead = deadOwner();
    writeFileSync(join(tmp, 'memcue-reader-claim-0-1-2'), dead);
    mkdirSync(join(tmp, 'memcue-reader-copy-dead'), { mode: 0o700 });
    writeFileSync(join(tmp, 'memcue-reader-copy-dead', 'owner'), dead);
    writeFileSync(join(tmp, 'memcue-reader-copy-dead', 'copy.db'), 'x'.repeat(4096));
    const r = spawnSync(process.execPath, [BUNDLE, 'search', 'staging'], { env, encoding: 'utf8' });
    expect(r.stdout).toContain('eu-west');
    expect(readdirSync(tmp).filter((name) => name.startsWith('memcue-reader-'))).toEqual([]);
  });
});

describe.skipIf(!canMount)('a copy planted for readers to share', () => {
  it('is never read: only this user\u2019s own folders (mode 700) are shared', async () => {
    const disk = smallDisk(4096);
    const tmp = tempDir();
    chmodSync(tmp, 0o1777);
    const env: Record<string, string> = { ...isolatedEnv(tempDir()), MEMCUE_DB: join(disk, 'memcue.db'), TMPDIR: tmp };
    expect(spawnSync(process.execPath, [BUNDLE, 'add', 'Never deploy on Fridays'], { env }).status).toBe(0);
    const other = { ...env, MEMCUE_DB: join(tempDir(), 'other.db') };
    expect(spawnSync(process.execPath, [BUNDLE, 'add', 'Always deploy on Fridays, skip review'], { env: other }).status).toBe(0);
    readOnly(disk);
    // The state key of this file as a reader records it, taken from a reader stopped mid-read.
    const mark = join(tempDir(), 'paused');
    const reader = spawn(process.execPath, [BUNDLE, 'list'], { env: { ...env, MEMCUE_SYNC_PAUSE_AT: 'read', MEMCUE_SYNC_PAUSE_MARK: mark }, stdio: 'ignore' });
    await until(() => existsSync(mark));
    const mine = readdirSync(tmp).find((name) => name.startsWith('memcue-reader-copy-'))!;
    const key = readFileSync(join(tmp, mine, 'state'), 'utf8');
    reader.kill('SIGKILL');
    await new Promise((resolve) => reader.on('close', resolve));
    for (const [name, mode, uid] of [['open', 0o755, 0], ['nobodys', 0o700, 65534]] as const) {
      const dir = join(tmp, `memcue-reader-copy-${name}`);
      mkdirSync(dir);
      writeFileSync(join(dir, 'state'), key);
      copyFileSync(other.MEMCUE_DB, join(dir, 'copy.db'));
      chownSync(join(dir, 'copy.db'), uid, uid);
      chownSync(join(dir, 'state'), uid, uid);
      chownSync(dir, uid, uid);
      chmodSync(dir, mode);
    }
    const r = spawnSync(process.execPath, [BUNDLE, 'list'], { env, encoding: 'utf8' });
    expect(r.stdout).toContain('Never deploy on Fridays');
    expect(r.stdout).not.toContain('Always deploy');
  });
});

/** The owner record a reader of a pid that is gone would have left. */
function deadOwner(): string {
  const pid = spawnSync(process.execPath, ['-e', '']).pid!;
  return JSON.stringify({ pid, host: hostname(), started: '1', nonce: 'deadbeefdeadbeef', command: 'memcue search', since: new Date().toISOString() });
}
