// Bounded reads of files the user did not name: lines across chunk boundaries, long lines skipped
// without being held in memory, non-regular files refused before they are opened.
import { execFileSync } from 'node:child_process';
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileLines, notRegularFile, readFileStart, readOthersFile } from '../../src/util/read-file.js';
import { tempDir } from '../helpers.js';

describe('fileLines', () => {
  it('gives every line, numbered, whatever the chunk boundaries; CRLF and a last line without newline', () => {
    const lines = Array.from({ length: 5000 }, (_, i) => `line ${i} ${'é'.repeat(i % 97)}`);
    const path = join(tempDir(), 'a.jsonl');
    writeFileSync(path, `${lines.slice(0, -1).join('\r\n')}\n${lines[lines.length - 1]}`);
    const read = [...fileLines(path, 1024)];
    expect(read.map((l) => ('text' in l ? l.text : '!'))).toEqual(lines);
    expect(read.map((l) => l.n)).toEqual(lines.map((_, i) => i + 1));
  });

  it('reports a line over the bound and goes on with the next one', () => {
    const path = join(tempDir(), 'b.jsonl');
    writeFileSync(path, `short\n${'x'.repeat(300_000)}\nafter\n\n`);
    expect([...fileLines(path, 1000)]).toEqual([{ n: 1, text: 'short' }, { n: 2, tooLong: true }, { n: 3, text: 'after' }, { n: 4, text: '' }]);
  });
});

describe('notRegularFile and readFileStart', () => {
  it('refuse devices, FIFOs and (when asked) symlinks without opening them', () => {
    const dir = tempDir();
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    symlinkSync('/dev/zero', join(dir, 'zero'));
    writeFileSync(join(dir, 'plain'), 'hello');
    symlinkSync(join(dir, 'plain'), join(dir, 'link'));
    expect(notRegularFile(fifo, { symlinks: true })).toMatch(/FIFO/);
    expect(notRegularFile(join(dir, 'zero'), { symlinks: true })).toMatch(/device/);
    expect(notRegularFile(join(dir, 'link'), { symlinks: false })).toBe('not a regular file (a symlink)');
    expect(notRegularFile(join(dir, 'link'), { symlinks: true })).toBeUndefined();
    expect(readFileStart(fifo, 100)).toBeUndefined();
    expect(readFileStart(join(dir, 'zero'), 100)).toBeUndefined();
    expect(readFileStart(join(dir, 'link'), 3)).toBe('hel');
  });
});

describe('readOthersFile (an agent\'s settings)', () => {
  it('follows links to a regular file; refuses a FIFO, /dev/zero and a file over the bound in one line, without blocking', () => {
    const dir = tempDir();
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    symlinkSync(fifo, join(dir, 'to-fifo'));
    symlinkSync('/dev/zero', join(dir, 'zero'));
    writeFileSync(join(dir, 'plain'), 'hello');
    symlinkSync(join(dir, 'plain'), join(dir, 'link'));
    expect(readOthersFile(join(dir, 'link'), 100)?.toString()).toBe('hello');
    expect(readOthersFile(join(dir, 'missing'), 100)).toBeNull();
    expect(() => readOthersFile(join(dir, 'to-fifo'), 100)).toThrow(`${dir}/to-fifo is not a regular file (a FIFO); memcue reads only regular files there`);
    expect(() => readOthersFile(join(dir, 'zero'), 100)).toThrow(/is not a regular file \(a device\)/);
    expect(() => readOthersFile(join(dir, 'plain'), 4)).toThrow(`${dir}/plain is over 4 bytes (5); memcue does not read it`);
  });
});
