// `npm run bench:dev`: the dev-domain set (bench/data/dev: 250 coding-agent facts, half Russian as
// Russian developers write them, and single searches by type). Each query is one search through
// `search()`, the function `memcue search` calls, judged by its one relevant fact: hit@5 and results
// per search, by type and split, with the query's own terms only (`plain`) and as shipped (`expanded`:
// dev words, other-script names, the nearest term for a word that matches nothing) in the same run.
// DEV_KEYWORDS=file.jsonl adds `{id, keywords}` lines to the facts' index-only column.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFacts, parseQueries, type EvalQuery } from '../src/eval/dataset.js';
import { table } from '../src/eval/format.js';
import { loadFacts } from '../src/eval/run.js';
import { search } from '../src/search/search.js';
import { Store } from '../src/store/store.js';

const DIR = new URL('./data/dev/', import.meta.url);
const TYPES = ['exact', 'identifier', 'typo', 'abbreviation', 'paraphrase', 'translit', 'crosslang'] as const;

export interface DevScore {
  hits: number;
  results: number;
  queries: number;
}

/** One search per query on a real store; every query's hit and result count. */
export function scoreQueries(store: Store, queries: readonly EvalQuery[], toSetId: Map<string, string>, expand: boolean): Map<EvalQuery, { hit: boolean; results: number }> {
  const out = new Map<EvalQuery, { hit: boolean; results: number }>();
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

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'memcue-dev-'));
  try {
    const store = (await Store.open(join(work, 'dev.db'), { write: true }))!;
    const facts = parseFacts(withKeywords(readFileSync(new URL('facts.jsonl', DIR), 'utf8'), process.env.DEV_KEYWORDS));
    const ids = loadFacts(store, facts, 'bench');
    const queries = parseQueries(readFileSync(new URL(process.env.DEV_QUERIES ?? 'queries.jsonl', DIR), 'utf8'));
    const runs = { plain: scoreQueries(store, queries, ids, false), expanded: scoreQueries(store, queries, ids, true) };
    store.close();
    const rows: string[][] = [];
    for (const split of ['tune', 'hold-out']) {
      for (const type of [...TYPES, 'all', 'all but crosslang'] as const) {
        const chosen = queries.filter((q) => q.fields.split === split && (type === 'all' || (type === 'all but crosslang' ? q.fields.type !== 'crosslang' : q.fields.type === type)));
        if (!chosen.length) continue;
        const cells = Object.values(runs).flatMap((run) => {
          const hits = chosen.filter((q) => run.get(q)!.hit).length;
          const results = chosen.reduce((n, q) => n + run.get(q)!.results, 0);
          return [(hits / chosen.length).toFixed(3), (results / chosen.length).toFixed(2)];
        });
        rows.push([split, type, String(chosen.length), ...cells]);
      }
    }
    console.log('Dev-domain set: hit@5 and results per search, one search per query');
    console.log(table(['split', 'type', 'queries', 'plain hit@5', 'plain avg', 'expanded hit@5', 'expanded avg'], rows, 3));
    if (process.env.DEV_MISSES) {
      for (const q of queries.filter((q) => q.fields.split === process.env.DEV_MISSES && !runs.expanded.get(q)!.hit)) console.log(`miss ${q.fields.type}\t${q.text}\t→ ${[...q.relevant][0]}`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
