// `npm run bench:quality`: retrieval quality on the shared sets (LoCoMo per conversation, XQuAD-ru),
// memcue through `memcue eval` against the native sqlite3 shell's porter and unicode61 baselines, in
// one run, as one table. QUALITY_SPLIT=tune prints only the tuning split (while experimenting, so the
// hold-out stays unseen until a change is decided).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../src/cli.js';
import { applyQrels, parseFacts, parseQueries } from '../src/eval/dataset.js';
import { figureCells, FIGURE_HEADER, table } from '../src/eval/format.js';
import { figures, type Figures, type Judged } from '../src/eval/metrics.js';
import { runBaseline, type Tokenizer } from './fts-baseline.js';
import { loadParts, type Part, type Split } from './quality-sets.js';

const SYSTEMS = ['memcue', 'porter', 'unicode61'] as const;
type System = (typeof SYSTEMS)[number];
const onlySplit = process.env.QUALITY_SPLIT as Split | undefined;

/** `memcue eval --json` in this process, on files written for the part. */
async function memcue(part: Part, work: string): Promise<Figures> {
  const file = (name: string, text: string) => (writeFileSync(join(work, name), text), join(work, name));
  const argv = ['eval', '--facts', file('facts.jsonl', part.facts), '--queries', file('queries.jsonl', part.queries), '--json'];
  if (part.qrels) argv.push('--qrels', file('qrels.tsv', part.qrels));
  let out = '';
  let err = '';
  const env = { ...process.env, HOME: work, MEMCUE_DB: join(work, 'unused.db'), MEMCUE_HOST: 'bench' };
  const code = await runCli(argv, { env, cwd: work, stdout: (t) => (out += t), stderr: (t) => (err += t), readStdin: async () => '' });
  if (code !== 0) throw new Error(`memcue eval failed on ${part.name}: ${err}`);
  return JSON.parse(out).overall as Figures;
}

function baseline(tokenizer: Tokenizer, part: Part): Figures {
  const queries = parseQueries(part.queries);
  if (part.qrels) applyQrels(queries, part.qrels);
  const judged: Judged[] = runBaseline(tokenizer, parseFacts(part.facts), queries).filter((j) => j.relevant.size > 0);
  return figures(judged);
}

/** Every figure is a mean over queries, so parts combine exactly by weighting with their counts. */
function combine(list: Figures[]): Figures {
  const n = list.reduce((s, f) => s + f.queries, 0);
  const mean = (key: keyof Figures) => list.reduce((s, f) => s + f[key] * f.queries, 0) / n;
  return {
    queries: n,
    hit_at_1: mean('hit_at_1'),
    hit_at_5: mean('hit_at_5'),
    recall_at_5: mean('recall_at_5'),
    mrr: mean('mrr'),
    avg_results: mean('avg_results'),
    no_result: mean('no_result'),
  };
}

const work = mkdtempSync(join(tmpdir(), 'memcue-quality-'));
const results: { part: Part; system: System; figures: Figures }[] = [];
try {
  for (const part of loadParts().filter((p) => !onlySplit || p.split === onlySplit)) {
    results.push({ part, system: 'memcue', figures: await memcue(part, work) });
    for (const tokenizer of ['porter', 'unicode61'] as const) results.push({ part, system: tokenizer, figures: baseline(tokenizer, part) });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const rows: string[][] = [];
const belowPorter: string[] = [];
for (const dataset of ['LoCoMo', 'XQuAD-ru'] as const) {
  for (const split of ['tune', 'hold-out', 'all'] as const) {
    if (onlySplit && split !== onlySplit) continue;
    const byRow = new Map<System, Figures>();
    for (const system of SYSTEMS) {
      const chosen = results.filter((r) => r.part.dataset === dataset && r.system === system && (split === 'all' || r.part.split === split));
      const f = combine(chosen.map((r) => r.figures));
      byRow.set(system, f);
      rows.push([dataset, split, system, ...figureCells(f)]);
    }
    if (byRow.get('memcue')!.hit_at_5 < byRow.get('porter')!.hit_at_5) belowPorter.push(`${dataset} ${split}`);
  }
}
console.log('Retrieval quality: memcue (memcue eval) vs the native sqlite3 FTS5 porter and unicode61 baselines');
console.log(table(['set', 'split', 'system', ...FIGURE_HEADER], rows, 3));
console.log(belowPorter.length ? `BELOW porter (hit@5) on: ${belowPorter.join(', ')}` : 'memcue hit@5 >= porter on every set');
