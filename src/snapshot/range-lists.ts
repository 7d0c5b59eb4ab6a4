// The ranges of a query's items (skips.ts) as topk.ts reads them: each item's list indexed by range,
// the bound of every range, and one range's docs as bitmaps (bit o: doc first + o) that are ANDed and
// counted instead of decoded posting by posting.
import { bm25Part, K1_PLUS_1, lengthNorm, lengthNorms } from './bm25.js';
import { LITTLE_ENDIAN, MAX_SHORT_LENGTH } from './format.js';
import type { SearchFile } from './reader.js';
import { DENSE, RANGE, readOthers, type RangeEntry } from './skips.js';

/** An item's largest tf and shortest doc within one range. */
export interface RangeSummary {
  maxTf: number;
  minLength: number;
}

/** An item's postings in the file: a long term's ranges, or a short term's whole list with its docs' lengths. */
export type List =
  | { ranges: (RangeEntry | undefined)[]; bytes: Uint8Array }
  | { ranges: (RangeSummary | undefined)[]; docs: Uint32Array; tf: Uint32Array; lengths: Uint16Array }
  | undefined;

/** A short list with each range's summary (the lengths read from the records: a few dozen docs). */
export function shortList(file: SearchFile, list: { docs: Uint32Array; tf: Uint32Array }, count: number): List {
  const lengths = file.records(list.docs).length;
  const ranges = new Array<RangeSummary | undefined>(count).fill(undefined);
  list.docs.forEach((d, j) => {
    const r = Math.floor(d / RANGE);
    const summary = ranges[r];
    if (!summary) ranges[r] = { maxTf: list.tf[j]!, minLength: lengths[j]! };
    else {
      summary.maxTf = Math.max(summary.maxTf, list.tf[j]!);
      summary.minLength = Math.min(summary.minLength, lengths[j]!);
    }
  });
  return { ...list, lengths, ranges };
}

/**
 * Each range's bound. A doc holding a set S of the items is at least as long as the longest of their
 * shortest docs there, so its score is at most the sum over S of each item's part at its largest tf
 * and that length (three common words: a doc holding all three is rarely as short as each word's
 * shortest doc). The largest such sum is that of some set {the items whose shortest doc is at most
 * as long as item j's}: each j is tried. `done`: ranges read already, or not to read (bound 0).
 */
export function rangeBounds(lists: List[], idf: number[], avgdl: number, done: Uint8Array): Float64Array {
  const bound = new Float64Array(done.length);
  const present: number[] = [];
  for (let k = 0; k < lists.length; k++) if (lists[k]) present.push(k);
  if (present.length > MAX_SETS) return plainBounds(lists, idf, avgdl, done);
  const m = present.length;
  const summaries = present.map((k) => lists[k]!.ranges as (RangeSummary | undefined)[]);
  const idfs = Float64Array.from(present, (k) => idf[k]!);
  const tf = new Float64Array(m);
  const length = new Int32Array(m);
  const weight = new Float64Array(m);
  // Most shortest docs are short: their length terms from a table, the parts inline (calls cost
  // most before the JIT warms up; the floats are bm25Part's).
  const norms = lengthNorms(avgdl, MAX_SHORT_LENGTH);
  for (let r = 0; r < done.length; r++) {
    if (done[r]) continue; // read already (0: not to be read)
    let n = 0;
    for (let x = 0; x < m; x++) {
      const summary = summaries[x]![r];
      if (!summary) continue;
      tf[n] = summary.maxTf;
      length[n] = summary.minLength;
      weight[n++] = idfs[x]!;
    }
    let best = 0;
    for (let j = 0; j < n; j++) {
      const at = length[j]!;
      const norm = at <= MAX_SHORT_LENGTH ? norms[at]! : lengthNorm(at, avgdl);
      let sum = 0;
      for (let i = 0; i < n; i++) if (length[i]! <= at) sum += weight[i]! * ((tf[i]! * K1_PLUS_1) / (tf[i]! + norm));
      if (sum > best) best = sum;
    }
    bound[r] = best;
  }
  return bound;
}

/** Beyond MAX_SETS items, each range's bound is the plain sum of its items' parts (the sets cost n²). */
function plainBounds(lists: List[], idf: number[], avgdl: number, done: Uint8Array): Float64Array {
  const bound = new Float64Array(done.length);
  for (let r = 0; r < done.length; r++) {
    if (done[r]) continue;
    for (let k = 0; k < lists.length; k++) {
      const summary = lists[k]?.ranges[r];
      if (summary) bound[r] = bound[r]! + bm25Part(idf[k]!, summary.maxTf, summary.minLength, avgdl);
    }
  }
  return bound;
}

/** Beyond this many items, the plain sum of their parts bounds a range (the sets cost n²). */
export const MAX_SETS = 12;

/** The items of a range: largest tf, shortest doc and IDF of each of the first n. */
export interface SetScratch {
  tf: Float64Array;
  length: Float64Array;
  idf: Float64Array;
  n: number;
}

/** An item within one range: which of its docs hold it (bit o: doc first + o), their tf, its summary. */
export interface RangeView {
  mask: Uint32Array;
  tf: (o: number) => number;
  summary: RangeSummary;
}

export const WORDS = RANGE / 32;

/** Docs as bitmaps per range. */
export function docMasks(docs: Iterable<number>): Map<number, Uint32Array> {
  const masks = new Map<number, Uint32Array>();
  for (const d of docs) {
    const r = Math.floor(d / RANGE);
    let mask = masks.get(r);
    if (!mask) masks.set(r, (mask = new Uint32Array(WORDS)));
    mask[(d % RANGE) >> 5]! |= 1 << (d % 32);
  }
  return masks;
}

/** Keeps in `wanted` only the docs set in at least `least` of the views' masks (a bit-sliced count to 15). */
export function atLeast(views: readonly (RangeView | undefined)[], least: number, wanted: Uint32Array): void {
  for (let w = 0; w < WORDS; w++) {
    let c0 = 0;
    let c1 = 0;
    let c2 = 0;
    let c3 = 0;
    for (let k = 0; k < views.length; k++) {
      const view = views[k];
      if (!view) continue;
      let carry = view.mask[w]!;
      const n0 = c0 ^ carry;
      carry &= c0;
      c0 = n0;
      const n1 = c1 ^ carry;
      carry &= c1;
      c1 = n1;
      const n2 = c2 ^ carry;
      carry &= c2;
      c2 = n2;
      c3 |= carry;
    }
    // count >= least, bit by bit from the top: greater where the count has a 1 and least a 0.
    let greater = 0;
    let equal = ~0;
    const counts = [c3, c2, c1, c0];
    for (let b = 0; b < 4; b++) {
      const bit = (least >> (3 - b)) & 1;
      if (bit) equal &= counts[b]!;
      else {
        greater |= equal & counts[b]!;
        equal &= ~counts[b]!;
      }
    }
    wanted[w]! &= greater | equal;
  }
}

/** An item's docs within range r, or undefined when it has none there. */
export function rangeView(file: SearchFile, list: List, r: number, mask: Uint32Array): RangeView | undefined {
  const summary = list?.ranges[r];
  if (!summary) return undefined;
  if ('bytes' in list! && (summary as RangeEntry).count >= DENSE) {
    // A dense range read in place (this runs once per item and range: no objects but the view).
    const { bytes } = list;
    const from = (summary as RangeEntry).start;
    const to = from + (summary as RangeEntry).length;
    for (let w = 0; w < WORDS; w++) mask[w] = (bytes[from + 4 * w]! | (bytes[from + 4 * w + 1]! << 8) | (bytes[from + 4 * w + 2]! << 16) | (bytes[from + 4 * w + 3]! << 24)) >>> 0;
    // Most dense ranges have every tf 1 (the list of others is one zero byte).
    if (to - from === RANGE / 8 + 1 && bytes[to - 1] === 0) return { mask, tf: ONCE, summary };
    const others = readOthers(bytes, from, to);
    const tf = (o: number) => {
      for (let i = 0; i < others.length; i += 2) if (others[i] === o) return others[i + 1]!;
      return 1;
    };
    return { mask, tf, summary };
  }
  const part = rangePart(file, list, r);
  if (!part || !('docs' in part)) return undefined;
  const first = r * RANGE;
  mask.fill(0);
  const at = new Int16Array(RANGE).fill(-1);
  part.docs.forEach((d, j) => {
    mask[(d - first) >> 5]! |= 1 << ((d - first) & 31);
    at[d - first] = j;
  });
  return { mask, tf: (o) => part.tf[at[o]!]!, summary };
}

const ONCE = () => 1;

/** An item's postings within range r; a dense range's bitmap itself when `bitmap` and it has one. */
export function rangePart(file: SearchFile, list: List, r: number, bitmap = false): { docs: Uint32Array; tf: Uint32Array } | { bitmap: { bytes: Uint8Array; from: number; to: number } } | undefined {
  if (!list) return undefined;
  if ('bytes' in list) {
    const entry = list.ranges[r];
    if (!entry) return undefined;
    if (bitmap && entry.count >= DENSE) return { bitmap: { bytes: list.bytes, from: entry.start, to: entry.start + entry.length } };
    const docs = new Uint32Array(entry.count);
    const tf = new Uint32Array(entry.count);
    file.rangePostings(list.bytes, entry, docs, tf, 0);
    return { docs, tf };
  }
  const from = lowerBound(list.docs, r * RANGE);
  const to = lowerBound(list.docs, (r + 1) * RANGE);
  return from === to ? undefined : { docs: list.docs.subarray(from, to), tf: list.tf.subarray(from, to) };
}

/** How many removed docs hold the item: each looked up in its range, not the whole list. */
export function removedHolding(file: SearchFile, list: List, removed: ReadonlySet<number>): number {
  if (!list) return 0;
  let n = 0;
  for (const d of removed) {
    const p = rangePart(file, list, Math.floor(d / RANGE));
    if (p && 'docs' in p && p.docs.includes(d)) n++;
  }
  return n;
}

export function lowerBound(sorted: Uint32Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * `bytes` as little-endian 32-bit words four times, copied with 0 to 3 bytes before them, so that
 * the four bytes from any offset b are one word: copy (4 - b % 4) % 4, word (b + shift) / 4.
 */
export function alignedCopies(bytes: Uint8Array): Int32Array[] {
  return [0, 1, 2, 3].map((shift) => {
    const copy = new Uint8Array((bytes.length + shift + 3) & ~3);
    copy.set(bytes, shift);
    return LITTLE_ENDIAN ? new Int32Array(copy.buffer) : Int32Array.from({ length: copy.length / 4 }, (_, i) => copy[4 * i]! | (copy[4 * i + 1]! << 8) | (copy[4 * i + 2]! << 16) | (copy[4 * i + 3]! << 24));
  });
}

/** A dense range's tf of doc o (most dense ranges have every tf 1: their list of others is one zero byte). */
export function tfOf(bytes: Uint8Array, entry: RangeEntry, o: number): number {
  if (entry.length === RANGE / 8 + 1 && bytes[entry.start + entry.length - 1] === 0) return 1;
  const others = readOthers(bytes, entry.start, entry.start + entry.length);
  for (let i = 0; i < others.length; i += 2) if (others[i] === o) return others[i + 1]!;
  return 1;
}
