// Search: BM25 over the current active facts, at most `limit` results, and a relative cut-off that
// drops results scoring below `cutoff` of the best one (seed 000: 12 random facts instead of 19).
import type { Fact } from '../store/facts.js';
import { filterClause, toFact, type ListFilter, type Store } from '../store/store.js';
import { matchExpression } from './query.js';
import { mark } from '../util/profile.js';

export const DEFAULT_LIMIT = 5;
export const DEFAULT_CUTOFF = 0.6;
/** BM25 column weights: the fact text, then its index-only translation. */
const WEIGHTS = [1.0, 1.0];

export interface SearchOptions extends ListFilter {
  limit?: number;
  cutoff?: number;
  /** At equal score a fact of this scope (the current repo) ranks first. */
  preferScope?: string;
}

export interface Hit extends Fact {
  /** Positive, higher is better (SQLite's bm25() is negative). */
  score: number;
}

export function search(store: Store, query: string, opts: SearchOptions = {}): Hit[] {
  const match = matchExpression(query);
  if (!match) return [];
  const limit = opts.limit ?? DEFAULT_LIMIT;
  const cutoff = opts.cutoff ?? DEFAULT_CUTOFF;
  const { where, params } = filterClause(opts);
  const rows = store.db.all(
    `SELECT f.*, -bm25(fact_index, ${WEIGHTS.join(', ')}) AS score
     FROM fact_index JOIN facts f ON f.rowid = fact_index.rowid
     WHERE fact_index MATCH ? ${where}
     ORDER BY round(score, 6) DESC, (f.scope = ?) DESC, f.created_at DESC
     LIMIT ?`,
    [match, ...params, opts.preferScope ?? '', limit],
  );
  mark('query run');
  const hits = rows.map((row) => ({ ...toFact(row), score: Number(row.score) }));
  const best = hits[0]?.score ?? 0;
  return hits.filter((hit) => hit.score >= best * cutoff);
}
