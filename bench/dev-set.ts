// The dev-domain set (bench/data/dev): loading it into a real store and scoring one search per query,
// shared by `npm run bench:dev` and the floors in test/eval/dev-set.test.ts.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFacts, parseQueries, type EvalQuery } from '../src/eval/dataset.js';
import { loadFacts } from '../src/eval/run.js';
import { search } from '../src/search/search.js';
import { Store } from '../src/store/store.js';
import { keepSearchFileCurrent } from '../src/snapshot/keep-current.js';

keepSearchFileCurrent(); // as the CLI does: the store's writes keep the search file current

const DIR = new URL('./data/dev/', import.meta.url);
export const DEV_TYPES = ['exact', 'identifier', 'typo', 'abbreviation', 'paraphrase', 'translit', 'crosslang'] as const;
/** The write-time keywords a model session wrote from the card's line alone (keywords.instruction.md). */
export const MODEL_KEYWORDS = new URL('keywords.session-2026-12-03.jsonl', DIR).pathname;

export type DevRun = Map<EvalQuery, { hit: boolean; results: number }>;

/** One search per query on a real store; every query's hit and result count. */
export function scoreQueries(store: Store, queries: readonly EvalQuery[], toSetId: Map<string, string>, expand: boolean): DevRun {
  const out: DevRun = new Map();
  for (const q of queries) {
    const returned = search(store, q.text, { expand }).map((h) => toSetId.get(h.id)!);
    out.set(q, { hit: returned.slice(0, 5).some((id) => q.relevant.has(id)), results: returned.length });
  }
  return out;
}

function withKeywords(facts: string, file: string | undefined): string {
  if (!file) return facts;
  const keywords = new Map(readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: string; keywords: string }).map((k) => [k.id, k.keywords]));
  return facts.trim().split('\n').map((l) => {
    const f = JSON.parse(l) as { id: string };
    return JSON.stringify({ ...f, keywords: keywords.get(f.id) ?? '' });
  }).join('\n');
}

export function devQueries(file = 'queries.jsonl'): EvalQuery[] {
  return parseQueries(readFileSync(new URL(file, DIR), 'utf8'));
}

/** Scores `queries` plain and expanded on a fresh memory of the dev facts (with `keywordsFile`'s keywords). */
export async function runDevSet(queries: readonly EvalQuery[], keywordsFile?: string): Promise<{ plain: DevRun; expanded: DevRun }> {
  const work = mkdtempSync(join(tmpdir(), 'memcue-dev-'));
  try {
    const store = (await Store.open(join(work, 'dev.db'), { write: true }))!;
    const facts = parseFacts(withKeywords(readFileSync(new URL('facts.jsonl', DIR), 'utf8'), keywordsFile));
    const ids = await loadFacts(store, facts, 'bench');
    const runs = { plain: scoreQueries(store, queries, ids, false), expanded: scoreQueries(store, queries, ids, true) };
    store.close();
    return runs;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** hit@5 and results per search over the queries of one split and type (`all`, `all but crosslang`). */
export function devFigures(run: DevRun, split: string, type: string): { queries: number; hit: number; results: number } {
  const chosen = [...run.keys()].filter((q) => q.fields.split === split && (type === 'all' || (type === 'all but crosslang' ? q.fields.type !== 'crosslang' : q.fields.type === type)));
  const hits = chosen.filter((q) => run.get(q)!.hit).length;
  const results = chosen.reduce((n, q) => n + run.get(q)!.results, 0);
  return { queries: chosen.length, hit: chosen.length ? hits / chosen.length : 0, results: chosen.length ? results / chosen.length : 0 };
}
