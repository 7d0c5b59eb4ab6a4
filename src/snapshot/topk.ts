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
import type { DocRecords, SearchFile } from './reader.js';
import { bm25Part, idfOf, round6 } from './bm25.js';
import { RANGE, type RangeEntry } from './skips.js';
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

/** An item's postings in the file: a long term's ranges, or a short term's whole list. */
type List = { ranges: Map<number, RangeEntry>; bytes: Uint8Array } | { docs: Uint32Array; tf: Uint32Array } | undefined;

/** A bound is a sum taken in another order than the score's: widened by far more than rounding. */
const SLACK = 1 + 1e-9;

/** The pool, or undefined when an item is not one term or no term is long (the caller then scores every posting). */
export function prunedPool(live: LiveIndex, items: readonly QueryItem[], size: number, rules: PoolRules): Pool | undefined {
  const { file } = live;
  const lists: List[] = [];
  const held: number[] = [];
  for (const item of items) {
    if (item.terms.length !== 1) return undefined;
    const found = file.terms(utf8.encode(item.terms[0]!), item.prefix);
    if (found.length > 1) return undefined;
    const entry = found[0];
    held.push(entry?.docs ?? 0);
    if (!entry) lists.push(undefined);
    else {
      const long = file.ranges(entry);
      lists.push(long ? { bytes: long.bytes, ranges: new Map(long.ranges.map((r) => [r.range, r])) } : file.postings(entry));
    }
  }
  // Short lists alone cost less read whole than their ranges' bounds cost to read.
  if (!lists.some((list) => list && 'ranges' in list)) return undefined;
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

  // Each range's bound: per item its largest part there, summed.
  const bound = new Float64Array(Math.ceil(file.header.docs / RANGE));
  lists.forEach((list, k) => {
    if (!list) return;
    if ('ranges' in list) {
      for (const r of list.ranges.values()) bound[r.range] = bound[r.range]! + bm25Part(idf[k]!, r.maxTf, r.minLength, avgdl);
      return;
    }
    const lengths = file.records(list.docs).length;
    const best = new Map<number, number>();
    list.docs.forEach((d, j) => {
      const r = Math.floor(d / RANGE);
      best.set(r, Math.max(best.get(r) ?? 0, bm25Part(idf[k]!, list.tf[j]!, lengths[j]!, avgdl)));
    });
    for (const [r, part] of best) bound[r] = bound[r]! + part;
  });
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
    scoreRange(live, lists, idf, avgdl, r, rules, top.offer);
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

/** Scores every doc of range r that the filter lets through, item by item in query order (FTS5's sums). */
function scoreRange(live: LiveIndex, lists: List[], idf: number[], avgdl: number, r: number, rules: PoolRules, offer: (e: Entry) => void): void {
  const { file } = live;
  const first = r * RANGE;
  const postings = lists.map((list) => rangePostings(file, list, r));
  const present = new Uint8Array(RANGE);
  for (const p of postings) if (p) for (const d of p.docs) present[d - first] = 1;
  const docs: number[] = [];
  for (let o = 0; o < RANGE; o++) if (present[o] && !live.removed.has(first + o)) docs.push(first + o);
  if (docs.length === 0) return;
  const records = file.records(Uint32Array.from(docs));
  const slot = new Int16Array(RANGE).fill(-1);
  docs.forEach((d, i) => {
    if (rules.allow.base(records, i)) slot[d - first] = i;
  });
  const score = new Float64Array(docs.length);
  postings.forEach((p, k) => {
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
function rangePostings(file: SearchFile, list: List, r: number): { docs: Uint32Array; tf: Uint32Array } | undefined {
  if (!list) return undefined;
  if ('ranges' in list) {
    const entry = list.ranges.get(r);
    if (!entry) return undefined;
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
    const p = rangePostings(file, list, Math.floor(d / RANGE));
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
