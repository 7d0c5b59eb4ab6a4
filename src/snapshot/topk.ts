// The pool of a search (pool.ts) without scoring every posting (issue 36): the same facts in the same
// order, found range by range of docs (skips.ts). Each range gets an upper bound of any of its docs'
// scores, from the terms' largest tf and shortest doc there under the live IDF and average length;
// ranges are read best bound first (at an equal bound the newest first, as ties are ordered); a range
// that could at best tie the pool's last fact and lose the tie is passed over, and the reading stops
// at the first range whose bound rounds below it. A common word's pool then costs a few of its ranges
// instead of all its postings; within a range, bitmaps leave out the docs that cannot make it, and
// once the pool is full a doc's short length (format.ts lengths) bounds it before its record is read.
// Several common words read every range (no range bound falls below the pool): lean-range.ts reads
// those whose items are all bitmaps in one loop, for the query's pool and its own words' pool at once
// (search.ts ownItems). Items of several terms (phrases), prefixes matching several terms and queries
// of short lists only are left to the exhaustive pool.
import { occurrencesIn, type QueryItem } from '../text/query-items.js';
import type { AddedDoc, CreatedKey, LiveIndex, Pool } from './pool-types.js';
import type { SearchFile, TermEntry } from './reader.js';
import { bm25Part, idfOf, round6 } from './bm25.js';
import { isLong, RANGE, type RangeEntry } from './skips.js';
import { atLeast, docMasks, rangeBounds, rangeView, removedHolding, shortList, WORDS, type List, type RangeView, type SetScratch } from './range-lists.js';
import { utf8 } from './format.js';
import { mark } from '../util/profile.js';
import { leanRanges } from './lean-range.js';
import { kernelBounds } from './range-kernel.js';
import type { Companion, LeanPass } from './lean-types.js';
import { boundCannotBeat, cannotBeat, notAllowed, rangeAllowed, SLACK, type Entry, type PoolRules, type RangeContext } from './pool-bounds.js';

export type { PoolRules } from './pool-bounds.js';

/** One pool being found: its items' lists and figures, its best entries so far, the docs scored already. */
interface Run {
  lists: List[];
  idf: number[];
  matching: number[];
  avgdl: number;
  top: Top;
  /** Per range, the bitmap of its docs not to score: removed since the build, or scored already. */
  skip: Map<number, Uint32Array>;
  /** A rare word's docs (a short list's), scored first. */
  seeds: Map<number, Uint32Array>;
  /** Ranges another pool's pass read for this one too (lean-range.ts). */
  done: Uint8Array;
  /** Whether the seeds were scored. */
  seeded: boolean;
}

/**
 * The pool, or undefined when an item is not one term or no term is long (the caller then scores
 * every posting). With `own` (the query's own words, search.ts), their pool too, from the same
 * pass where the ranges are read lean: ranges both read cost one read.
 */
export function prunedPool(live: LiveIndex, items: readonly QueryItem[], size: number, rules: PoolRules, own?: readonly QueryItem[]): { pool: Pool; own?: Pool } | undefined {
  const run = begin(live, items, size, rules);
  if (!run) return undefined;
  const companion = own && begin(live, own, size, rules);
  if (companion) {
    // Its rare words' docs before the shared pass, as its own pass would read them (every range
    // holding one, no bound needed): the shared pass then reads its common words against them.
    const newest = live.file.newestByRange();
    const first = [...companion.seeds.keys()].filter((r) => newest[r]! >= rules.firstRank && rangeAllowed(rules, r)).sort((x, y) => x - y);
    seed(companion, first, scorer(live, companion, rules, new Float64Array(newest.length).fill(-Infinity), newest));
  }
  const pool = finish(live, run, rules, companion && { items: own!.map((item) => items.indexOf(item)), last: companion.top.last, offer: companion.top.offer, skip: companion.skip, done: companion.done });
  return { pool, own: companion && finish(live, companion, rules) };
}

function begin(live: LiveIndex, items: readonly QueryItem[], size: number, rules: PoolRules): Run | undefined {
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
  const lists = entries.map((entry) => entry && listOf(file, entry, ranges));
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
  // Docs not to score (again): those removed since the build, and those seeded.
  const skip = docMasks(live.removed);
  const seeds = docMasks(lists.flatMap((list) => (list && 'docs' in list ? [...list.docs] : [])));
  return { lists, idf, matching, avgdl, top, skip, seeds, done: new Uint8Array(ranges), seeded: false };
}

function finish(live: LiveIndex, run: Run, rules: PoolRules, companion?: Companion): Pool {
  const { file } = live;
  const { lists, idf, avgdl, top, skip } = run;
  // Ranges with no doc the filter lets through are neither bounded nor read (bound 0).
  const notRead = notAllowed(run.done, rules);
  const bound = kernelBounds(file, lists, idf, avgdl, notRead) ?? rangeBounds(lists, idf, avgdl, notRead);
  const newest = file.newestByRange();
  // Best bound first, unrounded (rounding thousands of bounds costs more than reading a few ranges).
  const key = new Float64Array(bound.length);
  for (let r = 0; r < bound.length; r++) key[r] = -bound[r]! * SLACK;
  const readable = (r: number) => bound[r]! > 0 && newest[r]! >= rules.firstRank;
  const compare = (x: number, y: number) => key[x]! - key[y]! || newest[y]! - newest[x]! || x - y;
  const anyPreferred = file.header.scopes.includes(rules.preferScope);
  const score = scorer(live, run, rules, key, newest);
  if (!run.seeded) seed(run, [...run.seeds.keys()].filter(readable).sort(compare), score);
  // With the pool full (seeded, or read in another pool's pass), a range whose bound is clearly
  // below its last fact is past where the reading stops: it is not sorted at all.
  const cut = (top.last()?.bm ?? Infinity) + 1e-6;
  const order: number[] = [];
  for (let r = 0; r < bound.length; r++) if (key[r]! <= cut && readable(r)) order.push(r);
  order.sort(compare);
  mark('pool: bounds');

  // With the pool full, runs of ranges whose items are all bitmaps are read by lean-range.ts.
  const pass: LeanPass = { live, lists, idf, avgdl, order, key, newest, rules, anyPreferred, skip, last: top.last, offer: top.offer, companion };
  let read = 0;
  for (let i = 0; i < order.length; i++) {
    if (top.last()) {
      const lean = leanRanges(pass, i);
      read += lean.read;
      if (lean.stop) break;
      i = lean.next;
      if (i === order.length) break;
    }
    const done = score(order[i]!);
    if (done === 'stop') break;
    if (done === 'read') read++;
  }
  mark(`pool: ${read} of ${order.length} ranges read`);
  const candidates = top.entries.map((e) => (e.base ? file.stored(e.index) : { fact: live.added[e.index]!.fact, columns: live.added[e.index]!.columns }));
  mark('pool: candidates read');
  return { candidates, facts: live.docs, matching: run.matching };
}

/**
 * Reads range r (only the docs of `only`, when given) unless its bound cannot beat the pool's last
 * fact: 'stop' when neither it nor any after it can (their bounds round worse), 'skip' when it
 * cannot by a tie (a later one of the same rounded bound may be newer).
 */
function scorer(live: LiveIndex, run: Run, rules: PoolRules, key: Float64Array, newest: Uint32Array): (r: number, only?: Uint32Array) => 'read' | 'skip' | 'stop' {
  const { lists, idf, avgdl, top, skip } = run;
  const anyPreferred = live.file.header.scopes.includes(rules.preferScope);
  const masks = lists.map(() => new Uint32Array(WORDS));
  const wanted = new Uint32Array(WORDS);
  const set: SetScratch & { parts: Float64Array } = { tf: new Float64Array(lists.length), length: new Float64Array(lists.length), idf: new Float64Array(lists.length), parts: new Float64Array(lists.length), n: 0 };
  return (r, only) => {
    const last = top.last();
    if (last) {
      if (key[r]! > last.bm + 1e-6) return 'stop';
      // Rounded only where rounding can decide (a cold process pays for each toFixed).
      if (key[r]! >= last.bm - 1e-6) {
        const bm = round6(key[r]!);
        if (bm > last.bm) return 'stop';
        if (cannotBeat(bm, anyPreferred, 2 * newest[r]!, last)) return 'skip';
      }
    }
    scoreRange(live, lists, idf, avgdl, r, { rules, anyPreferred, newest: 2 * newest[r]!, last, skip, only, masks, wanted, set }, top.offer);
    return 'read';
  };
}

/**
 * A rare word's docs first (a short list's), range by range in `order`: they fill the pool with facts
 * that score high, so the common words' ranges are then read only for their docs that could beat those.
 */
function seed(run: Run, order: Iterable<number>, score: (r: number, only?: Uint32Array) => unknown): void {
  for (const r of order) {
    const only = run.seeds.get(r);
    if (!only) continue;
    score(r, only);
    const done = run.skip.get(r);
    if (done) for (let w = 0; w < WORDS; w++) done[w]! |= only[w]!;
    else run.skip.set(r, only);
  }
  run.seeded = true;
}

/**
 * A term's list indexed by range (a lookup per range read, no map of thousands of entries built per
 * query), kept per file: a query with other-script spellings pools twice (search.ts ownItems) over
 * the same terms, and a 500k-fact file's common word has ~3900 ranges to parse.
 */
const listCache = new WeakMap<SearchFile, Map<number, List>>();

function listOf(file: SearchFile, entry: TermEntry, ranges: number): List {
  let cache = listCache.get(file);
  if (!cache) listCache.set(file, (cache = new Map()));
  const cached = cache.get(entry.start);
  if (cached) return cached;
  let list: List;
  const long = file.ranges(entry);
  if (!long) list = shortList(file, file.postings(entry), ranges);
  else {
    const byRange = new Array<RangeEntry | undefined>(ranges).fill(undefined);
    for (const r of long.ranges) byRange[r.range] = r;
    list = { bytes: long.bytes, ranges: byRange };
  }
  cache.set(entry.start, list);
  return list;
}

/** The best `size` entries in the pool's order, kept sorted (the pool is a few dozen). */
interface Top {
  entries: Entry[];
  offer: (e: Entry) => void;
  last: () => Entry | undefined;
}

function topOf(size: number, rules: PoolRules): Top {
  const top: Entry[] = [];
  const compare = (x: Entry, y: Entry) => x.bm - y.bm || Number(y.preferred) - Number(x.preferred) || rules.created.compare(y.created, x.created) || x.row - y.row;
  const offer = (e: Entry) => {
    if (top.length === size && compare(e, top[size - 1]!) >= 0) return;
    // After every entry it does not come before (a binary search: a pool filling early takes most
    // offers near its top, ~30 comparisons each walked from the end).
    let lo = 0;
    let hi = top.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compare(e, top[mid]!) < 0) hi = mid;
      else lo = mid + 1;
    }
    top.splice(lo, 0, e);
    if (top.length > size) top.pop();
  };
  return { entries: top, offer, last: () => (top.length === size ? top[size - 1] : undefined) };
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
    const parts = set.parts;
    let total = 0;
    for (let i = 0; i < set.n; i++) total += parts[i] = bm25Part(set.idf[i]!, set.tf[i]!, set.length[i]!, avgdl);
    for (let i = 0; i < set.n && set.n > 1; i++) {
      if (boundCannotBeat(total - parts[i]!, context, last)) for (let w = 0; w < WORDS; w++) wanted[w]! &= views[present[i]!]!.mask[w]!;
    }
    parts.subarray(0, set.n).sort().reverse();
    let least = 1;
    for (let sum = parts[0]!; least < set.n && boundCannotBeat(sum, context, last); sum += parts[least++]!);
    if (least > 1 && present.length <= 15) atLeast(views, least, wanted);
  }
  const skip = context.skip.get(r);
  // Docs of other scopes or kinds than the filter's are never read.
  if (rules.docs) for (let w = 0; w < WORDS; w++) wanted[w]! &= rules.docs[4 * r + w]!;
  // With the pool full, each doc's score is bounded from its short length (format.ts) before its
  // record is read: the records of a range span ~13 times the pages its lengths do.
  const docs: number[] = [];
  for (let w = 0; w < WORDS; w++) {
    let bits = (wanted[w]! & ~(skip?.[w] ?? 0) & (context.only?.[w] ?? ~0)) >>> 0;
    while (bits) {
      const low = bits & -bits;
      const o = 32 * w + 31 - Math.clz32(low);
      bits = (bits ^ low) >>> 0;
      if (last) {
        const length = file.shortLength(first + o);
        let bound = 0;
        for (const k of present) if (views[k]!.mask[w]! & low) bound += bm25Part(idf[k]!, views[k]!.tf(o), length, avgdl);
        if (boundCannotBeat(bound, context, last)) continue;
      }
      docs.push(first + o);
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
    // Clearly worse than the pool's last fact: not rounded, not offered.
    if (last && -score > last.bm + 1e-6) continue;
    const scope = file.header.scopes[records.scope[i]!]!;
    offer({ bm: round6(-score), preferred: scope === rules.preferScope, created: { key: 2 * records.created[i]! }, row: records.row[i]!, base: true, index: docs[i]! });
  }
}

