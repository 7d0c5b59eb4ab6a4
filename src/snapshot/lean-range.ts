// The ranges of a query's common words read without objects (topk.ts): while the pool is full and
// every item in a range is a bitmap (skips.ts DENSE), the docs holding enough items are counted
// bit-sliced straight from the items' bytes, each one's score is bounded from its short length
// (format.ts lengths) and only the docs that could still enter the pool have their records read.
// A query of several common words reads every range (no range bound tells which of its docs hold
// them all): this is what each of those ranges costs, and a cold process runs it before the JIT
// has warmed up, so it is one loop over typed arrays. A query with other-script spellings has a
// second pool, of its own words (search.ts): a range read lean is read for both pools at once.
import { alignedCopies, tfOf, WORDS } from './range-lists.js';
import { DENSE, RANGE, type RangeEntry } from './skips.js';
import { bm25Part, round6 } from './bm25.js';
import { boundCannotBeat, cannotBeat, SLACK, type Entry } from './pool-bounds.js';
import { MAX_SHORT_LENGTH } from './format.js';
import { kernelPass, kernelRanges, takesOver } from './range-kernel.js';
import type { LeanItems, LeanPass } from './lean-types.js';

/**
 * Reads order[from], order[from + 1]… as topk.ts does range by range, while the pool is full and
 * each range's items are all bitmaps, in one loop (a cold process compiles a hot loop long before
 * it compiles a function called once per range). Returns where it ended: at the end, at a range
 * whose bound stops the reading (stop), or at one it cannot read lean (the caller reads that one).
 */
export function leanRanges(pass: LeanPass, from: number): { next: number; read: number; stop: boolean } {
  // Set up once a pass: a query of a rare word and common ones goes in and out of lean ranges.
  if (pass.lean === undefined) pass.lean = leanItems(pass);
  const items = pass.lean;
  if (!items) return { next: from, read: 0, stop: false };
  const { order, key, newest } = pass;
  const { all, own } = items;
  const n = items.starts.length;
  const { starts, words, tfs, parts, ranges, bytes: bytesOf, idf } = items;
  const avgdl = pass.avgdl;
  let read = 0;
  const before = pass.leanRead ?? 0;
  const out = (next: number, stop: boolean) => {
    pass.leanRead = before + read;
    return { next, read, stop };
  };
  let i = from;
  for (; i < order.length; i++) {
    const r = order[i]!;
    const last = pass.last();
    if (!last) break;
    // A long pass: the rest is read in WebAssembly (range-kernel.ts), once set up also after a range it handed back.
    if (pass.kernel === undefined && takesOver(pass, items, i, before + read, last.bm)) pass.kernel = kernelPass(pass, items) ?? null;
    if (pass.kernel) {
      pass.leanRead = before + read;
      const done = kernelRanges(pass, items, pass.kernel, i, (pool, at, docs) => offerDocs(pass, items, pool === 'a' ? items.all : own!, at, docs, pool === 'a' ? pass : pass.companion!));
      return { ...done, read: read + done.read };
    }
    const k0 = key[r]!;
    if (k0 > last.bm + 1e-6) return out(i, true);
    const newestKey = 2 * newest[r]!;
    if (k0 >= last.bm - 1e-6) {
      const bm = round6(k0);
      if (bm > last.bm) return out(i, true);
      if (cannotBeat(bm, pass.anyPreferred, newestKey, last)) continue;
    }
    // Each item's bitmap here, and its part at its largest tf and shortest doc.
    let lean = true;
    for (let j = 0; j < n; j++) {
      starts[j] = -1;
      const entry = ranges[j]![r];
      if (!entry) continue;
      const bytes = bytesOf[j];
      if (!bytes || entry.count < DENSE) {
        lean = false;
        break;
      }
      const from = (starts[j] = entry.start);
      // The bitmap's words, read once, four bytes a load from a copy where they are aligned.
      const shift = (4 - (from & 3)) & 3;
      const aligned = (items.aligned[j] ??= alignedCopies(bytes))[shift]!;
      for (let w = 0, at = j * WORDS, b = (from + shift) >> 2; w < WORDS; w++) words[at + w] = aligned[b + w]!;
      tfs[j] = entry.maxTf;
      parts[j] = bm25Part(idf[j]!, entry.maxTf, entry.minLength, avgdl);
    }
    if (!lean) break;
    read++;
    items.r = r;
    items.lengths = undefined;
    items.context.newest = newestKey;
    readFor(pass, items, all, last, pass.skip.size > 0 ? pass.skip.get(r) : undefined, pass);
    const other = pass.companion;
    // The own words' pool reads this range now (every doc holding one of its words while it is not
    // full): it is then done for that pool.
    if (other) {
      readFor(pass, items, own!, other.last(), other.skip.size > 0 ? other.skip.get(r) : undefined, other);
      other.done[r] = 1;
    }
  }
  return out(i, false);
}

/** The pass's items with postings (an absent one adds nothing anywhere); null past 15 (the count's bits). */
function leanItems(pass: LeanPass): LeanItems | null {
  const { lists } = pass;
  const present: number[] = [];
  for (let k = 0; k < lists.length; k++) if (lists[k]) present.push(k);
  const n = present.length;
  if (n > 15) return null;
  return {
    all: Int32Array.from(present, (_, j) => j),
    own: pass.companion && Int32Array.from(pass.companion.items.map((k) => present.indexOf(k)).filter((j) => j >= 0)),
    ranges: present.map((k) => lists[k]!.ranges as (RangeEntry | undefined)[]),
    bytes: present.map((k) => ('bytes' in lists[k]! ? lists[k]!.bytes : undefined)),
    aligned: present.map(() => undefined),
    idf: Float64Array.from(present, (k) => pass.idf[k]!),
    starts: new Int32Array(n),
    words: new Int32Array(n * WORDS),
    tfs: new Float64Array(n),
    parts: new Float64Array(n),
    once: new Float64Array(n * (MAX_SHORT_LENGTH + 1)).fill(NaN),
    r: 0,
    lengths: undefined,
    here: new Int32Array(n),
    sorted: new Float64Array(n),
    docs: [],
    context: { anyPreferred: pass.anyPreferred, newest: 0 },
  };
}

/**
 * Offers a pool (of the items `js`, in its order) the docs of the lean range read that could beat
 * its last fact: those holding enough of the items, bounded from their short lengths, then scored
 * from their records. With the pool not full, every doc holding one of the items.
 */
function readFor(pass: LeanPass, items: LeanItems, js: Int32Array, last: Entry | undefined, skip: Uint32Array | undefined, pool: { last: () => Entry | undefined; offer: (e: Entry) => void }): void {
  const { live, avgdl, rules } = pass;
  const { file } = live;
  const { r, starts, words, tfs, parts, once, here, sorted, idf, context } = items;
  // The pool's items in the range, and their parts largest first (insertion: a few items).
  let h = 0;
  for (let x = 0, m = js.length; x < m; x++) {
    const j = js[x]!;
    if (starts[j]! < 0) continue;
    here[h] = j;
    let at = h++;
    for (; at > 0 && sorted[at - 1]! < parts[j]!; at--) sorted[at] = sorted[at - 1]!;
    sorted[at] = parts[j]!;
  }
  if (h === 0) return;
  // Fewer than `least` items cannot beat the pool's last fact, whichever they are; nor can all of them.
  let least = 1;
  if (last) {
    let sum = sorted[0]!;
    for (; least < h && boundCannotBeat(sum, context, last); sum += sorted[least++]!);
    if (least === h && boundCannotBeat(sum, context, last)) return;
  }
  const first = r * RANGE;
  // A doc's bound, minus and widened as a pool key, is cut against the last fact's key: only a
  // bound within SQLite's rounding of it needs round6 and the tie rules (boundCannotBeat).
  const above = last ? last.bm + 1e-6 : Infinity;
  const below = last ? last.bm - 1e-6 : Infinity;
  const docs = items.docs;
  docs.length = 0;
  const allowed = rules.docs;
  for (let w = 0; w < WORDS; w++) {
    // Bit-sliced count of the items holding each doc (up to 15).
    let c0 = 0;
    let c1 = 0;
    let c2 = 0;
    let c3 = 0;
    for (let x = 0; x < h; x++) {
      let carry = words[here[x]! * WORDS + w]!;
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
    // Those counted at least `least` times, bit by bit from the top (inline: a call per word costs).
    let greater = 0;
    let equal = ~0;
    if (least & 8) equal &= c3;
    else {
      greater |= equal & c3;
      equal &= ~c3;
    }
    if (least & 4) equal &= c2;
    else {
      greater |= equal & c2;
      equal &= ~c2;
    }
    if (least & 2) equal &= c1;
    else {
      greater |= equal & c1;
      equal &= ~c1;
    }
    if (least & 1) equal &= c0;
    else {
      greater |= equal & c0;
      equal &= ~c0;
    }
    let bits = ((greater | equal) & ~(skip ? skip[w]! : 0) & (allowed ? allowed[4 * r + w]! : ~0)) >>> 0;
    if (bits && last && !items.lengths) items.lengths = file.shortLengths(first, Math.min(RANGE, file.header.docs - first));
    while (bits) {
      const low = bits & -bits;
      bits = (bits ^ low) >>> 0;
      const o = 32 * w + 31 - Math.clz32(low);
      if (!last) {
        docs.push(first + o);
        continue;
      }
      // The doc's bound: each item it holds at the range's largest tf, at the doc's short length.
      const length = items.lengths![o]!;
      let bound = 0;
      for (let x = 0; x < h; x++) {
        const j = here[x]!;
        if (!(words[j * WORDS + w]! & low)) continue;
        if (tfs[j] !== 1) bound += bm25Part(idf[j]!, tfs[j]!, length, avgdl);
        else {
          const at = j * (MAX_SHORT_LENGTH + 1) + length;
          let part = once[at]!;
          if (part !== part) part = once[at] = bm25Part(idf[j]!, 1, length, avgdl);
          bound += part;
        }
      }
      const bm = -bound * SLACK;
      if (bm > above || (bm >= below && boundCannotBeat(bound, context, last))) continue;
      docs.push(first + o);
    }
  }
  if (docs.length > 0) offerDocs(pass, items, js, r, Uint32Array.from(docs), pool);
}

/** Scores the docs of range r (ascending) for a pool of the items `js` from their records, item by item in the pool's order (FTS5's float sums), and offers those that can enter it. */
function offerDocs(pass: LeanPass, items: LeanItems, js: Int32Array, r: number, docs: Uint32Array, pool: { last: () => Entry | undefined; offer: (e: Entry) => void }): void {
  const { live, avgdl, rules } = pass;
  const { file } = live;
  const first = r * RANGE;
  const records = file.records(docs);
  const once = items.once;
  for (let d = 0; d < docs.length; d++) {
    if (!rules.allow.base(records, d)) continue;
    const o = docs[d]! - first;
    const length = records.length[d]!;
    let score = 0;
    for (let x = 0, m = js.length; x < m; x++) {
      const j = js[x]!;
      const entry = items.ranges[j]![r];
      if (!entry) continue;
      const bytes = items.bytes[j]!;
      if (!(bytes[entry.start + (o >> 3)]! & (1 << (o & 7)))) continue;
      // A range whose tf are all 1 (its list of others one zero byte): the part at tf 1 from the
      // table the docs' bounds fill, the same float bm25Part gives (no call per item and doc).
      if (length <= MAX_SHORT_LENGTH && entry.length === RANGE / 8 + 1 && bytes[entry.start + entry.length - 1] === 0) {
        const at = j * (MAX_SHORT_LENGTH + 1) + length;
        let part = once[at]!;
        if (part !== part) part = once[at] = bm25Part(items.idf[j]!, 1, length, avgdl);
        score += part;
      } else score += bm25Part(items.idf[j]!, tfOf(bytes, entry, o), length, avgdl);
    }
    // Clearly worse than the pool's last fact: not rounded, not offered.
    const now = pool.last();
    if (now && -score > now.bm + 1e-6) continue;
    const scope = file.header.scopes[records.scope[d]!]!;
    pool.offer({ bm: round6(-score), preferred: scope === rules.preferScope, created: { key: 2 * records.created[d]! }, row: records.row[d]!, base: true, index: docs[d]! });
  }
}
