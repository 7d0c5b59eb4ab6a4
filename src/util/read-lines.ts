// Lines of a large input one at a time: a file is read in chunks, so memory stays the size of a
// chunk and a line whatever the size of the file; a text is cut without an array of all its lines.
import { closeSync, constants, openSync, readSync } from 'node:fs';
import { MemcueError } from '../errors.js';
import { LineBound } from './line-bound.js';
import { cannotRead, fileLines as boundedFileLines } from './read-file.js';

const BOM = '\ufeff';

const CHUNK_BYTES = 256 * 1024;

/** The lines of `text`, without their `\n` or `\r\n`. */
export function* linesOf(text: string): Generator<string> {
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    yield text.slice(start, end > start && text[end - 1] === '\r' ? end - 1 : end);
    start = end + 1;
  }
}

/**
 * The lines of a user's file, read in chunks by the same reader as the memory repo's files; a
 * byte-order mark is dropped. A line over `maxLineBytes` is never held in memory (a 400 MB line
 * once took 1.6 GB to be refused): it ends the reading with one line naming it.
 */
export function* fileLines(path: string, chunkBytes = CHUNK_BYTES, maxLineBytes = Number.POSITIVE_INFINITY): Generator<string> {
  try {
    for (const line of boundedFileLines(path, maxLineBytes, chunkBytes)) {
      if ('tooLong' in line) throw new MemcueError('BAD_INPUT', `line ${line.n}: over ${maxLineBytes} bytes, longer than any fact can be`, 'nothing was imported');
      yield line.n === 1 && line.text.startsWith(BOM) ? line.text.slice(BOM.length) : line.text;
    }
  } catch (err) {
    // Opening or reading the file (ENOENT, EISDIR, ...): one line naming it.
    if ((err as NodeJS.ErrnoException).code && !(err instanceof MemcueError)) throw cannotRead(path, err);
    throw err;
  }
}

/**
 * All of a file that is not a regular one (a FIFO, a pipe as /dev/fd/N, a device), as UTF-8, read in
 * 64 KiB steps with each line bounded. Opening a FIFO waits for its writer, as the user asked.
 */
export function readStreamText(path: string, maxLineBytes: number): string {
  const fd = openSync(path, constants.O_RDONLY);
  try {
    const bound = new LineBound(maxLineBytes);
    const chunks: Buffer[] = [];
    for (;;) {
      const chunk = Buffer.allocUnsafe(64 * 1024);
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n <= 0) break;
      bound.feed(chunk.subarray(0, n));
      chunks.push(chunk.subarray(0, n));
    }
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    closeSync(fd);
  }
}
