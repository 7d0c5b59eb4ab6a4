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

/** Counts the bytes of the current line across chunks; `feed` throws LineTooLong. */
export class LineBound {
  private line = 1;
  private since = 0;
  constructor(private readonly max: number) {}

  feed(chunk: Uint8Array): void {
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
