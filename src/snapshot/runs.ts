// The sorted runs a search file's build spills (postings-batch.ts, created-ranks.ts): each batch,
// sorted by its key (a term, a created_at value), appended to one temporary file beside the search
// file, then read back run by run, in 64 KiB steps, while they are merged (and what that merge writes,
// such as the dictionary, parked after them).
import { closeSync, openSync, readSync, unlinkSync } from 'node:fs';
import { writeWholeAt } from '../util/safe-file.js';
import { garbageBound } from '../util/garbage.js';
import { compareBytes } from './format.js';

/** Bytes parked in the run file until they are copied, in order, into the search file. */
export interface Spool {
  append(bytes: Uint8Array): void;
  copyTo(write: (bytes: Uint8Array) => void): void;
}

/** The spilled runs, one after another in a temporary file beside the search file. */
export class RunFile {
  private fd: number | undefined;
  private readonly ranges: [number, number][] = [];
  private end = 0;

  constructor(private readonly path: string) {}

  append(bytes: Uint8Array): void {
    this.ranges.push([this.end, this.end + bytes.length]);
    this.appendBytes(bytes);
  }

  private appendBytes(bytes: Uint8Array): void {
    this.fd ??= openSync(this.path, 'wx+', 0o600);
    // Every byte or an error: a run cut short by a full disk would be read back as nothing, forever.
    writeWholeAt(this.fd, bytes, this.end);
    this.end += bytes.length;
  }

  /** Somewhere to park bytes written while the runs are read (after the last run), read back whole. */
  spool(): Spool {
    const start = this.end;
    return {
      append: (bytes) => this.appendBytes(bytes),
      copyTo: (write) => {
        const reader = new RunReader(this.fd!, start, this.end);
        while (!reader.done) write(reader.bytes(Math.min(1 << 16, reader.left)));
      },
    };
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

  /** Bytes not read yet. */
  get left(): number {
    return this.filled - this.at + this.end - this.position;
  }

  /** The next `n` bytes (a copy). */
  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    let done = 0;
    while (done < n) {
      if (this.at >= this.filled) this.refill();
      const take = Math.min(n - done, this.filled - this.at);
      out.set(this.buffer.subarray(this.at, this.at + take), done);
      this.at += take;
      done += take;
    }
    return out;
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
    if (this.filled === 0) throw new Error('search file: a run is shorter than was written');
    this.position += this.filled;
    this.at = 0;
  }
}

/**
 * A k-way merge of runs whose entries each start with a length-prefixed key, sorted by its bytes:
 * for the smallest key left, `visit` gets the readers whose next key it is (in run order, so docs
 * stay ascending) and reads each one's entry that follows the key.
 */
export function mergeByKey(readers: RunReader[], visit: (key: Uint8Array, holders: RunReader[]) => void): void {
  const nextKey = (r: RunReader) => (r.done ? undefined : r.bytes(r.varint()));
  const heads = readers.map(nextKey);
  // Arrays reused for every key (a merge visits one per term or per fact): `holders` is valid only during `visit`.
  const holding: number[] = [];
  const holders: RunReader[] = [];
  const tick = garbageBound();
  for (;;) {
    tick();
    let key: Uint8Array | undefined;
    for (const head of heads) if (head && (!key || compareBytes(head, key) < 0)) key = head;
    if (!key) return;
    holding.length = 0;
    holders.length = 0;
    heads.forEach((head, r) => {
      if (!head || compareBytes(head, key!) !== 0) return;
      holding.push(r);
      holders.push(readers[r]!);
    });
    visit(key, holders);
    for (const r of holding) heads[r] = nextKey(readers[r]!);
  }
}
