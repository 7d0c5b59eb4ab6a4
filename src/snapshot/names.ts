// The search file's name keys (issue 22): every index term that is one plain word of either script,
// with its sound key (translit.ts termKey), grouped by the key's head (name-match.ts skeletonHead).
// A search looks for a word's other-script spelling among the keys of the one or few heads the word's
// key can match in (name-match.ts matchHeads): a few groups of a few keys each, where grouped by the
// terms' first two letters it read ~80 groups and compared ~1,000 keys for three Latin words (issue 36).
//
// Sections (format.ts):
// - names: a group per head, heads ascending: varint count, the terms' positions in the dictionary
//   (the first, then deltas), the slots of their first two letters (slotOf), then their keys in
//   ASCII joined by spaces;
// - namesIndex: per head that has terms, u32 head and u32 where its group begins in names, heads
//   ascending; then HEADS and the length of names.
import { CYRILLIC_LATIN } from '../text/cyrillic-latin.js';
import { HEADS, skeletonHead } from '../text/name-match.js';
import { MIN_KEY_LENGTH, termKey } from '../text/translit.js';
import { ByteSink, VarintReader } from './format.js';
import type { PagedReader } from './paged.js';
import type { Spool } from './runs.js';

const LATIN = [...'abcdefghijklmnopqrstuvwxyz'];
/** In code point order, which is the byte order of their UTF-8 (ё, U+0451, comes after я). */
const RUSSIAN = Object.keys(CYRILLIC_LATIN).sort();
/** Every start of two letters of one script: Latin ones first, as in byte order. */
export const SLOTS = LATIN.length ** 2 + RUSSIAN.length ** 2;
/** Keys are letters a–z (translit.ts); a key that were not could not be joined by spaces. */
const KEY = /^[a-z]+$/;
const decoder = new TextDecoder();

/** The slot of a term's first two letters, or -1 when they are not two letters of one script. */
export function slotOf(term: string): number {
  const a = LATIN.indexOf(term[0] ?? '');
  const b = LATIN.indexOf(term[1] ?? '');
  if (a >= 0 && b >= 0) return a * LATIN.length + b;
  const c = RUSSIAN.indexOf(term[0] ?? '');
  const d = RUSSIAN.indexOf(term[1] ?? '');
  return c >= 0 && d >= 0 ? LATIN.length ** 2 + c * RUSSIAN.length + d : -1;
}

/** The two letters of a slot. */
export function startOf(slot: number): string {
  if (slot < LATIN.length ** 2) return LATIN[Math.floor(slot / LATIN.length)]! + LATIN[slot % LATIN.length]!;
  const s = slot - LATIN.length ** 2;
  return RUSSIAN[Math.floor(s / RUSSIAN.length)]! + RUSSIAN[s % RUSSIAN.length]!;
}

/**
 * The key the file stores for a term, with its slot; undefined for a term it stores none for (not
 * two letters of one script first, no key, or one too short for any rule: sameName matches no key
 * shorter than MIN_KEY_LENGTH - 1, in either script).
 */
export function storedName(term: string): { key: string; slot: number } | undefined {
  const slot = slotOf(term);
  if (slot < 0) return undefined;
  const key = termKey(term);
  return key === undefined || key.length < MIN_KEY_LENGTH - 1 || !KEY.test(key) ? undefined : { key, slot };
}

/** Terms with a stored key, as read back: their keys, positions in the dictionary and slots. */
export interface NameGroup {
  keys: string[];
  positions: number[];
  slots: number[];
}

/** Takes the dictionary's terms in byte order; the groups are written, by head, once all are in. */
export class NamesWriter {
  private readonly heads: number[] = [];
  private readonly keys: string[] = [];
  private readonly positions: number[] = [];
  private readonly slots: number[] = [];
  private readonly decoder = new TextDecoder();

  constructor(private readonly spool: Spool) {}

  add(bytes: Uint8Array, position: number): void {
    if (!startsWithTwoLetters(bytes)) return; // most terms that are not names, without decoding them
    const name = storedName(this.decoder.decode(bytes));
    if (!name) return;
    this.heads.push(skeletonHead(name.key));
    this.keys.push(name.key);
    this.positions.push(position);
    this.slots.push(name.slot);
  }

  /** Hands the names section to `write`, and returns the namesIndex section. */
  finish(write: (bytes: Uint8Array) => void): Uint8Array {
    // By head, and within one in the terms' order (they came in it: a stable sort keeps it).
    const order = this.heads.map((_, i) => i).sort((a, b) => this.heads[a]! - this.heads[b]! || a - b);
    const sink = new ByteSink();
    let spooled = 0;
    const index: number[] = [];
    for (let from = 0; from < order.length; ) {
      const head = this.heads[order[from]!]!;
      let to = from;
      while (to < order.length && this.heads[order[to]!] === head) to++;
      const group = order.slice(from, to);
      index.push(head, spooled + sink.length);
      sink.varint(group.length);
      group.forEach((t, i) => sink.varint(i === 0 ? this.positions[t]! : this.positions[t]! - this.positions[group[i - 1]!]!));
      for (const t of group) sink.varint(this.slots[t]!);
      sink.put(new TextEncoder().encode(group.map((t) => this.keys[t]).join(' ')));
      if (sink.length > 1 << 16) {
        this.spool.append(sink.view());
        spooled += sink.length;
        sink.clear();
      }
      from = to;
    }
    index.push(HEADS, spooled + sink.length);
    this.spool.append(sink.view());
    this.spool.copyTo(write);
    const bytes = new Uint8Array(4 * index.length);
    const view = new DataView(bytes.buffer);
    index.forEach((n, i) => view.setUint32(4 * i, n, true));
    return bytes;
  }
}

/** Latin a–z twice, or two two-byte UTF-8 letters of the Cyrillic block (a fast test before decoding). */
function startsWithTwoLetters(b: Uint8Array): boolean {
  const latin = (x: number | undefined) => x !== undefined && x >= 0x61 && x <= 0x7a;
  if (latin(b[0]) && latin(b[1])) return true;
  const cyrillic = (x: number | undefined) => x === 0xd0 || x === 0xd1;
  return cyrillic(b[0]) && cyrillic(b[2]);
}

/** The namesIndex section, read once (8 bytes a head that has terms), checked. */
export function readNamesIndex(file: PagedReader): DataView {
  const bytes = file.section('namesIndex');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const records = bytes.length / 8;
  if (!Number.isInteger(records) || records < 1 || view.getUint32(bytes.length - 8, true) !== HEADS) throw new Error('search file: a damaged names index');
  if (view.getUint32(bytes.length - 4, true) !== file.header.sections.names[1]) throw new Error('search file: a damaged names index');
  return view;
}

/** The terms whose key's head lies in [from, to], read and checked. */
export function readNameHeads(file: PagedReader, index: DataView, from: number, to: number, terms: number): NameGroup {
  const out: NameGroup = { keys: [], positions: [], slots: [] };
  const records = index.byteLength / 8 - 1;
  // The first record of a head ≥ from, then each up to to.
  let lo = 0;
  let hi = records;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (index.getUint32(8 * mid, true) < from) lo = mid + 1;
    else hi = mid;
  }
  for (let r = lo; r < records && index.getUint32(8 * r, true) <= to; r++) {
    const start = index.getUint32(8 * r + 4, true);
    const end = index.getUint32(8 * r + 12, true);
    if (end <= start || (r > 0 && index.getUint32(8 * r, true) <= index.getUint32(8 * r - 8, true))) throw new Error('search file: a damaged names index');
    const reader = new VarintReader(file.section('names', start, end - start));
    const count = reader.next();
    let position = 0;
    for (let i = 0; i < count; i++) out.positions.push((position = i === 0 ? reader.next() : position + reader.next()));
    for (let i = 0; i < count; i++) out.slots.push(reader.next());
    const keys = decoder.decode(reader.take(reader.bytes.length - reader.at)).split(' ');
    if (keys.length !== count || position >= terms || out.slots.some((s) => s >= SLOTS)) throw new Error('search file: a damaged names group');
    for (const key of keys) out.keys.push(key);
  }
  return out;
}
