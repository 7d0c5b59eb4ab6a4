// Figures for one part of a shared set: memcue through `memcue eval` (in this process, the same code
// as the binary), or a native sqlite3 FTS5 baseline; and parts combined into one row.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../src/cli.js';
import { applyQrels, parseFacts, parseQueries } from '../src/eval/dataset.js';
import { figures, type Figures } from '../src/eval/metrics.js';
import { runBaseline, type Tokenizer } from './fts-baseline.js';
import type { Part } from './quality-sets.js';

/** `memcue eval --json` on files written for the part into `work`. */
export async function memcueFigures(part: Part, work: string): Promise<Figures> {
  const file = (name: string, text: string) => (writeFileSync(join(work, name), text), join(work, name));
  const argv = ['eval', '--facts', file('facts.jsonl', part.facts), '--queries', file('queries.jsonl', part.queries), '--json'];
  if (part.qrels) argv.push('--qrels', file('qrels.tsv', part.qrels));
  let out = '';
  let err = '';
  const env = { HOME: work, MEMCUE_DB: join(work, 'unused.db'), MEMCUE_HOST: 'bench' };
  const code = await runCli(argv, { env, cwd: work, stdout: (t) => (out += t), stderr: (t) => (err += t), readStdin: async () => '' });
  if (code !== 0) throw new Error(`memcue eval failed on ${part.name}: ${err}`);
  return JSON.parse(out).overall as Figures;
}

export function baselineFigures(tokenizer: Tokenizer, part: Part): Figures {
  const queries = parseQueries(part.queries);
  if (part.qrels) applyQrels(queries, part.qrels);
  return figures(runBaseline(tokenizer, parseFacts(part.facts), queries).filter((j) => j.relevant.size > 0));
}

/** Every figure is a mean over queries, so parts combine exactly by weighting with their counts. */
export function combine(list: readonly Figures[]): Figures {
  const n = list.reduce((s, f) => s + f.queries, 0);
  const mean = (key: keyof Figures) => (n ? list.reduce((s, f) => s + f[key] * f.queries, 0) / n : 0);
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
