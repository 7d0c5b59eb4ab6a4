// Lines of a large input one at a time: a file is read in chunks, so memory stays the size of a
// chunk and a line whatever the size of the file; a text is cut without an array of all its lines.
import { closeSync, openSync, readSync } from 'node:fs';
import { cannotRead } from './read-file.js';

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

/** The lines of a file; a UTF-8 character split between two chunks is kept whole. */
export function* fileLines(path: string, chunkBytes = CHUNK_BYTES): Generator<string> {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (err) {
    throw cannotRead(path, err);
  }
  try {
    const decoder = new TextDecoder();
    const buf = Buffer.alloc(chunkBytes);
    let pending = '';
    for (;;) {
      let read: number;
      try {
        read = readSync(fd, buf, 0, chunkBytes, null);
      } catch (err) {
        throw cannotRead(path, err); // e.g. EISDIR
      }
      pending += decoder.decode(buf.subarray(0, read), { stream: read > 0 });
      if (read === 0) break;
      const cut = pending.lastIndexOf('\n');
      if (cut === -1) continue;
      yield* linesOf(pending.slice(0, cut));
      pending = pending.slice(cut + 1);
    }
    if (pending) yield* linesOf(pending);
  } finally {
    closeSync(fd);
  }
}
