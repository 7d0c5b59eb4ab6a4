// `npm run bench:dev`: the dev-domain set (bench/data/dev: 250 coding-agent facts, half Russian as
// Russian developers write them, and single searches by type). Each query is one search through
// `search()`, the function `memcue search` calls, judged by its one relevant fact: hit@5 and results
// per search, by type and split, with the query's own terms only (`plain`) and as shipped (`expanded`:
// dev words, other-script names, the nearest term for a word that matches nothing) in the same run.
// DEV_KEYWORDS=file.jsonl adds `{id, keywords}` lines to the facts' index-only column
// (DEV_KEYWORDS=model: the keywords a model session wrote, bench/data/dev/keywords.instruction.md).
import { table } from '../src/eval/format.js';
import { DEV_TYPES, devFigures, devQueries, MODEL_KEYWORDS, runDevSet } from './dev-set.js';

const keywords = process.env.DEV_KEYWORDS === 'model' ? MODEL_KEYWORDS : process.env.DEV_KEYWORDS;
const queries = devQueries(process.env.DEV_QUERIES);
const runs = await runDevSet(queries, keywords);
const rows: string[][] = [];
for (const split of ['tune', 'hold-out']) {
  for (const type of [...DEV_TYPES, 'all', 'all but crosslang']) {
    const cells = Object.values(runs).map((run) => devFigures(run, split, type));
    if (!cells[0]!.queries) continue;
    rows.push([split, type, String(cells[0]!.queries), ...cells.flatMap((c) => [c.hit.toFixed(3), c.results.toFixed(2)])]);
  }
}
console.log(`Dev-domain set: hit@5 and results per search, one search per query${keywords ? `, keywords from ${keywords}` : ''}`);
console.log(table(['split', 'type', 'queries', 'plain hit@5', 'plain avg', 'expanded hit@5', 'expanded avg'], rows, 3));
if (process.env.DEV_MISSES) {
  for (const q of queries.filter((q) => q.fields.split === process.env.DEV_MISSES && !runs.expanded.get(q)!.hit)) console.log(`miss ${q.fields.type}\t${q.text}\t→ ${[...q.relevant][0]}`);
}
