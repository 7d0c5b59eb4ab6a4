// What the ranking labs (ranking-lab.ts, hypernym-lab.ts) share: every part of one split, every
// chosen variant run over its judged questions, one table of LoCoMo | XQuAD-ru figures, and with
// LAB_DIFF=1 the questions each variant gains or loses against the first one. LAB_SPLIT=hold-out
// only for final candidates.
import { applyQrels, parseQueries, type EvalQuery } from '../../src/eval/dataset.js';
import { figures, type Figures } from '../../src/eval/metrics.js';
import { combine } from '../quality-run.js';
import { agentPart, keywordsPart, loadParts, type Part, type Split } from '../quality-sets.js';

/** Given a part, how a variant answers one question (returned fact ids, best first). */
export type Prepare = (part: Part, judged: EvalQuery[]) => Answer | Promise<Answer>;
type Answer = (variant: string, query: EvalQuery) => string[];

export async function runLab(variants: string[], prepare: Prepare): Promise<void> {
  const split = (process.env.LAB_SPLIT ?? 'tune') as Split;
  const results = new Map<string, Map<string, Figures[]>>();
  // LAB_STYLE=agent: the agent-written queries of bench/data instead of the benchmark's questions;
  // agent+keywords: and the keywords of the real-model pass in the index-only column (which only
  // pool-lab.ts indexes: ranking-lab.ts and hypernym-lab.ts score the text alone).
  const style = process.env.LAB_STYLE;
  const agent = style === 'agent' || style === 'agent+keywords';
  const styled = (p: Part) => (style === 'agent+keywords' ? keywordsPart(agentPart(p))! : agent ? agentPart(p) : p);
  for (const part of loadParts().filter((p) => p.split === split).map(styled)) {
    const queries = parseQueries(part.queries);
    if (part.qrels) applyQrels(queries, part.qrels);
    const judged = queries.filter((q) => q.relevant.size > 0);
    const answer = await prepare(part, judged);
    let first: string[][] | undefined;
    for (const name of variants) {
      const runs = judged.map((q) => answer(name, q));
      if (!first) first = runs;
      else if (process.env.LAB_DIFF) {
        judged.forEach((q, i) => {
          const hit = (r: string[]) => r.some((id) => q.relevant.has(id));
          if (hit(first![i]!) !== hit(runs[i]!)) console.log(`${name}: ${hit(runs[i]!) ? 'GAINED' : 'LOST'} ${q.id} ${q.text}`);
        });
      }
      const byDataset = results.get(name) ?? new Map<string, Figures[]>();
      byDataset.set(part.dataset, [...(byDataset.get(part.dataset) ?? []), figures(judged.map((q, i) => ({ returned: runs[i]!, relevant: q.relevant })))]);
      results.set(name, byDataset);
    }
  }
  const cell = (f: Figures) => `${[f.hit_at_1, f.hit_at_5, f.mrr].map((x) => x.toFixed(3)).join(' / ')} / ${f.avg_results.toFixed(2)}`;
  const width = Math.max(...variants.map((v) => v.length)) + 1;
  console.log(`split: ${split}${style ? ` (${style})` : ''}   LoCoMo h1 / h5 / MRR / avg | XQuAD-ru h1 / h5 / MRR / avg`);
  for (const [name, byDataset] of results) console.log(`${name.padEnd(width)} ${cell(combine(byDataset.get('LoCoMo')!))} | ${cell(combine(byDataset.get('XQuAD-ru')!))}`);
}
