// The candidate pool of a search, computed from the search file exactly as the SQLite path computes
// it with FTS5 (search.ts): FTS5's bm25() (fts5_aux.c: k1 1.2, b 0.75, IDF log((N-n+0.5)/(n+0.5))
// floored at 1e-6, the row's length over all columns, phrases summed in query order), the same
// ORDER BY and LIMIT, and the same counts. test/snapshot/pool.test.ts compares the two on every
// evaluation set: the results must be identical.
import type { Fact } from '../store/facts.js';
import type { ListFilter } from '../store/rows.js';
import type { QueryItem } from '../search/query.js';
import { occurrencesIn } from '../search/rerank.js';
import { compareBytes, readDoc, type SnapshotData } from './format.js';
import { KINDS } from '../store/schema.js';

const K1 = 1.2;
const B = 0.75;

/** A fact a writer added since the search file was built (delta.ts). */
export interface AddedDoc {
  row: number;
  fact: Fact;
  columns: [string[], string[]];
}

/** The search file plus the changes recorded since: the index as it is now. */
export interface LiveIndex {
  data: SnapshotData;
  /** Docs of the file no longer in the index (edited, forgotten). */
  removed: ReadonlySet<number>;
  added: readonly AddedDoc[];
  docs: number;
  tokens: number;
  scopesInUse: readonly string[];
}

export interface PoolFact {
  fact: Fact;
  columns: [string[], string[]];
}

export interface Pool {
  candidates: PoolFact[];
  /** Facts in the index, and facts matching each item (FTS5's count for the same MATCH). */
  facts: number;
  matching: number[];
}

const utf8 = new TextEncoder();

/** The first `size` facts by FTS5's order among those `filter` lets through. */
export function snapshotPool(live: LiveIndex, items: readonly QueryItem[], filter: ListFilter, preferScope: string, size: number): Pool {
  const { data } = live;
  const baseFreq = items.map((item) => baseFrequencies(live, item));
  const addedFreq = items.map((item) => live.added.map((doc) => occurrencesIn(item, doc)));
  const matching = items.map((_, k) => baseFreq[k]!.size + addedFreq[k]!.filter((f) => f > 0).length);
  const avgdl = live.tokens / live.docs;
  const idf = matching.map((n) => {
    const value = Math.log((live.docs - n + 0.5) / (n + 0.5));
    return value <= 0 ? 1e-6 : value;
  });
  // Scores add up phrase by phrase in query order, as FTS5's loop does (the same float sums).
  const baseScore = new Map<number, number>();
  const addedScore = new Map<number, number>();
  items.forEach((_, k) => {
    for (const [d, f] of baseFreq[k]!) {
      const length = data.fwdStart[d + 1]! - data.fwdStart[d]!;
      baseScore.set(d, (baseScore.get(d) ?? 0) + term(idf[k]!, f, length, avgdl));
    }
    addedFreq[k]!.forEach((f, a) => {
      if (f === 0) return;
      const doc = live.added[a]!;
      const length = doc.columns[0].length + doc.columns[1].length;
      addedScore.set(a, (addedScore.get(a) ?? 0) + term(idf[k]!, f, length, avgdl));
    });
  });

  const allow = filterTest(live, filter);
  const createdOf = createdKey(live);
  type Entry = { bm: number; preferred: boolean; created: number; row: number; base: boolean; index: number };
  const entries: Entry[] = [];
  for (const [d, score] of baseScore) {
    if (!allow.base(d)) continue;
    const scope = data.header.scopes[data.scope[d]!]!;
    entries.push({ bm: round6(-score), preferred: scope === preferScope, created: createdOf.base(d), row: data.rows[d]!, base: true, index: d });
  }
  for (const [a, score] of addedScore) {
    const doc = live.added[a]!;
    if (!allow.added(doc)) continue;
    entries.push({ bm: round6(-score), preferred: doc.fact.scope === preferScope, created: createdOf.added(doc), row: doc.row, base: false, index: a });
  }
  entries.sort((x, y) => x.bm - y.bm || Number(y.preferred) - Number(x.preferred) || y.created - x.created || x.row - y.row);
  const candidates = entries.slice(0, size).map((e) => {
    if (!e.base) return { fact: live.added[e.index]!.fact, columns: live.added[e.index]!.columns };
    const { fact, terms, translationTerms } = readDoc(data, e.index);
    return { fact, columns: [split(terms), split(translationTerms)] as [string[], string[]] };
  });
  return { candidates, facts: live.docs, matching };
}

/** One phrase's part of a row's bm25, as fts5Bm25Function writes it. */
function term(idf: number, f: number, length: number, avgdl: number): number {
  return idf * ((f * (K1 + 1.0)) / (f + K1 * (1 - B + (B * length) / avgdl)));
}

/** SQLite's round(x, 6): decimal rounding, half away from zero. */
function round6(x: number): number {
  return Number(x.toFixed(6));
}

function split(terms: string): string[] {
  return terms.split(' ').filter(Boolean);
}

/** How often the item occurs in each file doc that holds it (the removed ones left out). */
function baseFrequencies(live: LiveIndex, item: QueryItem): Map<number, number> {
  const { data } = live;
  const freq = new Map<number, number>();
  const ranges = item.terms.map((t, j) => termRange(data, utf8.encode(t), item.prefix && j === item.terms.length - 1));
  if (ranges.some(([lo, hi]) => lo === hi)) return freq;
  if (item.terms.length === 1) {
    const [lo, hi] = ranges[0]!;
    for (let t = lo; t < hi; t++) {
      for (let p = data.postStart[t]!; p < data.postStart[t + 1]!; p++) {
        const d = data.posts[3 * p]!;
        if (!live.removed.has(d)) freq.set(d, (freq.get(d) ?? 0) + data.posts[3 * p + 1]! + data.posts[3 * p + 2]!);
      }
    }
    return freq;
  }
  // A phrase: the docs holding its first term, then its consecutive terms within one column.
  const [lo, hi] = ranges[0]!;
  for (let t = lo; t < hi; t++) {
    for (let p = data.postStart[t]!; p < data.postStart[t + 1]!; p++) {
      const d = data.posts[3 * p]!;
      if (live.removed.has(d) || freq.has(d)) continue;
      const n = phraseCount(data, d, ranges);
      if (n > 0) freq.set(d, n);
    }
  }
  return freq;
}

function phraseCount(data: SnapshotData, d: number, ranges: [number, number][]): number {
  const start = data.fwdStart[d]!;
  const columns: [number, number][] = [[start, start + data.firstColumn[d]!], [start + data.firstColumn[d]!, data.fwdStart[d + 1]!]];
  let count = 0;
  for (const [from, to] of columns) {
    for (let i = from; i + ranges.length <= to; i++) {
      if (ranges.every(([lo, hi], j) => data.fwd[i + j]! >= lo && data.fwd[i + j]! < hi)) count++;
    }
  }
  return count;
}

/** Term ids [lo, hi) equal to `bytes`, or (prefix) starting with them: one run in byte order. */
function termRange(data: SnapshotData, bytes: Uint8Array, prefix: boolean): [number, number] {
  const count = data.header.terms;
  const termAt = (t: number) => data.termBytes.subarray(data.termStart[t], data.termStart[t + 1]);
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareBytes(termAt(mid), bytes) < 0) lo = mid + 1;
    else hi = mid;
  }
  let end = lo;
  if (!prefix) return end < count && compareBytes(termAt(end), bytes) === 0 ? [lo, lo + 1] : [lo, lo];
  while (end < count && startsWith(termAt(end), bytes)) end++;
  return [lo, end];
}

function startsWith(term: Uint8Array, prefix: Uint8Array): boolean {
  if (term.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (term[i] !== prefix[i]) return false;
  return true;
}

/** The WHERE of the SQLite search (store.ts filterClause) for file docs and added ones. */
function filterTest(live: LiveIndex, filter: ListFilter): { base: (d: number) => boolean; added: (doc: AddedDoc) => boolean } {
  const { data } = live;
  const scopes = filter.scopes ? new Set(filter.scopes) : undefined;
  const kind = filter.kind === undefined ? undefined : KINDS.indexOf(filter.kind as (typeof KINDS)[number]);
  // The index holds active facts only.
  const stateOk = !filter.state || filter.state === 'all' || filter.state === 'active';
  const since = filter.since;
  const firstRank = since === undefined ? 0 : lowerBoundCreated(data, since);
  return {
    base: (d) =>
      stateOk &&
      (!scopes || scopes.has(data.header.scopes[data.scope[d]!]!)) &&
      (kind === undefined || data.kind[d] === kind) &&
      data.created[d]! >= firstRank,
    added: (doc) =>
      stateOk &&
      (!scopes || scopes.has(doc.fact.scope)) &&
      (filter.kind === undefined || doc.fact.kind === filter.kind) &&
      (since === undefined || doc.fact.created_at >= since),
  };
}

/** The rank of the first created_at value >= `since` (SQLite compares the strings by their bytes). */
function lowerBoundCreated(data: SnapshotData, since: string): number {
  const wanted = utf8.encode(since);
  let lo = 0;
  let hi = data.createdStart.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareBytes(data.createdBytes.subarray(data.createdStart[mid], data.createdStart[mid + 1]), wanted) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * created_at as one comparable number for file docs and added ones together: the file's rank, and
 * for an added doc the rank it would take (between two file values it sits half-way).
 */
export function createdKey(live: LiveIndex): { base: (d: number) => number; added: (doc: AddedDoc) => number } {
  const { data } = live;
  return {
    base: (d) => 2 * data.created[d]!,
    added: (doc) => {
      const at = lowerBoundCreated(data, doc.fact.created_at);
      const equal =
        at < data.createdStart.length - 1 &&
        compareBytes(data.createdBytes.subarray(data.createdStart[at], data.createdStart[at + 1]), utf8.encode(doc.fact.created_at)) === 0;
      return equal ? 2 * at : 2 * at - 1;
    },
  };
}
