// `npm run bench:quality`: retrieval quality on the shared sets (LoCoMo per conversation, XQuAD-ru),
// memcue through `memcue eval` against the native sqlite3 shell's porter and unicode61 baselines, in
// one run, as one table. QUALITY_SPLIT=tune prints only the tuning split (while experimenting, so the
// hold-out stays unseen until a change is decided).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { figureCells, FIGURE_HEADER, table } from '../src/eval/format.js';
import type { Figures } from '../src/eval/metrics.js';
import { baselineFigures, combine, memcueFigures } from './quality-run.js';
import { agentPart, crossLanguageParts, hasAgentQueries, keywordsPart, loadParts, locomoDir, type Part, type Split, type Style } from './quality-sets.js';

const SYSTEMS = ['memcue', 'porter', 'unicode61'] as const;
type System = (typeof SYSTEMS)[number];
const onlySplit = process.env.QUALITY_SPLIT as Split | undefined;

if (!locomoDir()) console.error('LoCoMo left out: it is not in the repository (CC BY-NC); set MEMCUE_SHARED_DATA to the shared data folder');
const work = mkdtempSync(join(tmpdir(), 'memcue-quality-'));
const results: { part: Part; system: System; figures: Figures }[] = [];
try {
  const raw = loadParts().filter((p) => !onlySplit || p.split === onlySplit);
  const agent = raw.filter(hasAgentQueries).map(agentPart);
  const keywords = agent.map(keywordsPart).filter((p): p is Part => p !== undefined);
  const cross = crossLanguageParts().filter((p) => !onlySplit || p.split === onlySplit);
  const crossAgent = cross.filter(hasAgentQueries).map(agentPart);
  for (const part of [...raw, ...agent, ...keywords, ...cross, ...crossAgent]) {
    results.push({ part, system: 'memcue', figures: await memcueFigures(part, work) });
    for (const tokenizer of ['porter', 'unicode61'] as const) results.push({ part, system: tokenizer, figures: baselineFigures(tokenizer, part) });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const rows: string[][] = [];
const belowPorter: string[] = [];
for (const dataset of ['LoCoMo', 'XQuAD-ru', 'XQuAD-ru←en', 'XQuAD-ru←en+tr'] as const) {
  for (const style of ['raw', 'agent', 'agent+keywords'] as const satisfies readonly Style[]) {
    if (!results.some((r) => r.part.dataset === dataset && r.part.style === style)) continue;
    for (const split of ['tune', 'hold-out', 'all'] as const) {
      if (onlySplit && split !== onlySplit) continue;
      const bySystem = new Map<System, Figures>();
      for (const system of SYSTEMS) {
        const chosen = results.filter(
          (r) => r.part.dataset === dataset && r.part.style === style && r.system === system && (split === 'all' || r.part.split === split),
        );
        const f = combine(chosen.map((r) => r.figures));
        bySystem.set(system, f);
        rows.push([dataset, style, split, system, ...figureCells(f)]);
      }
      if (bySystem.get('memcue')!.hit_at_5 < bySystem.get('porter')!.hit_at_5) belowPorter.push(`${dataset} ${style} ${split}`);
    }
  }
}
console.log('Retrieval quality: memcue (memcue eval) vs the native sqlite3 FTS5 porter and unicode61 baselines');
console.log(table(['set', 'queries', 'split', 'system', ...FIGURE_HEADER], rows, 4));
console.log(belowPorter.length ? `BELOW porter (hit@5) on: ${belowPorter.join(', ')}` : 'memcue hit@5 >= porter on every set');
