// Search: BM25 over the current active facts, at most `limit` results, and a relative cut-off that
// drops results scoring below `cutoff` of the best one (seed 000: 12 random facts instead of 19).
// FTS5 finds the candidates; rerank.ts scores them again (bench/RESULTS.md, 19–21).
import type { Fact } from '../facts/facts.js';
import type { Row } from '../sqlite/sqlite.js';
import { filterClause, toFact, type ListFilter } from '../store/rows.js';
import type { Store } from '../store/store.js';
import { expandItems, type Correction } from './expand.js';
import { itemExpression, queryItems, type QueryItem } from './query.js';
import type { Vocabulary } from './vocabulary.js';
import { sqliteVocabulary } from './sqlite-vocabulary.js';
import { liveVocabulary } from './live-vocabulary.js';
import { occurrenceTable, POOL_SIZE, RANKING, rescore, type ItemStats } from './rerank.js';
import { snapshotPools, type LiveIndex, type PoolFact } from '../snapshot/pool.js';
import { mark } from '../util/profile.js';
import { indexTerms } from '../text/tokenize.js';

export const DEFAULT_LIMIT = 5;
export const DEFAULT_CUTOFF = 0.6;

/**
 * The cut-off of a search that asked for more than the default results: a "which/all" question
 * (`-n 10`, as the card advises) has several facts, each matching a part of the query, well below
 * the best one; the default cut-off dropped them (issue 33: 5 of held-out LoCoMo's 22 first-search
 * misses). The cut-off falls as the limit grows, DEFAULT_CUTOFF at the default limit: 0.3 at 10,
 * where the tuning conversations' gain stops (bench/labs/limit-cutoff-lab.ts, RESULTS.md, "Issue 33, round 2").
 */
export function cutoffFor(limit: number): number {
  return limit <= DEFAULT_LIMIT ? DEFAULT_CUTOFF : (DEFAULT_CUTOFF * DEFAULT_LIMIT) / limit;
}

export interface SearchOptions extends ListFilter {
  limit?: number;
  cutoff?: number;
  /** At equal score a fact of this scope (the current repo) ranks first. */
  preferScope?: string;
  /** false: the query's own terms only, no dev words, other-script names or corrections (benchmarks compare). */
  expand?: boolean;
  /** Told of each word that matched nothing and the index term searched instead (expand.ts). */
  onCorrection?: (correction: Correction) => void;
}

export interface Hit extends Fact {
  /** Higher is better; 0 or more (the re-ranker's score, rerank.ts). */
  score: number;
}

export function search(store: Store, query: string, opts: SearchOptions = {}): Hit[] {
  const items = expandedItems(query, () => sqliteVocabulary(store.db), opts);
  if (items.length === 0) return [];
  return ranked(query, items, sqlitePool(store, items, opts), opts);
}

/** The same search over the search file (src/snapshot): the same pool, so the same results. */
export function searchLive(live: LiveIndex, query: string, opts: SearchOptions = {}): Hit[] {
  const items = expandedItems(query, () => liveVocabulary(live), opts);
  if (items.length === 0) return [];
  const size = Math.max(opts.limit ?? DEFAULT_LIMIT, POOL_SIZE);
  // Both pools at once: where the ranges are read lean, one read serves both (topk.ts).
  const pools = snapshotPools(live, items, ownItems(items), opts, opts.preferScope ?? '', size);
  const { pool } = pools;
  const stats = (held: readonly QueryItem[]) => ({ facts: pool.facts, matching: held.map((item) => pool.matching[items.indexOf(item)]!) });
  const candidates = pools.own && pool.candidates.length > 0 ? withOwnMatches(pool.candidates, pools.own.candidates) : pool.candidates;
  return ranked(query, items, { candidates, stats }, opts);
}

/**
 * The items without the other-script spellings, when the query has both. FTS5 ranks a rarer
 * spelling's facts first (`инцидент` in 150 short Russian facts over `incident` in 508 English ones),
 * so a pool of the whole query can hold none of the facts with the word as written: those of the
 * query's own words are pooled too (issue 33).
 */
function ownItems(items: QueryItem[]): QueryItem[] | undefined {
  const own = items.filter((item) => !item.spelling);
  return own.length > 0 && own.length < items.length ? own : undefined;
}

/** The pool, then the facts of the own-words pool it lacks, in that pool's order (the same on both paths). */
function withOwnMatches(pool: PoolFact[], own: PoolFact[]): PoolFact[] {
  const ids = new Set(pool.map((c) => `${c.fact.id}\0${c.fact.version}`));
  return [...pool, ...own.filter((c) => !ids.has(`${c.fact.id}\0${c.fact.version}`))];
}

/** The query's items and what expand.ts adds from the vocabulary: the same on both paths. */
function expandedItems(query: string, vocabulary: () => Vocabulary, opts: SearchOptions): QueryItem[] {
  const items = queryItems(query);
  if (items.length === 0 || opts.expand === false) return items;
  const expanded = expandItems(query, items, vocabulary());
  if (opts.onCorrection) expanded.corrections.forEach(opts.onCorrection);
  mark('query expanded');
  return expanded.items;
}

/** FTS5's first candidates, and the counts for the items that need them. */
interface Candidates {
  candidates: PoolFact[];
  stats: (held: readonly QueryItem[]) => ItemStats;
}

/** Re-scores the candidates (rerank.ts) and applies the limit and the relative cut-off. */
function ranked(query: string, items: QueryItem[], pool: Candidates, opts: SearchOptions): Hit[] {
  const limit = opts.limit ?? DEFAULT_LIMIT;
  const cutoff = opts.cutoff ?? DEFAULT_CUTOFF;
  if (pool.candidates.length === 0) return [];
  const candidates = pool.candidates.map((c) => ({ columns: c.columns, text: `${c.fact.text} ${c.fact.translation}` }));
  const occurring = occurrenceTable(items, candidates);
  // Only items some candidate holds need counting: the others add nothing to any score.
  const held = items.filter((_, k) => occurring.some((row) => row.subarray((k * row.length) / items.length, ((k + 1) * row.length) / items.length).some((n) => n > 0)));
  const counted = pool.stats(held);
  const stats = { facts: counted.facts, matching: items.map((item) => counted.matching[held.indexOf(item)] ?? 0) };
  const scores = rescore(query, items, stats, candidates, RANKING, occurring);
  const hits = pool.candidates
    .map((c, i) => ({ hit: { ...c.fact, score: scores[i]! }, i }))
    .sort((a, b) => b.hit.score - a.hit.score || a.i - b.i)
    .slice(0, limit)
    .map(({ hit }) => hit);
  mark('rerank');
  const best = hits[0]?.score ?? 0;
  return hits.filter((hit) => hit.score >= best * cutoff);
}

function sqlitePool(store: Store, items: QueryItem[], opts: SearchOptions): Candidates {
  const pool = sqliteRows(store, items, opts, true);
  const own = pool.candidates.length > 0 ? ownItems(items) : undefined;
  return own ? { ...pool, candidates: withOwnMatches(pool.candidates, sqliteRows(store, own, opts, false).candidates) } : pool;
}

/** FTS5's pool for `items`; `count`: the first search on a connection counts the items in the same statement. */
function sqliteRows(store: Store, items: QueryItem[], opts: SearchOptions, count: boolean): Candidates {
  const limit = opts.limit ?? DEFAULT_LIMIT;
  const { where, params } = filterClause(opts);
  const expressions = [...new Set(items.map(itemExpression))];
  // The first search on a connection counts its items in the pool's own statement: each statement
  // is parsed and compiled in the WASM interpreter in a cold process (the common case: one search).
  const counting = !count || statsCache.has(store) ? [] : expressions;
  // The pool is in FTS5's order, ties broken by the current repo first, then the newest, then the
  // row (what src/snapshot/pool.ts repeats). The index may keep no copy of its terms: the pool's
  // rows get theirs from their text. (`bm`, not `rank`: that name is FTS5's hidden column.)
  const rows = store.db.all(
    `WITH pool AS (
       SELECT f.rowid AS row, bm25(fact_index) AS bm, (f.scope = ?) AS preferred, f.created_at AS created
       FROM fact_index JOIN facts f ON f.rowid = fact_index.rowid
       WHERE fact_index MATCH ? ${where}
       ORDER BY round(bm, 6), preferred DESC, created DESC, row
       LIMIT ?)
     SELECT f.*, ${STAMP_COLUMNS}${counting.length ? `, ${countColumns(counting.length)}` : ''}
     FROM pool JOIN facts f ON f.rowid = pool.row
     ORDER BY round(pool.bm, 6), pool.preferred DESC, pool.created DESC, pool.row`,
    [opts.preferScope ?? '', items.map(itemExpression).join(' OR '), ...params, Math.max(limit, POOL_SIZE), ...counting],
  );
  mark('query run');
  if (rows.length === 0) return { candidates: [], stats: () => ({ facts: 0, matching: [] }) };
  const stamp = stampOf(rows[0]!, store);
  if (counting.length > 0) {
    const matching = new Map(counting.map((e, k) => [e, Number(rows[0]![`m${k}`])]));
    statsCache.set(store, { stamp, facts: Number(rows[0]!.facts_total), matching });
  }
  return {
    candidates: rows.map((row) => {
      const fact = toFact(row);
      return { fact, columns: [indexTerms(fact.text), indexTerms(fact.translation)] };
    }),
    stats: (held) => itemStats(store, held, stamp),
  };
}

/**
 * How many facts the index holds and how many match each item. Counted once per state of the
 * database: `dream` runs a search per fact, with the same terms again and again.
 */
const statsCache = new WeakMap<Store, { stamp: string; facts: number; matching: Map<string, number> }>();
/**
 * The state of the database: total_changes() moves with this connection's writes, data_version with
 * other connections' commits, store.writes with every transaction's end (a rollback takes back what
 * it counted).
 */
const STAMP_COLUMNS = 'total_changes() AS stamp_changes, (SELECT data_version FROM pragma_data_version) AS stamp_version';

/** The number of facts (`facts_total`) and of facts matching each of `n` bound items (`m0`…). */
function countColumns(n: number): string {
  const matching = Array.from({ length: n }, (_, k) => `, (SELECT count(*) FROM fact_index WHERE fact_index MATCH ?) AS m${k}`);
  return `(SELECT count(*) FROM fact_index_docsize) AS facts_total${matching.join('')}`;
}

function stampOf(row: Row, store: Store): string {
  return `${row.stamp_changes}:${row.stamp_version}:${store.writes}`;
}

/** `stamp`: the database state read in the same statement as what is being counted for, if any. */
export function itemStats(store: Store, items: readonly QueryItem[], stamp = stampOf(store.db.get(`SELECT ${STAMP_COLUMNS}`)!, store)): ItemStats {
  let cache = statsCache.get(store);
  if (cache?.stamp !== stamp) {
    cache = { stamp, facts: -1, matching: new Map() };
    statsCache.set(store, cache);
  }
  const expressions = items.map(itemExpression);
  const missing = [...new Set(expressions.filter((e) => !cache.matching.has(e)))];
  if (missing.length > 0 || cache.facts < 0) {
    // One statement for all counts: each statement costs a round trip through the WASM boundary.
    const row = store.db.get(`SELECT ${countColumns(missing.length)}`, missing)!;
    cache.facts = Number(row.facts_total);
    missing.forEach((e, k) => cache.matching.set(e, Number(row[`m${k}`])));
  }
  return { facts: cache.facts, matching: expressions.map((e) => cache.matching.get(e)!) };
}
