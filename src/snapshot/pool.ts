// The candidate pool of a search, computed from the search file exactly as the SQLite path computes
// it with FTS5 (search.ts): FTS5's bm25() (bm25.ts; phrases summed in query order), the same ORDER BY
// and LIMIT, and the same counts. topk.ts finds it without scoring every posting when every item is
// one term; the exhaustive way here does the rest (phrases, prefixes of several terms).
// test/snapshot/pool.test.ts compares the two paths on every evaluation set: the results must be identical.
import type { ListFilter } from '../store/rows.js';
import { occurrencesIn, type QueryItem } from '../text/query-items.js';
import { compareStrings } from './format.js';
import type { DocRecord, DocRecords, SearchFile } from './reader.js';
import type { AddedDoc, CreatedKey, LiveIndex, Pool } from './pool-types.js';
import { KINDS } from '../facts/validate.js';
import { mark } from '../util/profile.js';
import { bm25Part, idfOf, round6 } from './bm25.js';
import { prunedPool } from './topk.js';
import { emptyRanges } from './pool-bounds.js';

export type { AddedDoc, CreatedKey, LiveIndex, Pool, PoolFact } from './pool-types.js';

const utf8 = new TextEncoder();

/**
 * The first `size` facts by FTS5's order among those `filter` lets through. The matches are kept in
 * typed arrays and only the few that can make the pool become objects: a compiled binary runs this
 * in the interpreter, where every object and map entry per match costs.
 */
export function snapshotPool(live: LiveIndex, items: readonly QueryItem[], filter: ListFilter, preferScope: string, size: number, prune = true): Pool {
  return snapshotPools(live, items, undefined, filter, preferScope, size, prune).pool;
}

/**
 * snapshotPool of `items`, and with `own` (some of them) snapshotPool of those too: found in one
 * pass where both can be (topk.ts), else one after the other.
 */
export function snapshotPools(live: LiveIndex, items: readonly QueryItem[], own: readonly QueryItem[] | undefined, filter: ListFilter, preferScope: string, size: number, prune = true): { pool: Pool; own?: Pool } {
  const allow = filterTest(live, filter);
  const pooled = prune ? prunedPool(live, items, size, { allow, created: createdOrder(live), preferScope, firstRank: allow.firstRank, docs: allow.docs, empty: allow.docs && emptyRanges(allow.docs) }, own) : undefined;
  const pool = pooled?.pool ?? exhaustivePool(live, items, allow, preferScope, size);
  if (!own) return { pool };
  return { pool, own: pooled?.own ?? snapshotPools(live, own, undefined, filter, preferScope, size, prune).pool };
}

/** The pool from every posting of the items. */
function exhaustivePool(live: LiveIndex, items: readonly QueryItem[], allow: ReturnType<typeof filterTest>, preferScope: string, size: number): Pool {
  const { file } = live;
  const baseFreq = items.map((item) => baseFrequencies(live, item));
  const docs = union(baseFreq.map((f) => f.docs));
  mark('pool: postings read');
  const addedFreq = items.map((item) => live.added.map((doc) => occurrencesIn(item, doc)));
  const matching = items.map((_, k) => baseFreq[k]!.docs.length + addedFreq[k]!.filter((f) => f > 0).length);
  const avgdl = live.tokens / live.docs;
  const idf = matching.map((n) => idfOf(live.docs, n));
  const records = file.records(docs);
  // Scores add up phrase by phrase in query order, as FTS5's loop does (the same float sums).
  const baseScore = new Float64Array(docs.length);
  baseFreq.forEach(({ docs: held, freq }, k) => {
    let i = 0;
    for (let j = 0; j < held.length; j++) {
      while (docs[i] !== held[j]) i++;
      baseScore[i] = baseScore[i]! + bm25Part(idf[k]!, freq[j]!, records.length[i]!, avgdl);
    }
  });
  const addedScore = live.added.map((doc, a) => {
    const length = doc.columns[0].length + doc.columns[1].length;
    return items.reduce((score, _, k) => (addedFreq[k]![a] ? score + bm25Part(idf[k]!, addedFreq[k]![a]!, length, avgdl) : score), 0);
  });
  mark('pool: scored');

  // Only facts whose score comes within a rounding step of the size-th best can be in the pool.
  // Typed arrays and plain loops: at 100k facts a common word matches tens of thousands.
  const allowed = new Uint32Array(docs.length);
  let kept = 0;
  for (let i = 0; i < docs.length; i++) if (allow.base(records, i)) allowed[kept++] = i;
  const addedAllowed = live.added.map((_, a) => a).filter((a) => addedScore[a]! > 0 && allow.added(live.added[a]!));
  const scores = new Float64Array(kept + addedAllowed.length);
  for (let j = 0; j < kept; j++) scores[j] = baseScore[allowed[j]!]!;
  addedAllowed.forEach((a, j) => (scores[kept + j] = addedScore[a]!));
  scores.sort(); // ascending: the size-th best is size places from the end
  const floor = scores.length >= size ? round6(-scores[scores.length - size]!) : Infinity;
  const created = createdOrder(live);
  type Entry = { bm: number; preferred: boolean; created: CreatedKey; row: number; base: boolean; index: number };
  const entries: Entry[] = [];
  for (let j = 0; j < kept; j++) {
    const i = allowed[j]!;
    if (-baseScore[i]! > floor + 1e-6 || round6(-baseScore[i]!) > floor) continue;
    const scope = file.header.scopes[records.scope[i]!]!;
    entries.push({ bm: round6(-baseScore[i]!), preferred: scope === preferScope, created: { key: 2 * records.created[i]! }, row: records.row[i]!, base: true, index: docs[i]! });
  }
  for (const a of addedAllowed) {
    const doc = live.added[a]!;
    if (round6(-addedScore[a]!) > floor) continue;
    entries.push({ bm: round6(-addedScore[a]!), preferred: doc.fact.scope === preferScope, created: created.added(doc), row: doc.row, base: false, index: a });
  }
  mark('pool: filtered');
  entries.sort((x, y) => x.bm - y.bm || Number(y.preferred) - Number(x.preferred) || created.compare(y.created, x.created) || x.row - y.row);
  const candidates = entries.slice(0, size).map((e) => (e.base ? file.stored(e.index) : { fact: live.added[e.index]!.fact, columns: live.added[e.index]!.columns }));
  mark('pool: candidates read');
  return { candidates, facts: live.docs, matching };
}

/** The distinct values of sorted lists, sorted. */
function union(lists: readonly Uint32Array[]): Uint32Array {
  if (lists.length === 1) return lists[0]!;
  const all = new Uint32Array(lists.reduce((n, l) => n + l.length, 0));
  let at = 0;
  for (const list of lists) {
    all.set(list, at);
    at += list.length;
  }
  all.sort();
  let n = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[n++] = all[i]!;
  return all.subarray(0, n);
}

/** The file docs holding the item (ascending, the removed ones left out) and how often each holds it. */
function baseFrequencies(live: LiveIndex, item: QueryItem): { docs: Uint32Array; freq: Float64Array } {
  const { file } = live;
  const none = { docs: new Uint32Array(0), freq: new Float64Array(0) };
  const entries = item.terms.map((t, j) => file.terms(utf8.encode(t), item.prefix && j === item.terms.length - 1));
  if (entries.some((e) => e.length === 0)) return none;
  if (item.terms.length === 1) {
    const lists = entries[0]!.map((entry) => file.postings(entry));
    if (lists.length === 1 && live.removed.size === 0) return { docs: lists[0]!.docs, freq: Float64Array.from(lists[0]!.tf) };
    // Several terms under one prefix, or facts removed since the build: summed per doc.
    const freq = new Map<number, number>();
    for (const list of lists) {
      list.docs.forEach((d, i) => {
        if (!live.removed.has(d)) freq.set(d, (freq.get(d) ?? 0) + list.tf[i]!);
      });
    }
    return sortedFrequencies(freq);
  }
  // A phrase: the docs holding all its terms, then its consecutive terms within one column, counted
  // in the doc's stored terms (only docs that could hold it are read).
  let held: Set<number> | undefined;
  for (const termEntries of entries) {
    const holding = new Set<number>();
    for (const entry of termEntries) for (const d of file.postings(entry).docs) if (!held || held.has(d)) holding.add(d);
    held = holding;
    if (held.size === 0) return none;
  }
  const freq = new Map<number, number>();
  for (const d of held!) {
    if (live.removed.has(d)) continue;
    const n = occurrencesIn(item, file.stored(d));
    if (n > 0) freq.set(d, n);
  }
  return sortedFrequencies(freq);
}

function sortedFrequencies(freq: Map<number, number>): { docs: Uint32Array; freq: Float64Array } {
  const docs = Uint32Array.from(freq.keys()).sort();
  return { docs, freq: Float64Array.from(docs, (d) => freq.get(d)!) };
}

/** The WHERE of the SQLite search (store.ts filterClause) for file docs and added ones. */
function filterTest(live: LiveIndex, filter: ListFilter): { base: (r: DocRecords, i: number) => boolean; added: (doc: AddedDoc) => boolean; firstRank: number; docs: Int32Array | undefined } {
  const { file } = live;
  const scopes = filter.scopes ? new Set(filter.scopes) : undefined;
  const allowedScope = file.header.scopes.map((s) => !scopes || scopes.has(s));
  const kind = filter.kind === undefined ? undefined : KINDS.indexOf(filter.kind as (typeof KINDS)[number]);
  // The index holds active facts only.
  const stateOk = !filter.state || filter.state === 'all' || filter.state === 'active';
  const since = filter.since;
  const firstRank = since === undefined ? 0 : file.createdRank(since).rank;
  return {
    firstRank,
    docs: filterMask(file, allowedScope, kind),
    base: (r, i) => stateOk && allowedScope[r.scope[i]!]! && (kind === undefined || r.kind[i] === kind) && r.created[i]! >= firstRank,
    added: (doc) =>
      stateOk &&
      (!scopes || scopes.has(doc.fact.scope)) &&
      (filter.kind === undefined || doc.fact.kind === filter.kind) &&
      (since === undefined || compareStrings(doc.fact.created_at, since) >= 0),
  };
}

/**
 * The file's docs of the scopes and kind the filter lets through, as a bitmap of 4 words a range
 * (format.ts masks); undefined when those let every doc through. A filtered search skips the ranges
 * with none and leaves the others out before their records are read (topk.ts, lean-range.ts).
 */
function filterMask(file: SearchFile, allowedScope: readonly boolean[], kind: number | undefined): Int32Array | undefined {
  const scopes: number[] = [];
  for (let s = 0; s < allowedScope.length; s++) if (allowedScope[s]) scopes.push(s);
  const everyScope = scopes.length === allowedScope.length;
  if (everyScope && kind === undefined) return undefined;
  // A kind no fact has, or no scope of the file's: no doc (the mask of the first scope, emptied).
  if ((kind !== undefined && kind < 0) || scopes.length === 0) return file.docMask(0).fill(0);
  let mask: Int32Array | undefined;
  if (!everyScope) {
    mask = file.docMask(scopes[0]!);
    for (let k = 1; k < scopes.length; k++) {
      const docs = file.docMask(scopes[k]!);
      for (let w = 0; w < docs.length; w++) mask[w]! |= docs[w]!;
    }
  }
  if (kind === undefined) return mask;
  const docs = file.docMask(file.header.scopes.length + kind);
  if (!mask) return docs;
  for (let w = 0; w < docs.length; w++) mask[w]! &= docs[w]!;
  return mask;
}

/**
 * created_at comparable across file docs and added ones. Two added values between the same two of the
 * file's get the same key and are told apart by their text (issue 19.5: they tied otherwise).
 */
export function createdOrder(live: LiveIndex): { base: (r: DocRecord) => CreatedKey; added: (doc: AddedDoc) => CreatedKey; compare: (a: CreatedKey, b: CreatedKey) => number } {
  const { file } = live;
  return {
    base: (r) => ({ key: 2 * r.created }),
    added: (doc) => {
      const { rank, equal } = file.createdRank(doc.fact.created_at);
      return { key: equal ? 2 * rank : 2 * rank - 1, text: doc.fact.created_at };
    },
    compare: (a, b) => a.key - b.key || (a.text !== undefined && b.text !== undefined ? compareStrings(a.text, b.text) : 0),
  };
}
