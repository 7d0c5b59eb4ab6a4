// The one way memcue opens, reads and writes the files it keeps for itself: never blocking, never
// through a link, never more than a bound, and always with the mode it was asked for.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, lstatSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openForAppend, openKeptFile, readKeptFile, removeStaleTemporaries, replaceKeptFile, setOddFileNotes } from '../../src/util/safe-file.js';
import { tempDir } from '../helpers.js';

const POSIX = process.platform !== 'win32';
const notes: string[] = [];
setOddFileNotes((line) => notes.push(line));
afterEach(() => {
  notes.length = 0;
  setOddFileNotes((line) => notes.push(line));
});

function fifo(path: string): string {
  expect(spawnSync('mkfifo', [path]).status).toBe(0);
  return path;
}

describe.skipIf(!POSIX)('reading a kept file', () => {
  it('reads a regular file whole', () => {
    const path = join(tempDir(), 'f');
    writeFileSync(path, 'hello');
    expect(readKeptFile(path, 100)?.toString()).toBe('hello');
    expect(readKeptFile(join(tempDir(), 'missing'), 100)).toBeUndefined();
    expect(notes).toEqual([]);
  });

  it('returns at once for a FIFO, a link (even to a regular file), a folder and a file over the bound, each noted once', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'real'), 'x'.repeat(10));
    symlinkSync('/dev/zero', join(dir, 'zero'));
    symlinkSync(join(dir, 'real'), join(dir, 'link'));
    mkdirSync(join(dir, 'folder'));
    for (const name of ['fifo', 'zero', 'link', 'folder']) {
      if (name === 'fifo') fifo(join(dir, name));
      expect(readKeptFile(join(dir, name), 100), name).toBeUndefined();
    }
    expect(readKeptFile(join(dir, 'real'), 9)).toBeUndefined();
    expect(readKeptFile(join(dir, 'real'), 9)).toBeUndefined();
    expect(notes).toEqual([
      `${dir}/fifo is not a regular file (a FIFO): ignored (memcue writes a new one)`,
      `${dir}/zero is a link, not a regular file: ignored (memcue writes a new one)`,
      `${dir}/link is a link, not a regular file: ignored (memcue writes a new one)`,
      `${dir}/folder is not a regular file (a folder): ignored (memcue writes a new one)`,
      `${dir}/real is over 9 bytes (10): ignored (memcue writes a new one)`,
    ]);
  });

  it('tells the caller why when it asks', () => {
    const path = fifo(join(tempDir(), 'log'));
    let why = '';
    expect(openKeptFile(path, 100, (w) => (why = w))).toBeUndefined();
    expect(why).toBe('not a regular file (a FIFO)');
    expect(notes).toEqual([]);
  });
});

describe.skipIf(!POSIX)('writing a kept file', () => {
  it('replaces a FIFO or a link by a regular file with exactly the mode asked, whatever the umask', () => {
    const dir = tempDir();
    const victim = join(dir, 'victim');
    writeFileSync(victim, 'precious', { mode: 0o600 });
    symlinkSync(victim, join(dir, 'linked'));
    fifo(join(dir, 'piped'));
    const umask = process.umask(0o077);
    try {
      for (const name of ['linked', 'piped', 'fresh']) {
        replaceKeptFile(join(dir, name), 'new text', 0o644);
        expect(lstatSync(join(dir, name)).isFile(), name).toBe(true);
        expect(statSync(join(dir, name)).mode & 0o777, name).toBe(0o644);
        expect(readFileSync(join(dir, name), 'utf8')).toBe('new text');
      }
    } finally {
      process.umask(umask);
    }
    expect(readFileSync(victim, 'utf8')).toBe('precious');
  });

  it('never writes through a link planted at its temporary name', () => {
    const dir = tempDir();
    const victim = join(dir, 'victim');
    writeFileSync(victim, 'precious', { mode: 0o600 });
    symlinkSync(victim, join(dir, `kept.${process.pid}.tmp`));
    replaceKeptFile(join(dir, 'kept'), 'facts', 0o666);
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    expect(statSync(victim).mode & 0o777).toBe(0o600);
    expect(existsSync(join(dir, `kept.${process.pid}.tmp`))).toBe(false);
  });

  it('appends only to a regular file: a FIFO nobody reads and a link are refused without blocking', () => {
    const dir = tempDir();
    symlinkSync(join(dir, 'elsewhere'), join(dir, 'link'));
    expect(openForAppend(fifo(join(dir, 'fifo')))).toEqual({ odd: 'not a regular file (a FIFO)' });
    expect(openForAppend(join(dir, 'link'))).toEqual({ odd: 'a link, not a regular file' });
    expect(existsSync(join(dir, 'elsewhere'))).toBe(false);
    const opened = openForAppend(join(dir, 'log'));
    expect('fd' in opened).toBe(true);
    if ('fd' in opened) closeSync(opened.fd);
  });

  it("removes temporaries of writers that are gone, keeps live writers' and other files", () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    const names = [`db.search.${dead}.tmp`, `db.search-delta.${dead}.tmp`, `db.search.${process.ppid}.tmp`, `other.${dead}.tmp`, 'db.search'];
    for (const name of names) writeFileSync(join(dir, name), '');
    removeStaleTemporaries(dir, 'db.search');
    expect(names.map((n) => existsSync(join(dir, n)))).toEqual([false, false, true, true, true]);
  });
});
