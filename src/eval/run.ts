// Running an evaluation: facts go into a real memcue database (the same store and index `add` and
// `import` write), every query goes through `search` — the function `memcue search` calls — and the
// returned ids are judged against the relevant ones.
import { MemcueError } from '../errors.js';
import { search, type SearchOptions } from '../search/search.js';
import { newId } from '../facts/facts.js';
import type { Store } from '../store/store.js';
import type { EvalFact, EvalQuery } from './dataset.js';
import { figures, type Figures, type Judged } from './metrics.js';

export interface QueryResult extends Judged {
  query: EvalQuery;
}

export interface Report {
  overall: Figures;
  /** Queries left out because nothing is relevant to them (they cannot be answered). */
  skipped: number;
  /** Figures per value of a query field, when asked for (`--by`). */
  by?: Record<string, Figures>;
}

/**
 * Writes the facts in one transaction, in file order, one second apart (so "newer" means later in
 * the file), and returns the set's id for each stored id.
 */
export async function loadFacts(store: Store, facts: readonly EvalFact[], host: string, start = Date.UTC(2026, 0, 1)): Promise<Map<string, string>> {
  const external = new Map<string, string>();
  await store.writeAsync(() => {
    facts.forEach((fact, index) => {
      const id = newId();
      external.set(id, fact.id);
      store.insertVersionOnly({
        id,
        version: 1,
        text: fact.text,
        translation: fact.hidden ?? '',
        kind: fact.kind,
        scope: fact.scope,
        source: '',
        quote: '',
        created_at: new Date(start + index * 1000).toISOString(),
        host,
        state: 'active',
      });
      store.refreshHead(id);
    });
  });
  return external;
}

/** In a user's database relevant ids may be unique prefixes, like everywhere else in memcue. */
export function resolveRelevant(store: Store, queries: readonly EvalQuery[]): void {
  for (const query of queries) {
    const resolved = new Set<string>();
    for (const id of query.relevant) {
      try {
        resolved.add(store.resolveId(id));
      } catch (err) {
        if (!(err instanceof MemcueError)) throw err;
        throw new MemcueError('BAD_INPUT', `query "${query.id}": ${err.message}`, 'queries must name fact ids of the --against database');
      }
    }
    query.relevant = resolved;
  }
}

export function runQueries(
  store: Store,
  queries: readonly EvalQuery[],
  options: SearchOptions,
  toSetId: (id: string) => string = (id) => id,
  onProgress: (done: number) => void = () => {},
): QueryResult[] {
  return queries.map((query, index) => {
    const returned = search(store, query.text, options).map((hit) => toSetId(hit.id));
    onProgress(index + 1);
    return { query, returned, relevant: query.relevant };
  });
}

/** Only queries with at least one relevant fact count; `by` splits them by a query field. */
export function summarise(results: readonly QueryResult[], by?: string): Report {
  const judged = results.filter((r) => r.relevant.size > 0);
  const report: Report = { overall: figures(judged), skipped: results.length - judged.length };
  if (by) {
    const groups = new Map<string, QueryResult[]>();
    for (const r of judged) {
      const key = r.query.fields[by] ?? '(none)';
      groups.set(key, [...(groups.get(key) ?? []), r]);
    }
    const keys = [...groups.keys()].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    report.by = Object.fromEntries(keys.map((k) => [k, figures(groups.get(k)!)]));
  }
  return report;
}
