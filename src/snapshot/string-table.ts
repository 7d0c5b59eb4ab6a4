// A sorted table of strings (the term dictionary, the distinct created_at values): front-coded in
// blocks of DICT_BLOCK entries, each entry with a fixed number of varint fields, and an index of
// every block's offset and first string. A lookup reads the index, then the one block it needs.
import { ByteSink, compareBytes, DICT_BLOCK, VarintReader, type SectionName } from './format.js';
import type { PagedReader } from './paged.js';
import type { Spool } from './runs.js';

export interface Entry {
  bytes: Uint8Array;
  fields: number[];
}

/** Encodes strings given in byte order; with a spool, the blocks wait there instead of in memory. */
export class StringTableWriter {
  private readonly blocks = new ByteSink();
  readonly index = new ByteSink();
  private count = 0;
  private spooled = 0;
  private previous: Uint8Array = new Uint8Array(0);

  constructor(private readonly spool?: Spool) {}

  /** Hands the blocks to `write`, in order. */
  copyBlocks(write: (bytes: Uint8Array) => void): void {
    if (!this.spool) return write(this.blocks.view());
    this.spool.append(this.blocks.view());
    this.spool.copyTo(write);
  }

  add(bytes: Uint8Array, fields: readonly number[] = []): void {
    if (this.spool && this.blocks.length > 1 << 16) {
      this.spool.append(this.blocks.view());
      this.spooled += this.blocks.length;
      this.blocks.clear();
    }
    let shared = 0;
    if (this.count % DICT_BLOCK === 0) {
      this.index.varint(this.spooled + this.blocks.length);
      this.index.varint(bytes.length);
      this.index.put(bytes);
    } else {
      const n = Math.min(bytes.length, this.previous.length);
      while (shared < n && bytes[shared] === this.previous[shared]) shared++;
    }
    this.blocks.varint(shared);
    this.blocks.varint(bytes.length - shared);
    this.blocks.put(bytes.subarray(shared));
    for (const f of fields) this.blocks.varint(f);
    this.previous = bytes;
    this.count++;
  }
}

export class StringTable {
  private firsts?: Uint8Array[];
  private offsets?: number[];
  private readonly decoded = new Map<number, Entry[]>();

  constructor(
    private readonly file: PagedReader,
    private readonly blocksSection: SectionName,
    private readonly indexSection: SectionName,
    readonly count: number,
    private readonly fieldCount: number,
  ) {}

  /** The position of the first string ≥ `bytes` (count when there is none). */
  lowerBound(bytes: Uint8Array): number {
    const firsts = this.loadIndex();
    // The last block whose first string is < bytes holds the answer, or the next block starts it.
    let lo = 0;
    let hi = firsts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareBytes(firsts[mid]!, bytes) < 0) lo = mid + 1;
      else hi = mid;
    }
    if (lo === 0) return 0;
    const block = lo - 1;
    const entries = this.block(block);
    let i = 0;
    while (i < entries.length && compareBytes(entries[i]!.bytes, bytes) < 0) i++;
    return block * DICT_BLOCK + i;
  }

  at(i: number): Entry {
    if (i < 0 || i >= this.count) throw new Error('search file: a string past its table');
    return this.block(Math.floor(i / DICT_BLOCK))[i % DICT_BLOCK]!;
  }

  private loadIndex(): Uint8Array[] {
    if (this.firsts) return this.firsts;
    const reader = new VarintReader(this.file.section(this.indexSection));
    const firsts: Uint8Array[] = [];
    const offsets: number[] = [];
    while (!reader.done) {
      offsets.push(reader.next());
      firsts.push(reader.take(reader.next()));
    }
    if (firsts.length !== Math.ceil(this.count / DICT_BLOCK)) throw new Error('search file: a string index of the wrong size');
    this.offsets = offsets;
    return (this.firsts = firsts);
  }

  private block(b: number): Entry[] {
    const cached = this.decoded.get(b);
    if (cached) return cached;
    this.loadIndex();
    const offsets = this.offsets!;
    const end = b + 1 < offsets.length ? offsets[b + 1]! : this.file.header.sections[this.blocksSection][1];
    const reader = new VarintReader(this.file.section(this.blocksSection, offsets[b]!, end - offsets[b]!));
    const entries: Entry[] = [];
    let previous: Uint8Array = new Uint8Array(0);
    const n = Math.min(DICT_BLOCK, this.count - b * DICT_BLOCK);
    for (let i = 0; i < n; i++) {
      const shared = reader.next();
      const suffix = reader.take(reader.next());
      if (shared > previous.length) throw new Error('search file: a damaged string table');
      const bytes = new Uint8Array(shared + suffix.length);
      bytes.set(previous.subarray(0, shared));
      bytes.set(suffix, shared);
      const fields = Array.from({ length: this.fieldCount }, () => reader.next());
      entries.push({ bytes, fields });
      previous = bytes;
    }
    this.decoded.set(b, entries);
    return entries;
  }
}
