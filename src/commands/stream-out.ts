// Output written while it is read: the rows of a large result go out in chunks of about 64 KB, so
// memory stays bounded whatever the number of facts (500k facts are ~100 MB of JSON Lines).
import { jsonText } from '../format.js';

const CHUNK_CHARS = 64 * 1024;

/** Lets the runtime hand queued output to the OS between chunks (a write may be queued until the loop turns). */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class ChunkedOutput {
  private pending = '';

  constructor(private readonly write: (text: string) => void) {}

  /** Writes each text, flushing a chunk (and letting it leave the process) every ~64 KB. */
  async all(texts: Iterable<string>): Promise<void> {
    for (const text of texts) {
      this.pending += text;
      if (this.pending.length < CHUNK_CHARS) continue;
      this.flush();
      await turn();
    }
    this.flush();
  }

  private flush(): void {
    if (!this.pending) return;
    this.write(this.pending);
    this.pending = '';
  }
}

/** The same text as `json(items)` (a 2-space indented array, C1 escaped), one element at a time. */
export async function writeJsonArray(out: ChunkedOutput, items: Iterable<unknown>): Promise<void> {
  await out.all(jsonArrayParts(items));
}

function* jsonArrayParts(items: Iterable<unknown>): Generator<string> {
  let first = true;
  for (const item of items) {
    yield `${first ? '[\n' : ',\n'}  ${jsonText(item).replace(/\n/g, '\n  ')}`;
    first = false;
  }
  yield first ? '[]\n' : '\n]\n';
}

/** Each value mapped, lazily. */
export function* mapped<T, U>(items: Iterable<T>, fn: (item: T) => U): Generator<U> {
  for (const item of items) yield fn(item);
}
