// Issue 33: the card asks for `--limit 10` on "which/all" questions, whose facts each match a part of
// the query and score well below the best one; the relative cut-off (0.6 of the best) then drops
// them. This lab measures, on the LoCoMo tuning conversations with every agent-written query round,
// what a search with limit 10 finds and shows for each cut-off: `npx bun bench/labs/limit-cutoff-lab.ts [SPLIT [LIMIT]]`
// (SPLIT: tune, the default, or hold-out once a setting is chosen).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyQrels, parseFacts, parseQueries } from '../../src/eval/dataset.js';
import { loadFacts } from '../../src/eval/run.js';
import { search } from '../../src/search/search.js';
import { Store } from '../../src/store/store.js';
import { loadParts, readAgentQueries } from '../quality-sets.js';

const split = process.argv[2] ?? 'tune';
const LIMIT = Number(process.argv[3] ?? 10);
const CUTOFFS = [0.6, 0.5, 0.45, 0.4, 0.35, 0.3, 0.2, 0];
const ROUNDS = ['locomo.agent-queries.tsv', 'locomo.agent-queries.round2.tsv', 'locomo.agent-queries.round3.tsv'].map(readAgentQueries);
const totals = new Map(CUTOFFS.map((c) => [c, { hit: 0, hitMulti: 0, shown: 0, n: 0, multi: 0 }]));
const work = mkdtempSync(join(tmpdir(), 'memcue-cutlab-'));
for (const part of loadParts().filter((p) => p.dataset === 'LoCoMo' && p.split === split)) {
  const store = (await Store.open(join(work, `${part.name}.db`), { write: true }))!;
  const toSet = await loadFacts(store, parseFacts(part.facts), 'lab');
  const queries = parseQueries(part.queries);
  applyQrels(queries, part.qrels!);
  for (const q of queries.filter((q) => q.relevant.size > 0)) {
    for (const round of ROUNDS) {
      const text = round.get(q.id);
      if (!text) continue;
      const ranked = search(store, text, { limit: LIMIT, cutoff: 0 });
      const best = ranked[0]?.score ?? 0;
      for (const cutoff of CUTOFFS) {
        const shown = ranked.filter((h) => h.score >= best * cutoff);
        const hit = shown.some((h) => q.relevant.has(toSet.get(h.id) ?? ''));
        const t = totals.get(cutoff)!;
        t.n++;
        t.shown += shown.length;
        t.hit += Number(hit);
        if (q.relevant.size > 1) (t.multi++, (t.hitMulti += Number(hit)));
      }
    }
  }
  store.close();
}
rmSync(work, { recursive: true, force: true });
console.log(`LoCoMo ${split}, agent queries (3 rounds), limit ${LIMIT}: cut-off, hit, hit on questions with 2+ facts, results shown`);
for (const [cutoff, t] of totals) console.log(`${cutoff.toFixed(2)}  ${(t.hit / t.n).toFixed(3)}  ${(t.hitMulti / t.multi).toFixed(3)} (${t.multi})  ${(t.shown / t.n).toFixed(2)}`);
