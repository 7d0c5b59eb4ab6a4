// The postings runs a search file's build spills (encode.ts): each batch of postings, grouped by
// term, appended to one temporary file beside the search file, then read back run by run, in
// 64 KiB steps, while they are merged.
import { closeSync, openSync, readSync, unlinkSync, writeSync } from 'node:fs';

/** The spilled runs, one after another in a temporary file beside the search file. */
export class RunFile {
  private fd: number | undefined;
  private readonly ranges: [number, number][] = [];
  private end = 0;

  constructor(private readonly path: string) {}

  append(bytes: Uint8Array): void {
    this.fd ??= openSync(this.path, 'wx+', 0o600);
    writeSync(this.fd, bytes, 0, bytes.length, this.end);
    this.ranges.push([this.end, this.end + bytes.length]);
    this.end += bytes.length;
  }

  readers(): RunReader[] {
    return this.ranges.map(([from, to]) => new RunReader(this.fd!, from, to));
  }

  remove(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
    try {
      unlinkSync(this.path);
    } catch {
      /* gone already */
    }
  }
}

/** Reads one run's varints in 64 KiB steps. */
export class RunReader {
  private buffer = new Uint8Array(1 << 16);
  private at = 0;
  private filled = 0;

  constructor(
    private readonly fd: number,
    private position: number,
    private readonly end: number,
  ) {}

  get done(): boolean {
    return this.at >= this.filled && this.position >= this.end;
  }

  varint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      if (this.at >= this.filled) this.refill();
      const byte = this.buffer[this.at++]!;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
    }
  }

  private refill(): void {
    const n = Math.min(this.buffer.length, this.end - this.position);
    if (n <= 0) throw new Error('search file: a run ended early');
    this.filled = readSync(this.fd, this.buffer, 0, n, this.position);
    this.position += this.filled;
    this.at = 0;
  }
}
