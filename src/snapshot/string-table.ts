// A sorted table of strings (the term dictionary, the distinct created_at values): front-coded in
// blocks of DICT_BLOCK entries, each entry with a fixed number of varint fields, and an index: per
// block, its offset and where its first string starts (u32 each), then those first strings. A
// lookup bisects the index where it lies (nothing in it is decoded up front: at 100k facts it has
// thousands of blocks), then decodes the one block it needs.
import { ByteSink, compareBytes, DICT_BLOCK, type SectionName } from './format.js';
import type { PagedReader } from './paged.js';
import type { Spool } from './runs.js';

const EMPTY = new Uint8Array(0);

export interface Entry {
  bytes: Uint8Array;
  fields: number[];
}

/** A block of a table as read: its bytes, its count of entries, those decoded so far and where the next starts. */
interface Block {
  bytes: Uint8Array;
  count: number;
  entries: Entry[];
  at: number;
}

/** Encodes strings given in byte order; with a spool, the blocks wait there instead of in memory. */
export class StringTableWriter {
  private readonly blocks = new ByteSink();
  private readonly starts: number[] = [];
  private readonly firsts = new ByteSink();
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

  /** The index section: each block's offset and its first string's, then the first strings. */
  index(): Uint8Array {
    const bytes = new Uint8Array(4 * this.starts.length + this.firsts.length);
    const view = new DataView(bytes.buffer);
    this.starts.forEach((at, i) => view.setUint32(4 * i, at, true));
    bytes.set(this.firsts.view(), 4 * this.starts.length);
    return bytes;
  }

  add(bytes: Uint8Array, fields: readonly number[] = []): void {
    if (this.spool && this.blocks.length > 1 << 16) {
      this.spool.append(this.blocks.view());
      this.spooled += this.blocks.length;
      this.blocks.clear();
    }
    let shared = 0;
    if (this.count % DICT_BLOCK === 0) {
      const offset = this.spooled + this.blocks.length;
      if (offset > 0xffffffff) throw new Error('search file: a string table past 4 GiB');
      this.starts.push(offset, this.firsts.length);
      this.firsts.put(bytes);
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
  private readonly blocks: number;
  private index?: { bytes: Uint8Array; view: DataView };
  private readonly decoded = new Map<number, Block>();

  constructor(
    private readonly file: PagedReader,
    private readonly blocksSection: SectionName,
    private readonly indexSection: SectionName,
    readonly count: number,
    private readonly fieldCount: number,
  ) {
    this.blocks = Math.ceil(count / DICT_BLOCK);
  }

  /** The position of the first string ≥ `bytes` (count when there is none). */
  lowerBound(bytes: Uint8Array): number {
    // The last block whose first string is < bytes holds the answer, or the next block starts it.
    let lo = 0;
    let hi = this.blocks;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareBytes(this.first(mid), bytes) < 0) lo = mid + 1;
      else hi = mid;
    }
    if (lo === 0) return 0;
    const block = this.block(lo - 1);
    let i = 0;
    while (i < block.count && compareBytes(this.entry(block, i).bytes, bytes) < 0) i++;
    return (lo - 1) * DICT_BLOCK + i;
  }

  at(i: number): Entry {
    if (i < 0 || i >= this.count) throw new Error('search file: a string past its table');
    return this.entry(this.block(Math.floor(i / DICT_BLOCK)), i % DICT_BLOCK);
  }

  /** The index section, read whole once (a few pages: 8 bytes and a string per block). */
  private loadIndex(): { bytes: Uint8Array; view: DataView } {
    if (this.index) return this.index;
    const bytes = this.file.section(this.indexSection);
    if (bytes.length < 8 * this.blocks) throw new Error('search file: a string index of the wrong size');
    return (this.index = { bytes, view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
  }

  /** Where block b starts in the blocks section (the section's end for b = blocks). */
  private offset(b: number): number {
    if (b === this.blocks) return this.file.header.sections[this.blocksSection][1];
    return this.loadIndex().view.getUint32(8 * b, true);
  }

  /** Block b's first string, from the index. */
  private first(b: number): Uint8Array {
    const { bytes, view } = this.loadIndex();
    const base = 8 * this.blocks;
    const from = base + view.getUint32(8 * b + 4, true);
    const to = b + 1 < this.blocks ? base + view.getUint32(8 * b + 12, true) : bytes.length;
    if (from > to || to > bytes.length) throw new Error('search file: a damaged string index');
    return bytes.subarray(from, to);
  }

  /** Block b's bytes, its entries decoded only as far as a lookup has needed (a lookup stops at its term). */
  private block(b: number): Block {
    const cached = this.decoded.get(b);
    if (cached) return cached;
    const start = this.offset(b);
    const end = this.offset(b + 1);
    if (end < start) throw new Error('search file: a damaged string table');
    const block: Block = { bytes: this.file.section(this.blocksSection, start, end - start), count: Math.min(DICT_BLOCK, this.count - b * DICT_BLOCK), entries: [], at: 0 };
    this.decoded.set(b, block);
    return block;
  }

  /** Entry i of a block, the entries before it decoded on the way. */
  private entry(block: Block, i: number): Entry {
    const { bytes, entries } = block;
    const fieldCount = this.fieldCount;
    let at = block.at;
    // Varints read inline, not by a call each: a cold process decodes blocks in the interpreter,
    // where the calls were most of the cost (~5 varints an entry).
    while (entries.length <= i) {
      if (entries.length >= block.count) throw new Error('search file: a string past its block');
      const previous = entries[entries.length - 1]?.bytes ?? EMPTY;
      const head = [0, 0];
      for (let k = 0; k < 2; k++) {
        let value = 0;
        let scale = 1;
        for (;;) {
          if (at >= bytes.length) throw new Error('search file: varint past its section');
          const byte = bytes[at++]!;
          value += (byte & 0x7f) * scale;
          if (byte < 0x80) break;
          scale *= 0x80;
        }
        head[k] = value;
      }
      const shared = head[0]!;
      const length = shared + head[1]!;
      if (shared > previous.length || at + head[1]! > bytes.length) throw new Error('search file: a damaged string table');
      const entry = new Uint8Array(length);
      for (let j = 0; j < shared; j++) entry[j] = previous[j]!;
      for (let j = shared; j < length; j++) entry[j] = bytes[at++]!;
      const fields: number[] = [];
      for (let k = 0; k < fieldCount; k++) {
        let value = 0;
        let scale = 1;
        for (;;) {
          if (at >= bytes.length) throw new Error('search file: varint past its section');
          const byte = bytes[at++]!;
          value += (byte & 0x7f) * scale;
          if (byte < 0x80) break;
          scale *= 0x80;
        }
        fields.push(value);
      }
      entries.push({ bytes: entry, fields });
    }
    block.at = at;
    return entries[i]!;
  }
}
