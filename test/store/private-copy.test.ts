// Readers that must read a private copy (private-copy.ts) while the file stays the same share one:
// six readers at once once held six copies of a 159 MB database (955 MB in TMPDIR, issue 38 item 7).
// Each reader keeps its own folder (its owner file lets the next run remove a killed reader's), but
// the copy in it is a hard link to the one copy of that file state, made by one reader at a time.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
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
});
