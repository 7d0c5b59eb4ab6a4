// Lines of a large input one at a time: a file is read in chunks, so memory stays the size of a
// chunk and a line whatever the size of the file; a text is cut without an array of all its lines.
import { MemcueError } from '../errors.js';
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
