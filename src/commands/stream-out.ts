// Output written while it is read: the rows of a large result go out in chunks of about 64 KB, so
// memory stays bounded whatever the number of facts (500k facts are ~100 MB of JSON Lines).
const CHUNK_CHARS = 64 * 1024;

export class ChunkedOutput {
  private pending = '';

  constructor(private readonly write: (text: string) => void) {}

  text(text: string): void {
    this.pending += text;
    if (this.pending.length >= CHUNK_CHARS) this.flush();
  }

  flush(): void {
    if (!this.pending) return;
    this.write(this.pending);
    this.pending = '';
  }
}

/** The same text as `json(items)` (a 2-space indented array), one element at a time. */
export function writeJsonArray(out: ChunkedOutput, items: Iterable<unknown>): void {
  let first = true;
  for (const item of items) {
    out.text(`${first ? '[\n' : ',\n'}  ${JSON.stringify(item, null, 2).replace(/\n/g, '\n  ')}`);
    first = false;
  }
  out.text(first ? '[]\n' : '\n]\n');
  out.flush();
}
