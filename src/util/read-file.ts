// Reading a file the user named: a missing or unreadable one is their error, said in one line.
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, readSync, statSync, type Stats } from 'node:fs';
import { MemcueError } from '../errors.js';
import { oddKind, readAt } from './safe-file.js';

export function readTextFile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    throw cannotRead(path, err);
  }
}

// Files the user did not name (a repo's .git/config, the memory repo's journal) can be anything a
// clone or a prank put there: a symlink to /dev/zero reads forever, a FIFO blocks on open. Those are
// refused before they are opened, and regular files are read only up to a bound.

/** Whether `path` is a symlink (dangling or not). */
export function isSymlink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Why `path` is not a plain file to read (undefined when it is); `symlinks: false` refuses any symlink. */
export function notRegularFile(path: string, opts: { symlinks: boolean }): string | undefined {
  let stat: Stats;
  try {
    stat = opts.symlinks ? statSync(path) : lstatSync(path);
  } catch (err) {
    return `cannot read it (${whyUnreadable(err)})`;
  }
  if (stat.isFile()) return undefined;
  return `not a regular file (${stat.isSymbolicLink() ? 'a symlink' : stat.isDirectory() ? 'a folder' : 'a device, FIFO or socket'})`;
}

/** Opens a regular file without blocking (a FIFO swapped in after the check cannot hang us). */
function openRegular(path: string): number {
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  const odd = oddKind(fstatSync(fd));
  if (odd) {
    closeSync(fd);
    throw new MemcueError('BAD_INPUT', `${path} is ${odd}; memcue reads only regular files there`);
  }
  return fd;
}

/**
 * A file other tools own (an agent's settings), links followed (dotfiles): null when it is missing,
 * one clear error when it is not a regular file or is over `maxBytes`.
 */
export function readOthersFile(path: string, maxBytes: number): Buffer | null {
  let fd: number;
  try {
    fd = openRegular(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const size = fstatSync(fd).size;
    if (size > maxBytes) throw new MemcueError('USAGE', `${path} is over ${maxBytes} bytes (${size}); memcue does not read it`);
    return readAt(fd, size, 0);
  } finally {
    closeSync(fd);
  }
}

/** The first `maxBytes` of a regular file as UTF-8, or undefined for a missing, unreadable or non-regular one. */
export function readFileStart(path: string, maxBytes: number): string | undefined {
  let fd: number | undefined;
  try {
    fd = openRegular(path);
    return readAt(fd, Math.min(maxBytes, fstatSync(fd).size), 0).toString('utf8');
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

export type FileLine = { n: number; text: string } | { n: number; tooLong: true };

/**
 * The lines of a regular file, read in chunks: memory stays bounded by `maxLineBytes` however long a
 * line or the file is; a longer line is reported (tooLong) and skipped. Line ends are \n or \r\n.
 * A UTF-8 character cut between two chunks is whole: a line is decoded only once all its bytes are in.
 */
export function* fileLines(path: string, maxLineBytes: number, chunkBytes = 64 * 1024): Generator<FileLine> {
  const fd = openRegular(path);
  const chunk = Buffer.alloc(chunkBytes);
  let parts: Buffer[] = [];
  let length = 0;
  let tooLong = false;
  let n = 1;
  const finish = (): FileLine => {
    const line: FileLine = tooLong ? { n, tooLong: true } : { n, text: Buffer.concat(parts, length).toString('utf8').replace(/\r$/, '') };
    parts = [];
    length = 0;
    tooLong = false;
    n++;
    return line;
  };
  try {
    for (;;) {
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      let start = 0;
      for (;;) {
        const end = chunk.indexOf(10, start);
        const stop = end === -1 || end >= read ? read : end;
        if (!tooLong) {
          length += stop - start;
          if (length > maxLineBytes) {
            tooLong = true;
            parts = [];
          } else parts.push(Buffer.from(chunk.subarray(start, stop)));
        }
        if (stop === read) break;
        yield finish();
        start = stop + 1;
      }
    }
    if (length > 0 || tooLong) yield finish();
  } finally {
    closeSync(fd);
  }
}

export function cannotRead(path: string, err: unknown): MemcueError {
  return new MemcueError('NOT_FOUND', `cannot read ${path}: ${whyUnreadable(err)}`);
}

/** A file system error in words a person acts on (`ENOENT` means nothing to most). */
function whyUnreadable(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  const words: Record<string, string> = { ENOENT: 'no such file', EACCES: 'permission denied', EPERM: 'permission denied', EISDIR: 'it is a folder', ENOTDIR: 'a part of the path is not a folder' };
  return (code && words[code]) ?? code ?? 'error';
}
