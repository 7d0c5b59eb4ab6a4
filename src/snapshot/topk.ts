// The pool of a search (pool.ts) without scoring every posting (issue 36): the same facts in the same
// order, found range by range of docs (skips.ts). Each range gets an upper bound of any of its docs'
// scores, from the terms' largest tf and shortest doc there under the live IDF and average length;
// ranges are read best bound first (at an equal bound the newest first, as ties are ordered), and
// the reading stops at the first range whose bound cannot beat the pool's last fact, even by a tie.
// A common word's pool then costs a few of its ranges instead of all its postings.
// Items of several terms (phrases), prefixes matching several terms and queries of short lists only
// are left to the exhaustive pool.
import type { QueryItem } from '../search/query.js';
import { occurrencesIn } from '../search/rerank.js';
import type { AddedDoc, CreatedKey, LiveIndex, Pool } from './pool.js';
import type { DocRecords, SearchFile, TermEntry } from './reader.js';
import { bm25Part, idfOf, round6 } from './bm25.js';
import { DENSE, isLong, RANGE, readOthers, type RangeEntry } from './skips.js';
import { utf8 } from './format.js';
import { mark } from '../util/profile.js';

/** What the pool keeps and how it orders ties (pool.ts gives both paths the same). */
export interface PoolRules {
  allow: { base: (r: DocRecords, i: number) => boolean; added: (doc: AddedDoc) => boolean };
  created: { added: (doc: AddedDoc) => CreatedKey; compare: (a: CreatedKey, b: CreatedKey) => number };
  preferScope: string;
  /** The oldest created rank the filter lets through (0: any). */
  firstRank: number;
}

interface Entry {
  bm: number;
  preferred: boolean;
  created: CreatedKey;
  row: number;
  base: boolean;
  index: number;
}

/** An item's largest tf and shortest doc within one range. */
interface RangeSummary {
  maxTf: number;
  minLength: number;
}

/** An item's postings in the file: a long term's ranges, or a short term's whole list with its docs' lengths. */
type List =
  | { ranges: (RangeEntry | undefined)[]; bytes: Uint8Array }
  | { ranges: (RangeSummary | undefined)[]; docs: Uint32Array; tf: Uint32Array; lengths: Uint16Array }
  | undefined;

/** An item's postings within one range; `lengths` when known (a short list's), else every doc is at least `minLength` long. */
interface RangePart {
  docs: Uint32Array;
  tf: Uint32Array;
  lengths?: Uint16Array;
  minLength: number;
}

/** A bound is a sum taken in another order than the score's: widened by far more than rounding. */
const SLACK = 1 + 1e-9;

/** The pool, or undefined when an item is not one term or no term is long (the caller then scores every posting). */
export function prunedPool(live: LiveIndex, items: readonly QueryItem[], size: number, rules: PoolRules): Pool | undefined {
  const { file } = live;
  const ranges = Math.ceil(file.header.docs / RANGE);
  const entries: (TermEntry | undefined)[] = [];
  for (const item of items) {
    if (item.terms.length !== 1) return undefined;
    const found = file.terms(utf8.encode(item.terms[0]!), item.prefix);
    if (found.length > 1) return undefined;
    entries.push(found[0]);
  }
  // Short lists alone cost less read whole than their ranges' bounds cost to read.
  if (!entries.some((entry) => entry && isLong(entry.docs, file.header.docs))) return undefined;
  const lists = entries.map((entry): List => {
    if (!entry) return undefined;
    const long = file.ranges(entry);
    if (!long) return shortList(file, file.postings(entry), ranges);
    // Indexed by range: a lookup per range read, no map of thousands of entries built per query.
    const byRange = new Array<RangeEntry | undefined>(ranges).fill(undefined);
    for (const r of long.ranges) byRange[r.range] = r;
    return { bytes: long.bytes, ranges: byRange };
  });
  const held = entries.map((entry) => entry?.docs ?? 0);
  const addedFreq = items.map((item) => live.added.map((doc) => occurrencesIn(item, doc)));
  const matching = items.map((_, k) => held[k]! - removedHolding(file, lists[k], live.removed) + addedFreq[k]!.filter((f) => f > 0).length);
  const avgdl = live.tokens / live.docs;
  const idf = matching.map((n) => idfOf(live.docs, n));
  mark('pool: terms read');

  const top = topOf(size, rules);
  live.added.forEach((doc, a) => {
    const length = doc.columns[0].length + doc.columns[1].length;
    const score = items.reduce((sum, _, k) => (addedFreq[k]![a] ? sum + bm25Part(idf[k]!, addedFreq[k]![a]!, length, avgdl) : sum), 0);
    if (score > 0 && rules.allow.added(doc)) {
      top.offer({ bm: round6(-score), preferred: doc.fact.scope === rules.preferScope, created: rules.created.added(doc), row: doc.row, base: false, index: a });
    }
  });

  const bound = rangeBounds(lists, idf, avgdl, Math.ceil(file.header.docs / RANGE));
  const newest = file.newestByRange();
  // Best bound first, unrounded (rounding thousands of bounds costs more than reading a few ranges).
  const key = new Float64Array(bound.length);
  const order: number[] = [];
  for (let r = 0; r < bound.length; r++) {
    key[r] = -bound[r]! * SLACK;
    if (bound[r]! > 0 && newest[r]! >= rules.firstRank) order.push(r);
  }
  order.sort((x, y) => key[x]! - key[y]! || newest[y]! - newest[x]! || x - y);
  mark('pool: bounds');

  const anyPreferred = file.header.scopes.includes(rules.preferScope);
  // Docs not to score (again): those removed since the build, and those seeded.
  const skip = docMasks(live.removed);
  const masks = lists.map(() => new Uint32Array(WORDS));
  const wanted = new Uint32Array(WORDS);
  const set: SetScratch = { tf: new Float64Array(lists.length), length: new Float64Array(lists.length), idf: new Float64Array(lists.length), n: 0 };
  // 'stop': neither this range nor any after it can beat the pool's last fact (their bounds round
  // worse); 'skip': this one cannot, by a tie (a later one of the same rounded bound may be newer).
  const score = (r: number, only?: Uint32Array): 'read' | 'skip' | 'stop' => {
    const last = top.last();
    if (last) {
      if (key[r]! > last.bm + 1e-6) return 'stop';
      const bm = round6(key[r]!);
      if (bm > last.bm) return 'stop';
      if (cannotBeat(bm, anyPreferred, 2 * newest[r]!, last)) return 'skip';
    }
    scoreRange(live, lists, idf, avgdl, r, { rules, anyPreferred, newest: 2 * newest[r]!, last, skip, only, masks, wanted, set }, top.offer);
    return 'read';
  };
  // A rare word's docs first (a short list's): they fill the pool with facts that score high, so the
  // common words' ranges are then read only for their docs that could beat those.
  const seeds = docMasks(lists.flatMap((list) => (list && 'docs' in list ? [...list.docs] : [])));
  for (const r of order) {
    const only = seeds.get(r);
    if (!only) continue;
    score(r, only);
    const done = skip.get(r);
    if (done) for (let w = 0; w < WORDS; w++) done[w]! |= only[w]!;
    else skip.set(r, only);
  }
  let read = 0;
  for (const r of order) {
    const done = score(r);
    if (done === 'stop') break;
    if (done === 'read') read++;
  }
  mark(`pool: ${read} of ${order.length} ranges read`);
  const candidates = top.entries.map((e) => (e.base ? file.stored(e.index) : { fact: live.added[e.index]!.fact, columns: live.added[e.index]!.columns }));
  mark('pool: candidates read');
  return { candidates, facts: live.docs, matching };
}

/** Whether no doc of a range with this bound key, preferred-ness and newest created key can come before `last`. */
function cannotBeat(bm: number, anyPreferred: boolean, created: number, last: Entry): boolean {
  if (bm !== last.bm) return bm > last.bm;
  if (last.preferred !== anyPreferred) return last.preferred;
  return created < last.created.key;
}

/** The best `size` entries in the pool's order, kept sorted (the pool is a few dozen). */
function topOf(size: number, rules: PoolRules): { entries: Entry[]; offer: (e: Entry) => void; last: () => Entry | undefined } {
  const top: Entry[] = [];
  const compare = (x: Entry, y: Entry) => x.bm - y.bm || Number(y.preferred) - Number(x.preferred) || rules.created.compare(y.created, x.created) || x.row - y.row;
  const offer = (e: Entry) => {
    if (top.length === size && compare(e, top[size - 1]!) >= 0) return;
    let at = top.length;
    while (at > 0 && compare(e, top[at - 1]!) < 0) at--;
    top.splice(at, 0, e);
    if (top.length > size) top.pop();
  };
  return { entries: top, offer, last: () => (top.length === size ? top[size - 1] : undefined) };
}

/** A short list with each range's summary (the lengths read from the records: a few dozen docs). */
function shortList(file: SearchFile, list: { docs: Uint32Array; tf: Uint32Array }, count: number): List {
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
 * as long as item j's}: bestSet tries those.
 */
function rangeBounds(lists: List[], idf: number[], avgdl: number, ranges: number): Float64Array {
  const bound = new Float64Array(ranges);
  const set: SetScratch = { tf: new Float64Array(lists.length), length: new Float64Array(lists.length), idf: new Float64Array(lists.length), n: 0 };
  for (let r = 0; r < ranges; r++) {
    set.n = 0;
    for (let k = 0; k < lists.length; k++) {
      const summary = lists[k]?.ranges[r];
      if (!summary) continue;
      set.tf[set.n] = summary.maxTf;
      set.length[set.n] = summary.minLength;
      set.idf[set.n++] = idf[k]!;
    }
    if (set.n > 0) bound[r] = bestSet(set, -1, avgdl);
  }
  return bound;
}

/** The items of a range: largest tf, shortest doc and IDF of each of the first n. */
interface SetScratch {
  tf: Float64Array;
  length: Float64Array;
  idf: Float64Array;
  n: number;
}

/** Beyond this many items in a range, the plain sum of their parts bounds it (the sets cost n²). */
const MAX_SETS = 12;

/** The bound of a doc holding some of the items other than `without` (-1: any of them). */
function bestSet(set: SetScratch, without: number, avgdl: number): number {
  let best = 0;
  if (set.n > MAX_SETS) {
    for (let i = 0; i < set.n; i++) if (i !== without) best += bm25Part(set.idf[i]!, set.tf[i]!, set.length[i]!, avgdl);
    return best;
  }
  for (let j = 0; j < set.n; j++) {
    if (j === without) continue;
    const length = set.length[j]!;
    let sum = 0;
    for (let i = 0; i < set.n; i++) if (i !== without && set.length[i]! <= length) sum += bm25Part(set.idf[i]!, set.tf[i]!, length, avgdl);
    if (sum > best) best = sum;
  }
  return best;
}

/** cannotBeat for a bound not yet rounded: SQLite's rounding only where it can decide. */
function boundCannotBeat(bound: number, context: RangeContext, last: Entry): boolean {
  const bm = -bound * SLACK;
  if (bm > last.bm + 1e-6) return true;
  if (bm < last.bm - 1e-6) return false;
  return cannotBeat(round6(bm), context.anyPreferred, context.newest, last);
}

interface RangeContext {
  rules: PoolRules;
  anyPreferred: boolean;
  /** The range's newest created key. */
  newest: number;
  /** The pool's last fact when the range is started, if the pool is full. */
  last: Entry | undefined;
  /** Per range, the bitmap of its docs not to score: removed since the build, or scored already. */
  skip: Map<number, Uint32Array>;
  /** Only these docs of the range, when given. */
  only?: Uint32Array;
  /** Scratch reused range after range: per item a bitmap, the docs to read, the items' figures. */
  masks: Uint32Array[];
  wanted: Uint32Array;
  set: SetScratch;
}

/** An item within one range: which of its docs hold it (bit o: doc first + o), their tf, its summary. */
interface RangeView {
  mask: Uint32Array;
  tf: (o: number) => number;
  summary: RangeSummary;
}

/**
 * Scores the docs of range r that the filter lets through, item by item in query order (FTS5's sums).
 * Docs holding only sets of items whose bound cannot beat the pool's last fact are left out by their
 * bitmaps: their records are never read.
 */
function scoreRange(live: LiveIndex, lists: List[], idf: number[], avgdl: number, r: number, context: RangeContext, offer: (e: Entry) => void): void {
  const { file } = live;
  const { rules, last } = context;
  const first = r * RANGE;
  const views: (RangeView | undefined)[] = lists.map((list, k) => rangeView(file, list, r, context.masks[k]!));
  const present: number[] = [];
  for (let k = 0; k < views.length; k++) if (views[k]) present.push(k);
  const wanted = context.wanted.fill(0);
  for (const k of present) for (let w = 0; w < WORDS; w++) wanted[w]! |= views[k]!.mask[w]!;
  if (last) {
    // An item without which no doc can beat the pool's last fact: only docs holding it are read.
    const set = context.set;
    set.n = 0;
    for (const k of present) {
      set.tf[set.n] = views[k]!.summary.maxTf;
      set.length[set.n] = views[k]!.summary.minLength;
      set.idf[set.n++] = idf[k]!;
    }
    // (The caller has checked the range's own bound.) Each item at its shortest doc and largest tf:
    // an item without which the others cannot beat the pool's last fact is one every doc read holds;
    // and fewer than `least` items cannot beat it either.
    const parts = Array.from({ length: set.n }, (_, i) => bm25Part(set.idf[i]!, set.tf[i]!, set.length[i]!, avgdl));
    const total = parts.reduce((a, b) => a + b, 0);
    present.forEach((k, i) => {
      if (present.length > 1 && boundCannotBeat(total - parts[i]!, context, last)) for (let w = 0; w < WORDS; w++) wanted[w]! &= views[k]!.mask[w]!;
    });
    parts.sort((a, b) => b - a);
    let least = 1;
    for (let sum = parts[0]!; least < set.n && boundCannotBeat(sum, context, last); sum += parts[least++]!);
    if (least > 1 && present.length <= 15) atLeast(present.map((k) => views[k]!.mask), least, wanted);
  }
  const skip = context.skip.get(r);
  const docs: number[] = [];
  for (let w = 0; w < WORDS; w++) {
    let bits = (wanted[w]! & ~(skip?.[w] ?? 0) & (context.only?.[w] ?? ~0)) >>> 0;
    while (bits) {
      const low = bits & -bits;
      docs.push(first + 32 * w + 31 - Math.clz32(low));
      bits = (bits ^ low) >>> 0;
    }
  }
  if (docs.length === 0) return;
  const records = file.records(Uint32Array.from(docs));
  for (let i = 0; i < docs.length; i++) {
    if (!rules.allow.base(records, i)) continue;
    const o = docs[i]! - first;
    let score = 0;
    for (const k of present) {
      const view = views[k]!;
      if (view.mask[o >> 5]! & (1 << (o & 31))) score += bm25Part(idf[k]!, view.tf(o), records.length[i]!, avgdl);
    }
    const scope = file.header.scopes[records.scope[i]!]!;
    offer({ bm: round6(-score), preferred: scope === rules.preferScope, created: { key: 2 * records.created[i]! }, row: records.row[i]!, base: true, index: docs[i]! });
  }
}

const WORDS = RANGE / 32;

/** Docs as bitmaps per range. */
function docMasks(docs: Iterable<number>): Map<number, Uint32Array> {
  const masks = new Map<number, Uint32Array>();
  for (const d of docs) {
    const r = Math.floor(d / RANGE);
    let mask = masks.get(r);
    if (!mask) masks.set(r, (mask = new Uint32Array(WORDS)));
    mask[(d % RANGE) >> 5]! |= 1 << (d % 32);
  }
  return masks;
}

/** Keeps in `wanted` only the docs set in at least `least` of the masks (a bit-sliced count to 15). */
function atLeast(masks: Uint32Array[], least: number, wanted: Uint32Array): void {
  for (let w = 0; w < WORDS; w++) {
    let c0 = 0;
    let c1 = 0;
    let c2 = 0;
    let c3 = 0;
    for (const mask of masks) {
      let carry = mask[w]!;
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
function rangeView(file: SearchFile, list: List, r: number, mask: Uint32Array): RangeView | undefined {
  const part = list && rangePart(file, list, r, true);
  if (!part) return undefined;
  const summary = list.ranges[r]!;
  if ('bitmap' in part) {
    const { bytes, from, to } = part.bitmap;
    for (let w = 0; w < WORDS; w++) mask[w] = (bytes[from + 4 * w]! | (bytes[from + 4 * w + 1]! << 8) | (bytes[from + 4 * w + 2]! << 16) | (bytes[from + 4 * w + 3]! << 24)) >>> 0;
    // Most dense ranges have every tf 1 (the list of others is one zero byte).
    const others = to - from === RANGE / 8 + 1 && bytes[to - 1] === 0 ? [] : readOthers(bytes, from, to);
    const tf = (o: number) => {
      for (let i = 0; i < others.length; i += 2) if (others[i] === o) return others[i + 1]!;
      return 1;
    };
    return { mask, tf, summary };
  }
  const first = r * RANGE;
  mask.fill(0);
  const at = new Int16Array(RANGE).fill(-1);
  part.docs.forEach((d, j) => {
    mask[(d - first) >> 5]! |= 1 << ((d - first) & 31);
    at[d - first] = j;
  });
  return { mask, tf: (o) => part.tf[at[o]!]!, summary };
}

/** An item's postings within range r; a dense range's bitmap itself when `bitmap` and it has one. */
function rangePart(file: SearchFile, list: List, r: number, bitmap = false): { docs: Uint32Array; tf: Uint32Array } | { bitmap: { bytes: Uint8Array; from: number; to: number } } | undefined {
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
function removedHolding(file: SearchFile, list: List, removed: ReadonlySet<number>): number {
  if (!list) return 0;
  let n = 0;
  for (const d of removed) {
    const p = rangePart(file, list, Math.floor(d / RANGE));
    if (p && 'docs' in p && p.docs.includes(d)) n++;
  }
  return n;
}

function lowerBound(sorted: Uint32Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
