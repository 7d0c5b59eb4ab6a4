// What a search or a card reads from the search file (format.ts), each part with a positioned,
// checked read of its own: a term's dictionary entry and postings, a fact's record, a candidate's
// fields. Nothing is read that the query does not touch.
import type { Fact } from '../facts/facts.js';
import { compareBytes, DOC_RECORD, FACT_BLOCK, FIELDS, inflate, LITTLE_ENDIAN, PAGE, utf8, VarintReader, type SnapshotHeader } from './format.js';
import { PagedReader } from './paged.js';
import type { OpenedFile } from '../util/safe-file.js';
import { StringTable } from './string-table.js';
import { KINDS } from '../facts/validate.js';
import { readNameHeads, readNamesIndex, type NameGroup } from './names.js';
import { decodeDense, decodePostings, DENSE, isLong, RANGE, readRanges, type RangeEntry } from './skips.js';

const decoder = new TextDecoder();
const KIND_COUNT = KINDS.length;
const NEWLINE = 0x0a;

export interface TermEntry {
  /** Facts holding the term. */
  docs: number;
  start: number;
  length: number;
}

export interface DocRecord {
  row: number;
  /** The rank of created_at among the file's distinct values (byte order). */
  created: number;
  /** Index terms in both columns. */
  length: number;
  scope: number;
  kind: number;
}

/** Records of several docs, as columns. */
export interface DocRecords {
  row: Uint32Array;
  created: Uint32Array;
  length: Uint16Array;
  scope: Uint16Array;
  kind: Uint8Array;
}

export interface StoredDoc {
  fact: Fact;
  columns: [string[], string[]];
}

export class SearchFile {
  private readonly dict: StringTable;
  private readonly createdTable: StringTable;
  private readonly factBlocks = new Map<number, Uint8Array>();
  private newest: Uint32Array | undefined;
  private namesIndex: DataView | undefined;

  private constructor(private readonly file: PagedReader) {
    const h = file.header;
    this.dict = new StringTable(file, 'dict', 'dictIndex', h.terms, 3);
    this.createdTable = new StringTable(file, 'created', 'createdIndex', h.createdValues, 0);
  }

  static open(opened: OpenedFile): SearchFile | undefined {
    const file = PagedReader.open(opened);
    return file && new SearchFile(file);
  }

  get header(): SnapshotHeader {
    return this.file.header;
  }

  close(): void {
    this.file.close();
  }

  get pagesRead(): number {
    return this.file.pagesRead;
  }

  /** Dictionary entries equal to `bytes`, or (prefix) starting with them: one run in byte order. */
  terms(bytes: Uint8Array, prefix: boolean): TermEntry[] {
    const found: TermEntry[] = [];
    for (let t = this.dict.lowerBound(bytes); t < this.dict.count; t++) {
      const entry = this.dict.at(t);
      const hit = prefix ? startsWith(entry.bytes, bytes) : compareBytes(entry.bytes, bytes) === 0;
      if (!hit) break;
      const [docs, start, length] = entry.fields as [number, number, number];
      found.push({ docs, start, length });
    }
    return found;
  }

  /** Dictionary terms t with from <= t < to, in byte order, with their entries (expand.ts reads names across scripts). */
  *termsBetween(from: Uint8Array, to: Uint8Array): Generator<{ term: Uint8Array; entry: TermEntry }> {
    for (let t = this.dict.lowerBound(from); t < this.dict.count; t++) {
      const { bytes, fields } = this.dict.at(t);
      if (compareBytes(bytes, to) >= 0) return;
      const [docs, start, length] = fields as [number, number, number];
      yield { term: bytes, entry: { docs, start, length } };
    }
  }

  /** The terms that have a name key whose head (name-match.ts skeletonHead) lies in [from, to], with it (names.ts). */
  nameHeads(from: number, to: number): NameGroup {
    this.namesIndex ??= readNamesIndex(this.file);
    return readNameHeads(this.file, this.namesIndex, from, to, this.dict.count);
  }

  /** The dictionary's term at a position. */
  termAt(position: number): Uint8Array {
    return this.dict.at(position).bytes;
  }

  /** A term's postings: its docs, ascending, and the term's occurrences in each (both columns). */
  postings(entry: TermEntry): { docs: Uint32Array; tf: Uint32Array } {
    const bytes = this.file.section('posts', entry.start, entry.length);
    const docs = new Uint32Array(entry.docs);
    const tf = new Uint32Array(entry.docs);
    if (!isLong(entry.docs, this.header.docs)) {
      const last = decodePostings(bytes, 0, bytes.length, entry.docs, 0, docs, tf, 0);
      if (last >= this.header.docs) throw new Error('search file: postings that do not add up');
      return { docs, tf };
    }
    let k = 0;
    for (const range of this.checkedRanges(bytes, entry)) {
      this.rangePostings(bytes, range, docs, tf, k);
      k += range.count;
    }
    return { docs, tf };
  }

  /** One range's postings of a long term into docs/tf from `into` (skips.ts). */
  rangePostings(bytes: Uint8Array, range: RangeEntry, docs: Uint32Array, tf: Uint32Array, into: number): void {
    const decode = range.count >= DENSE ? decodeDense : decodePostings;
    const last = decode(bytes, range.start, range.start + range.length, range.count, range.range * RANGE, docs, tf, into);
    if (last >= Math.min((range.range + 1) * RANGE, this.header.docs)) throw new Error('search file: postings past their range');
  }

  /** A long term's range table and bytes (skips.ts), for reading its postings range by range; undefined for a short one. */
  ranges(entry: TermEntry): { bytes: Uint8Array; ranges: RangeEntry[] } | undefined {
    if (!isLong(entry.docs, this.header.docs)) return undefined;
    const bytes = this.file.section('posts', entry.start, entry.length);
    return { bytes, ranges: this.checkedRanges(bytes, entry) };
  }

  private checkedRanges(bytes: Uint8Array, entry: TermEntry): RangeEntry[] {
    const ranges = readRanges(bytes);
    let count = 0;
    let previous = -1;
    for (const r of ranges) {
      if (r.range <= previous || r.count === 0 || r.count > RANGE || r.maxTf === 0) throw new Error('search file: a range table out of order');
      previous = r.range;
      count += r.count;
    }
    if (count !== entry.docs || previous * RANGE >= this.header.docs) throw new Error('search file: a range table that does not add up');
    return ranges;
  }

  /** Per range of docs (skips.ts), the newest created rank among its docs (read once: both pools of a search ask). */
  newestByRange(): Uint32Array {
    if (this.newest) return this.newest;
    const bytes = this.file.section('ranges');
    const n = Math.ceil(this.header.docs / RANGE);
    if (bytes.length !== 4 * n) throw new Error('search file: a ranges section of the wrong size');
    // One copy where the machine's order is the file's (a call per range costs a cold process ~1 ms at 500k facts).
    if (LITTLE_ENDIAN) return (this.newest = new Uint32Array(new Uint8Array(bytes).buffer)); // a copy (a Buffer's slice is not)
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
    const newest = new Uint32Array(n);
    for (let r = 0; r < n; r++) newest[r] = view.getUint32(4 * r, true);
    return (this.newest = newest);
  }

  /**
   * Doc d's short length (format.ts: capped, so never more than its real one): a byte of a page a
   * search reads anyway, where its record lies in 13 times as many.
   */
  shortLength(d: number): number {
    const [start, size] = this.header.sections.lengths;
    if (d >= this.header.docs || size !== this.header.docs) throw new Error('search file: a fact past its lengths');
    const at = start + d;
    const p = Math.floor(at / PAGE);
    return this.file.page(p)[at - p * PAGE]!;
  }

  /** The short lengths of `count` docs from `first` (one range's: a read within a page or two). */
  shortLengths(first: number, count: number): Uint8Array {
    if (this.header.sections.lengths[1] !== this.header.docs) throw new Error('search file: a lengths section of the wrong size');
    return this.file.section('lengths', first, count);
  }

  /**
   * The docs of the n-th mask (format.ts masks: the scopes in header.scopes' order, then the kinds in
   * KINDS' order) as a bitmap, bit d % 32 of word d / 32, padded to 4 words a range (skips.ts RANGE).
   */
  docMask(n: number): Int32Array {
    const words = Math.ceil(this.header.docs / 32);
    if (this.header.sections.masks[1] !== 4 * words * (this.header.scopes.length + KIND_COUNT)) throw new Error('search file: a masks section of the wrong size');
    const bytes = this.file.section('masks', 4 * words * n, 4 * words);
    const mask = new Int32Array((RANGE / 32) * Math.ceil(this.header.docs / RANGE));
    if (LITTLE_ENDIAN) new Uint8Array(mask.buffer).set(bytes);
    else for (let w = 0; w < words; w++) mask[w] = bytes[4 * w]! | (bytes[4 * w + 1]! << 8) | (bytes[4 * w + 2]! << 16) | (bytes[4 * w + 3]! << 24);
    return mask;
  }

  /** The records of `docs` (ascending) as columns: one pass over the pages they lie in. */
  records(docs: Uint32Array): DocRecords {
    const n = docs.length;
    const out: DocRecords = { row: new Uint32Array(n), created: new Uint32Array(n), length: new Uint16Array(n), scope: new Uint16Array(n), kind: new Uint8Array(n) };
    const start = this.header.sections.docs[0];
    let pageNumber = -1;
    let page: Uint8Array = new Uint8Array(0);
    for (let i = 0; i < n; i++) {
      const d = docs[i]!;
      if (d >= this.header.docs) throw new Error('search file: a fact past its records');
      const at = start + d * DOC_RECORD;
      const p = Math.floor(at / PAGE);
      if (p !== pageNumber) {
        pageNumber = p;
        page = this.file.page(p);
      }
      let o = at - p * PAGE;
      let bytes = page;
      if (o + DOC_RECORD > page.length) {
        bytes = this.file.read(at, DOC_RECORD); // a record across two pages
        o = 0;
      }
      out.row[i] = bytes[o]! + bytes[o + 1]! * 0x100 + bytes[o + 2]! * 0x10000 + bytes[o + 3]! * 0x1000000;
      out.created[i] = bytes[o + 4]! + bytes[o + 5]! * 0x100 + bytes[o + 6]! * 0x10000 + bytes[o + 7]! * 0x1000000;
      out.length[i] = bytes[o + 8]! + bytes[o + 9]! * 0x100;
      out.scope[i] = bytes[o + 10]! + bytes[o + 11]! * 0x100;
      out.kind[i] = bytes[o + 12]!;
    }
    return out;
  }

  doc(d: number): DocRecord {
    if (d < 0 || d >= this.header.docs) throw new Error('search file: a fact past its records');
    const bytes = this.file.section('docs', d * DOC_RECORD, DOC_RECORD);
    const view = new DataView(bytes.buffer, bytes.byteOffset, DOC_RECORD);
    return { row: view.getUint32(0, true), created: view.getUint32(4, true), length: view.getUint16(8, true), scope: view.getUint16(10, true), kind: view.getUint8(12) };
  }

  /** The file doc holding `row` (rows are stored ascending). */
  docOfRow(row: number): number | undefined {
    let lo = 0;
    let hi = this.header.docs;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.doc(mid).row < row) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.header.docs && this.doc(lo).row === row ? lo : undefined;
  }

  /** Doc d's fact and index columns, as the SQLite search reads them. */
  stored(d: number): StoredDoc {
    const block = Math.floor(d / FACT_BLOCK);
    let bytes = this.factBlocks.get(block);
    if (!bytes) {
      const index = this.file.section('factIndex', 4 * block, 8);
      const view = new DataView(index.buffer, index.byteOffset, 8);
      const from = view.getUint32(0, true);
      const to = view.getUint32(4, true);
      bytes = inflate(this.file.section('facts', from, to - from));
      this.factBlocks.set(block, bytes);
    }
    // Only the fact's own line is decoded: a search reads one or two facts of most blocks it opens.
    let start = 0;
    for (let k = d % FACT_BLOCK; k > 0; k--) {
      const end = bytes.indexOf(NEWLINE, start);
      if (end < 0) throw new Error('search file: a fact missing from its block');
      start = end + 1;
    }
    const end = bytes.indexOf(NEWLINE, start);
    const record = JSON.parse(decoder.decode(bytes.subarray(start, end < 0 ? bytes.length : end))) as (string | number)[];
    // Plain loops, no entries array or callback per field and term (60 candidates in the interpreter).
    const fact: Record<string, unknown> = {};
    for (let i = 0; i < FIELDS.length; i++) fact[FIELDS[i]!] = record[i];
    const split = (terms: unknown) => (terms === '' ? [] : String(terms).split(' ')); // terms are never empty
    return { fact: fact as unknown as Fact, columns: [split(record[FIELDS.length]), split(record[FIELDS.length + 1])] };
  }

  /** The created_at value of a rank. */
  createdAt(rank: number): string {
    return decoder.decode(this.createdTable.at(rank).bytes);
  }

  /** The rank of the first created_at value ≥ `value` (SQLite compares the strings by their bytes). */
  createdRank(value: string): { rank: number; equal: boolean } {
    const bytes = utf8.encode(value);
    const rank = this.createdTable.lowerBound(bytes);
    return { rank, equal: rank < this.createdTable.count && compareBytes(this.createdTable.at(rank).bytes, bytes) === 0 };
  }

  /** The card's list for a group: its newest docs and how many it has in all. */
  group(scope: string, kind: string): { docs: number[]; total: number } {
    const entry = this.header.groups[`${scope}\n${kind}`];
    if (!entry) return { docs: [], total: 0 };
    const [start, length, total] = entry;
    const reader = new VarintReader(this.file.read(start, length));
    const docs: number[] = [];
    while (!reader.done) docs.push(reader.next());
    return { docs, total };
  }
}

function startsWith(term: Uint8Array, prefix: Uint8Array): boolean {
  if (term.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (term[i] !== prefix[i]) return false;
  return true;
}
