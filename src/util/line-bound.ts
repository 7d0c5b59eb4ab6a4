// A bound on the length of each line of a stream, counted as its bytes arrive: input that is read
// whole before it is parsed (standard input, a pipe or a FIFO named as the file) stops at the first
// line longer than any fact can be, instead of holding a 400 MB line (or /dev/zero) first.
// No imports: standard input's reader (util/stdio.ts, on every command's path) uses it.

/** A line longer than the reader's bound; `line` counts from 1. */
export class LineTooLong extends Error {
  constructor(readonly line: number, readonly maxLineBytes: number) {
    super(`line ${line}: over ${maxLineBytes} bytes`);
  }
}

/** More input than the reader's bound in all. */
export class InputTooLong extends Error {
  constructor(readonly maxBytes: number) {
    super(`over ${maxBytes} bytes`);
  }
}

/** Counts the bytes of the current line (and of all) across chunks; `feed` throws LineTooLong or InputTooLong. */
class LineBound {
  private line = 1;
  private since = 0;
  private total = 0;
  constructor(
    private readonly max: number,
    private readonly maxTotal = Number.POSITIVE_INFINITY,
  ) {}

  feed(chunk: Uint8Array): void {
    this.total += chunk.length;
    if (this.total > this.maxTotal) throw new InputTooLong(this.maxTotal);
    for (let from = 0; ; ) {
      const nl = chunk.indexOf(0x0a, from);
      this.since += (nl === -1 ? chunk.length : nl) - from;
      if (this.since > this.max) throw new LineTooLong(this.line, this.max);
      if (nl === -1) return;
      this.line++;
      this.since = 0;
      from = nl + 1;
    }
  }
}

/**
 * All of `source` as UTF-8, its bytes counted as they arrive: the first line over `maxLineBytes`, or
 * more than `maxBytes` in all, ends the reading with LineTooLong or InputTooLong (leaving the loop
 * cancels a Bun stream or destroys a Node one: nothing more is read).
 */
export async function readBounded(source: AsyncIterable<Uint8Array>, maxLineBytes: number, maxBytes = Number.POSITIVE_INFINITY): Promise<string> {
  const bound = new LineBound(maxLineBytes, maxBytes);
  const chunks: Uint8Array[] = [];
  for await (const chunk of source) {
    bound.feed(chunk);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
