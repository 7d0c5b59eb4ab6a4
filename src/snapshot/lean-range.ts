// One range of a query's common words scored without objects (topk.ts): when the pool is full and
// every item in the range is a bitmap (skips.ts DENSE), the docs holding enough items are counted
// bit-sliced straight from the items' bytes, each one's score is bounded from its short length
// (format.ts lengths) and only the docs that could still enter the pool have their records read.
// A query of several common words reads every range (no range bound tells which of its docs hold
// them all): this is what each of those ranges costs, and a cold process runs it before the JIT
// has warmed up, so it is plain loops over typed arrays.
import type { LiveIndex } from './pool-types.js';
import type { List } from './range-lists.js';
import { WORDS } from './range-lists.js';
import { DENSE, RANGE, readOthers, type RangeEntry } from './skips.js';
import { bm25Part, round6 } from './bm25.js';
import { boundCannotBeat, type Entry, type RangeContext } from './pool-bounds.js';

/** Scratch reused range after range. */
export interface LeanScratch {
  /** Per item, its range entry here (undefined: absent). */
  entries: (RangeEntry | undefined)[];
  /** Per item, its part at its largest tf and shortest doc here, sorted largest first. */
  parts: Float64Array;
  docs: number[];
}

export function leanScratch(items: number): LeanScratch {
  return { entries: new Array<RangeEntry | undefined>(items).fill(undefined), parts: new Float64Array(items), docs: [] };
}

/**
 * Scores range r as topk.ts scoreRange does, when the pool is full (context.last) and the range's
 * items are all bitmaps; false (nothing done) otherwise, and the caller scores it the general way.
 */
export function leanRange(live: LiveIndex, lists: List[], idf: number[], avgdl: number, r: number, context: RangeContext, scratch: LeanScratch, offer: (e: Entry) => void): boolean {
  const last = context.last;
  if (!last || context.only || lists.length > 15) return false;
  const { entries, parts } = scratch;
  let n = 0;
  for (let k = 0; k < lists.length; k++) {
    const list = lists[k];
    entries[k] = undefined;
    if (!list) continue;
    if (!('bytes' in list)) {
      if (list.ranges[r]) return false;
      continue;
    }
    const entry = list.ranges[r];
    if (!entry) continue;
    if (entry.count < DENSE) return false;
    entries[k] = entry;
    // Kept sorted, largest first (insertion: a few items).
    const part = bm25Part(idf[k]!, entry.maxTf, entry.minLength, avgdl);
    let at = n++;
    for (; at > 0 && parts[at - 1]! < part; at--) parts[at] = parts[at - 1]!;
    parts[at] = part;
  }
  if (n === 0) return true;
  // Fewer than `least` items cannot beat the pool's last fact, whichever they are.
  let least = 1;
  for (let sum = parts[0]!; least < n && boundCannotBeat(sum, context, last); sum += parts[least++]!);
  const { file } = live;
  const first = r * RANGE;
  const skip = context.skip.get(r);
  const lengths = file.rangeLengths(r);
  const docs = scratch.docs;
  docs.length = 0;
  for (let w = 0; w < WORDS; w++) {
    // Bit-sliced count of the items holding each doc (up to 15).
    let c0 = 0;
    let c1 = 0;
    let c2 = 0;
    let c3 = 0;
    for (let k = 0; k < lists.length; k++) {
      const entry = entries[k];
      if (!entry) continue;
      let carry = word((lists[k] as { bytes: Uint8Array }).bytes, entry.start + 4 * w);
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
    let bits = (atLeastMask(c0, c1, c2, c3, least) & ~(skip?.[w] ?? 0)) >>> 0;
    while (bits) {
      const low = bits & -bits;
      bits = (bits ^ low) >>> 0;
      const o = 32 * w + 31 - Math.clz32(low);
      // The doc's bound: each item it holds at the range's largest tf, at the doc's short length.
      let bound = 0;
      for (let k = 0; k < lists.length; k++) {
        const entry = entries[k];
        if (entry && word((lists[k] as { bytes: Uint8Array }).bytes, entry.start + 4 * w) & low) bound += bm25Part(idf[k]!, entry.maxTf, lengths[o]!, avgdl);
      }
      if (!boundCannotBeat(bound, context, last)) docs.push(first + o);
    }
  }
  if (docs.length === 0) return true;
  const records = file.records(Uint32Array.from(docs));
  for (let i = 0; i < docs.length; i++) {
    if (!context.rules.allow.base(records, i)) continue;
    const o = docs[i]! - first;
    let score = 0;
    for (let k = 0; k < lists.length; k++) {
      const entry = entries[k];
      if (!entry) continue;
      const bytes = (lists[k] as { bytes: Uint8Array }).bytes;
      if (word(bytes, entry.start + 4 * (o >> 5)) & (1 << (o & 31))) score += bm25Part(idf[k]!, tfOf(bytes, entry, o), records.length[i]!, avgdl);
    }
    // Clearly worse than the pool's last fact: not rounded, not offered.
    if (-score > last.bm + 1e-6) continue;
    const scope = file.header.scopes[records.scope[i]!]!;
    offer({ bm: round6(-score), preferred: scope === context.rules.preferScope, created: { key: 2 * records.created[i]! }, row: records.row[i]!, base: true, index: docs[i]! });
  }
  return true;
}

/** The little-endian u32 at `at`. */
function word(bytes: Uint8Array, at: number): number {
  return bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24);
}

/** Bits whose 4-bit count (c3 c2 c1 c0) is at least `least`. */
function atLeastMask(c0: number, c1: number, c2: number, c3: number, least: number): number {
  let greater = 0;
  let equal = ~0;
  for (let b = 3; b >= 0; b--) {
    const count = b === 3 ? c3 : b === 2 ? c2 : b === 1 ? c1 : c0;
    if ((least >> b) & 1) equal &= count;
    else {
      greater |= equal & count;
      equal &= ~count;
    }
  }
  return greater | equal;
}

/** A dense range's tf of doc o (most dense ranges have every tf 1: their list of others is one zero byte). */
function tfOf(bytes: Uint8Array, entry: RangeEntry, o: number): number {
  if (entry.length === RANGE / 8 + 1 && bytes[entry.start + entry.length - 1] === 0) return 1;
  const others = readOthers(bytes, entry.start, entry.start + entry.length);
  for (let i = 0; i < others.length; i += 2) if (others[i] === o) return others[i + 1]!;
  return 1;
}
