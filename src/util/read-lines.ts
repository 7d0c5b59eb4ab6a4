// Lines of a large input one at a time: a file is read in chunks, so memory stays the size of a
// chunk and a line whatever the size of the file; a text is cut without an array of all its lines.
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
 * The lines of a user's file, whatever their length (the import's own checks refuse what is too
 * long), read in chunks by the same reader as the memory repo's files; a byte-order mark is dropped.
 */
export function* fileLines(path: string, chunkBytes = CHUNK_BYTES): Generator<string> {
  try {
    for (const line of boundedFileLines(path, Number.POSITIVE_INFINITY, chunkBytes)) {
      const text = 'text' in line ? line.text : '';
      yield line.n === 1 && text.startsWith(BOM) ? text.slice(BOM.length) : text;
    }
  } catch (err) {
    // Opening or reading the file (ENOENT, EISDIR, ...): one line naming it.
    if ((err as NodeJS.ErrnoException).code) throw cannotRead(path, err);
    throw err;
  }
}
