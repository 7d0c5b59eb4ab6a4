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
import { isLong, RANGE, type RangeEntry } from './skips.js';
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
  | { ranges: Map<number, RangeEntry>; bytes: Uint8Array }
  | { ranges: Map<number, RangeSummary>; docs: Uint32Array; tf: Uint32Array; lengths: Uint16Array }
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
    return long ? { bytes: long.bytes, ranges: new Map(long.ranges.map((r) => [r.range, r])) } : shortList(file, file.postings(entry));
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
  const key = Float64Array.from(bound, (b) => round6(-b * SLACK));
  const order: number[] = [];
  for (let r = 0; r < bound.length; r++) if (bound[r]! > 0 && newest[r]! >= rules.firstRank) order.push(r);
  order.sort((x, y) => key[x]! - key[y]! || newest[y]! - newest[x]! || x - y);
  mark('pool: bounds');

  const anyPreferred = file.header.scopes.includes(rules.preferScope);
  let read = 0;
  for (const r of order) {
    const last = top.last();
    if (last && cannotBeat(key[r]!, anyPreferred, 2 * newest[r]!, last)) break;
    scoreRange(live, lists, idf, avgdl, r, { rules, anyPreferred, newest: 2 * newest[r]!, last }, top.offer);
    read++;
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
function shortList(file: SearchFile, list: { docs: Uint32Array; tf: Uint32Array }): List {
  const lengths = file.records(list.docs).length;
  const ranges = new Map<number, RangeSummary>();
  list.docs.forEach((d, j) => {
    const r = Math.floor(d / RANGE);
    const summary = ranges.get(r);
    if (!summary) ranges.set(r, { maxTf: list.tf[j]!, minLength: lengths[j]! });
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
 * and that length; the bound is the largest over the sets (three common words: a doc holding all
 * three is rarely as short as each word's shortest doc).
 */
function rangeBounds(lists: List[], idf: number[], avgdl: number, ranges: number): Float64Array {
  const present = new Map<number, [number, RangeSummary][]>();
  lists.forEach((list, k) => {
    if (!list) return;
    for (const [r, summary] of list.ranges) {
      let items = present.get(r);
      if (!items) present.set(r, (items = []));
      items.push([k, summary]);
    }
  });
  const bound = new Float64Array(ranges);
  for (const [r, items] of present) {
    if (items.length > MAX_SETS) {
      bound[r] = items.reduce((sum, [k, s]) => sum + bm25Part(idf[k]!, s.maxTf, s.minLength, avgdl), 0);
      continue;
    }
    let best = 0;
    for (let set = 1; set < 1 << items.length; set++) {
      let length = 0;
      for (let i = 0; i < items.length; i++) if (set & (1 << i)) length = Math.max(length, items[i]![1].minLength);
      let sum = 0;
      for (let i = 0; i < items.length; i++) if (set & (1 << i)) sum += bm25Part(idf[items[i]![0]]!, items[i]![1].maxTf, length, avgdl);
      best = Math.max(best, sum);
    }
    bound[r] = best;
  }
  return bound;
}

/** Items in one range beyond which the sets are not enumerated (the plain sum bounds them). */
const MAX_SETS = 8;

interface RangeContext {
  rules: PoolRules;
  anyPreferred: boolean;
  /** The range's newest created key. */
  newest: number;
  /** The pool's last fact when the range is started, if the pool is full. */
  last: Entry | undefined;
}

/**
 * Scores the docs of range r that the filter lets through, item by item in query order (FTS5's sums),
 * except those whose own bound (their items' parts at their tf and the longest of those items'
 * shortest docs) cannot beat the pool's last fact: their records are not read.
 */
function scoreRange(live: LiveIndex, lists: List[], idf: number[], avgdl: number, r: number, context: RangeContext, offer: (e: Entry) => void): void {
  const { file } = live;
  const { rules, last } = context;
  const first = r * RANGE;
  const parts = lists.map((list) => rangePart(file, list, r));
  const length = new Float64Array(RANGE);
  const present = new Uint8Array(RANGE);
  for (const p of parts) {
    if (!p) continue;
    for (let j = 0; j < p.docs.length; j++) {
      const o = p.docs[j]! - first;
      present[o] = 1;
      length[o] = Math.max(length[o]!, p.lengths ? p.lengths[j]! : p.minLength);
    }
  }
  const ceiling = new Float64Array(RANGE);
  if (last) {
    parts.forEach((p, k) => {
      if (!p) return;
      for (let j = 0; j < p.docs.length; j++) {
        const o = p.docs[j]! - first;
        ceiling[o] = ceiling[o]! + bm25Part(idf[k]!, p.tf[j]!, length[o]!, avgdl);
      }
    });
  }
  const docs: number[] = [];
  for (let o = 0; o < RANGE; o++) {
    if (!present[o] || live.removed.has(first + o)) continue;
    if (last && cannotBeat(round6(-ceiling[o]! * SLACK), context.anyPreferred, context.newest, last)) continue;
    docs.push(first + o);
  }
  if (docs.length === 0) return;
  const records = file.records(Uint32Array.from(docs));
  const slot = new Int16Array(RANGE).fill(-1);
  docs.forEach((d, i) => {
    if (rules.allow.base(records, i)) slot[d - first] = i;
  });
  const score = new Float64Array(docs.length);
  parts.forEach((p, k) => {
    if (!p) return;
    for (let j = 0; j < p.docs.length; j++) {
      const i = slot[p.docs[j]! - first]!;
      if (i >= 0) score[i] = score[i]! + bm25Part(idf[k]!, p.tf[j]!, records.length[i]!, avgdl);
    }
  });
  for (let i = 0; i < docs.length; i++) {
    if (slot[docs[i]! - first]! < 0) continue;
    const scope = file.header.scopes[records.scope[i]!]!;
    offer({ bm: round6(-score[i]!), preferred: scope === rules.preferScope, created: { key: 2 * records.created[i]! }, row: records.row[i]!, base: true, index: docs[i]! });
  }
}

/** An item's postings within range r. */
function rangePart(file: SearchFile, list: List, r: number): RangePart | undefined {
  if (!list) return undefined;
  if ('bytes' in list) {
    const entry = list.ranges.get(r);
    if (!entry) return undefined;
    const docs = new Uint32Array(entry.count);
    const tf = new Uint32Array(entry.count);
    file.rangePostings(list.bytes, entry, docs, tf, 0);
    return { docs, tf, minLength: entry.minLength };
  }
  const from = lowerBound(list.docs, r * RANGE);
  const to = lowerBound(list.docs, (r + 1) * RANGE);
  return from === to ? undefined : { docs: list.docs.subarray(from, to), tf: list.tf.subarray(from, to), lengths: list.lengths.subarray(from, to), minLength: 0 };
}

/** How many removed docs hold the item: each looked up in its range, not the whole list. */
function removedHolding(file: SearchFile, list: List, removed: ReadonlySet<number>): number {
  if (!list) return 0;
  let n = 0;
  for (const d of removed) {
    const p = rangePart(file, list, Math.floor(d / RANGE));
    if (p && p.docs.includes(d)) n++;
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
