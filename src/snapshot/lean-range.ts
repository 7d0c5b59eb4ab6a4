// The ranges of a query's common words read without objects (topk.ts): while the pool is full and
// every item in a range is a bitmap (skips.ts DENSE), the docs holding enough items are counted
// bit-sliced straight from the items' bytes, each one's score is bounded from its short length
// (format.ts lengths) and only the docs that could still enter the pool have their records read.
// A query of several common words reads every range (no range bound tells which of its docs hold
// them all): this is what each of those ranges costs, and a cold process runs it before the JIT
// has warmed up, so it is one loop over typed arrays.
import type { LiveIndex } from './pool-types.js';
import { WORDS, type List } from './range-lists.js';
import { DENSE, RANGE, readOthers, type RangeEntry } from './skips.js';
import { bm25Part, round6 } from './bm25.js';
import { boundCannotBeat, cannotBeat, type Entry, type PoolRules } from './pool-bounds.js';

/** What leanRanges reads the ranges of a query with (prunedPool's figures). */
export interface LeanPass {
  live: LiveIndex;
  lists: List[];
  idf: number[];
  avgdl: number;
  /** The ranges in the order read, each one's key (minus its bound, widened) and newest created rank. */
  order: readonly number[];
  key: Float64Array;
  newest: Uint32Array;
  rules: PoolRules;
  anyPreferred: boolean;
  /** Per range, its docs not to score: removed since the build, or seeded. */
  skip: Map<number, Uint32Array>;
  last: () => Entry | undefined;
  offer: (e: Entry) => void;
}

/**
 * Reads order[from], order[from + 1]… as topk.ts does range by range, while the pool is full and
 * each range's items are all bitmaps, in one loop (a cold process compiles a hot loop long before
 * it compiles a function called once per range). Returns where it ended: at the end, at a range
 * whose bound stops the reading (stop), or at one it cannot read lean (the caller reads that one).
 */
export function leanRanges(pass: LeanPass, from: number): { next: number; read: number; stop: boolean } {
  const { live, lists, idf, avgdl, order, key, newest, rules, skip } = pass;
  if (lists.length > 15) return { next: from, read: 0, stop: false };
  const { file } = live;
  const items = lists.length;
  const starts = new Int32Array(items);
  const tfs = new Float64Array(items);
  const words = new Int32Array(items * WORDS);
  const parts = new Float64Array(items);
  const bytesOf = lists.map((list) => (list && 'bytes' in list ? list.bytes : undefined));
  const context = { anyPreferred: pass.anyPreferred, newest: 0 };
  const docs: number[] = [];
  let read = 0;
  let i = from;
  for (; i < order.length; i++) {
    const r = order[i]!;
    const last = pass.last();
    if (!last) break;
    const k0 = key[r]!;
    if (k0 > last.bm + 1e-6) return { next: i, read, stop: true };
    context.newest = 2 * newest[r]!;
    if (k0 >= last.bm - 1e-6) {
      const bm = round6(k0);
      if (bm > last.bm) return { next: i, read, stop: true };
      if (cannotBeat(bm, context.anyPreferred, context.newest, last)) continue;
    }
    // Each item's bitmap here (-1: absent), and its part at its largest tf and shortest doc.
    let n = 0;
    let lean = true;
    for (let k = 0; k < items; k++) {
      starts[k] = -1;
      const list = lists[k];
      if (!list) continue;
      const entry = list.ranges[r];
      if (!entry) continue;
      if (!bytesOf[k] || (entry as RangeEntry).count < DENSE) {
        lean = false;
        break;
      }
      const from = (starts[k] = (entry as RangeEntry).start);
      const bytes = bytesOf[k]!;
      // The bitmap's words, read once (inline: calls cost most before the JIT warms up).
      for (let w = 0, b = from; w < WORDS; w++, b += 4) words[k * WORDS + w] = bytes[b]! | (bytes[b + 1]! << 8) | (bytes[b + 2]! << 16) | (bytes[b + 3]! << 24);
      tfs[k] = entry.maxTf;
      const part = bm25Part(idf[k]!, entry.maxTf, entry.minLength, avgdl);
      // Kept sorted, largest first (insertion: a few items).
      let at = n++;
      for (; at > 0 && parts[at - 1]! < part; at--) parts[at] = parts[at - 1]!;
      parts[at] = part;
    }
    if (!lean) break;
    read++;
    if (n === 0) continue;
    // Fewer than `least` items cannot beat the pool's last fact, whichever they are.
    let least = 1;
    for (let sum = parts[0]!; least < n && boundCannotBeat(sum, context, last); sum += parts[least++]!);
    const first = r * RANGE;
    const done = skip.size > 0 ? skip.get(r) : undefined;
    docs.length = 0;
    for (let w = 0; w < WORDS; w++) {
      // Bit-sliced count of the items holding each doc (up to 15).
      let c0 = 0;
      let c1 = 0;
      let c2 = 0;
      let c3 = 0;
      for (let k = 0; k < items; k++) {
        if (starts[k]! < 0) continue;
        let carry = words[k * WORDS + w]!;
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
      let bits = (atLeastMask(c0, c1, c2, c3, least) & ~(done?.[w] ?? 0)) >>> 0;
      while (bits) {
        const low = bits & -bits;
        bits = (bits ^ low) >>> 0;
        const o = 32 * w + 31 - Math.clz32(low);
        // The doc's bound: each item it holds at the range's largest tf, at the doc's short length.
        const length = file.shortLength(first + o);
        let bound = 0;
        for (let k = 0; k < items; k++) if (starts[k]! >= 0 && words[k * WORDS + w]! & low) bound += bm25Part(idf[k]!, tfs[k]!, length, avgdl);
        if (!boundCannotBeat(bound, context, last)) docs.push(first + o);
      }
    }
    if (docs.length === 0) continue;
    const records = file.records(Uint32Array.from(docs));
    for (let d = 0; d < docs.length; d++) {
      if (!rules.allow.base(records, d)) continue;
      const o = docs[d]! - first;
      let score = 0;
      for (let k = 0; k < items; k++) {
        if (starts[k]! < 0) continue;
        const bytes = bytesOf[k]!;
        if (words[k * WORDS + (o >> 5)]! & (1 << (o & 31))) score += bm25Part(idf[k]!, tfOf(bytes, lists[k]!.ranges[r] as RangeEntry, o), records.length[d]!, avgdl);
      }
      // Clearly worse than the pool's last fact: not rounded, not offered.
      const now = pass.last()!;
      if (-score > now.bm + 1e-6) continue;
      const scope = file.header.scopes[records.scope[d]!]!;
      pass.offer({ bm: round6(-score), preferred: scope === rules.preferScope, created: { key: 2 * records.created[d]! }, row: records.row[d]!, base: true, index: docs[d]! });
    }
  }
  return { next: i, read, stop: false };
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
