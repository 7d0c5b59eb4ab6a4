// The candidate pool of a search, computed from the search file exactly as the SQLite path computes
// it with FTS5 (search.ts): FTS5's bm25() (fts5_aux.c: k1 1.2, b 0.75, IDF log((N-n+0.5)/(n+0.5))
// floored at 1e-6, the row's length over all columns, phrases summed in query order), the same
// ORDER BY and LIMIT, and the same counts. test/snapshot/pool.test.ts compares the two on every
// evaluation set: the results must be identical.
import type { Fact } from '../store/facts.js';
import type { ListFilter } from '../store/rows.js';
import type { QueryItem } from '../search/query.js';
import { occurrencesIn } from '../search/rerank.js';
import { compareStrings } from './format.js';
import type { DocRecord, SearchFile } from './reader.js';
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
  file: SearchFile;
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
  const { file } = live;
  const records = new Map<number, DocRecord>();
  const record = (d: number) => {
    let r = records.get(d);
    if (!r) records.set(d, (r = file.doc(d)));
    return r;
  };
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
      baseScore.set(d, (baseScore.get(d) ?? 0) + term(idf[k]!, f, record(d).length, avgdl));
    }
    addedFreq[k]!.forEach((f, a) => {
      if (f === 0) return;
      const doc = live.added[a]!;
      const length = doc.columns[0].length + doc.columns[1].length;
      addedScore.set(a, (addedScore.get(a) ?? 0) + term(idf[k]!, f, length, avgdl));
    });
  });

  const allow = filterTest(live, filter);
  const created = createdOrder(live);
  type Entry = { bm: number; preferred: boolean; created: CreatedKey; row: number; base: boolean; index: number };
  const entries: Entry[] = [];
  for (const [d, score] of baseScore) {
    const r = record(d);
    if (!allow.base(r)) continue;
    const scope = file.header.scopes[r.scope]!;
    entries.push({ bm: round6(-score), preferred: scope === preferScope, created: created.base(r), row: r.row, base: true, index: d });
  }
  for (const [a, score] of addedScore) {
    const doc = live.added[a]!;
    if (!allow.added(doc)) continue;
    entries.push({ bm: round6(-score), preferred: doc.fact.scope === preferScope, created: created.added(doc), row: doc.row, base: false, index: a });
  }
  entries.sort((x, y) => x.bm - y.bm || Number(y.preferred) - Number(x.preferred) || created.compare(y.created, x.created) || x.row - y.row);
  const candidates = entries.slice(0, size).map((e) => (e.base ? file.stored(e.index) : { fact: live.added[e.index]!.fact, columns: live.added[e.index]!.columns }));
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

/** How often the item occurs in each file doc that holds it (the removed ones left out). */
function baseFrequencies(live: LiveIndex, item: QueryItem): Map<number, number> {
  const { file } = live;
  const freq = new Map<number, number>();
  const entries = item.terms.map((t, j) => file.terms(utf8.encode(t), item.prefix && j === item.terms.length - 1));
  if (entries.some((e) => e.length === 0)) return freq;
  if (item.terms.length === 1) {
    for (const entry of entries[0]!) {
      file.postings(entry, (d, tf) => {
        if (!live.removed.has(d)) freq.set(d, (freq.get(d) ?? 0) + tf);
      });
    }
    return freq;
  }
  // A phrase: the docs holding all its terms, then its consecutive terms within one column, counted
  // in the doc's stored terms (only docs that could hold it are read).
  let docs: Set<number> | undefined;
  for (const termEntries of entries) {
    const holding = new Set<number>();
    for (const entry of termEntries) file.postings(entry, (d) => (!docs || docs.has(d)) && holding.add(d));
    docs = holding;
    if (docs.size === 0) return freq;
  }
  for (const d of [...docs!].sort((a, b) => a - b)) {
    if (live.removed.has(d)) continue;
    const n = occurrencesIn(item, file.stored(d));
    if (n > 0) freq.set(d, n);
  }
  return freq;
}

/** The WHERE of the SQLite search (store.ts filterClause) for file docs and added ones. */
function filterTest(live: LiveIndex, filter: ListFilter): { base: (r: DocRecord) => boolean; added: (doc: AddedDoc) => boolean } {
  const { file } = live;
  const scopes = filter.scopes ? new Set(filter.scopes) : undefined;
  const kind = filter.kind === undefined ? undefined : KINDS.indexOf(filter.kind as (typeof KINDS)[number]);
  // The index holds active facts only.
  const stateOk = !filter.state || filter.state === 'all' || filter.state === 'active';
  const since = filter.since;
  const firstRank = since === undefined ? 0 : file.createdRank(since).rank;
  return {
    base: (r) => stateOk && (!scopes || scopes.has(file.header.scopes[r.scope]!)) && (kind === undefined || r.kind === kind) && r.created >= firstRank,
    added: (doc) =>
      stateOk &&
      (!scopes || scopes.has(doc.fact.scope)) &&
      (filter.kind === undefined || doc.fact.kind === filter.kind) &&
      (since === undefined || compareStrings(doc.fact.created_at, since) >= 0),
  };
}

/** created_at as SQLite orders it: a file doc's rank, an added doc's place among the ranks and its own text. */
export interface CreatedKey {
  /** Twice the rank; for an added value between two of the file's, the odd number between. */
  key: number;
  text?: string;
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
