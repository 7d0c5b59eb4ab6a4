// Retrieval quality on the shared sets may not regress: memcue stays at or above the native porter
// baseline on every split and within the figures recorded in bench/RESULTS.md. Deterministic (same
// data, same order, no randomness in ranking), so the bounds are exact, not statistical. XQuAD-ru is
// in the repository (test/fixtures/xquad-ru); LoCoMo (CC BY-NC) only in the shared folder, so without
// it its splits are skipped, and the output says so.
import { describe, expect, it } from 'vitest';
import { baselineFigures, combine, memcueFigures } from '../../bench/quality-run.js';
import { agentPart, keywordsPart, loadParts, locomoDir, type Part, type Split } from '../../bench/quality-sets.js';
import type { Figures } from '../../src/eval/metrics.js';
import { tempDir } from '../helpers.js';

const haveLocomo = locomoDir() !== undefined;
if (!haveLocomo) console.log('skipped: LoCoMo quality floors (LoCoMo is CC BY-NC, not in the repository; set MEMCUE_SHARED_DATA to the shared data folder to run them)');

describe('retrieval quality on the shared sets', () => {
  it('memcue >= porter on every split, and the recorded figures hold', { timeout: 120_000 }, async () => {
    const work = tempDir();
    const rows: { key: string; memcue: Figures; porter: Figures }[] = [];
    const parts = loadParts();
    const datasets = haveLocomo ? ['LoCoMo', 'XQuAD-ru'] : ['XQuAD-ru'];
    for (const dataset of datasets) {
      for (const split of ['tune', 'hold-out']) {
        const chosen = parts.filter((p) => p.dataset === dataset && p.split === split);
        const memcue: Figures[] = [];
        for (const part of chosen) memcue.push(await memcueFigures(part, work));
        rows.push({ key: `${dataset} ${split}`, memcue: combine(memcue), porter: combine(chosen.map((p) => baselineFigures('porter', p))) });
      }
    }
    const get = (key: string) => rows.find((r) => r.key === key)!.memcue;
    for (const row of rows) expect(row.memcue.hit_at_5, row.key).toBeGreaterThanOrEqual(row.porter.hit_at_5);
    // bench/RESULTS.md, after the re-ranker (19–21): hold-out LoCoMo 0.514 / 0.684 (hit@1 / hit@5),
    // XQuAD-ru 0.914 / 0.979; tune LoCoMo 0.566 / 0.742, XQuAD-ru 0.956 / 0.997. Dev words (24): XQuAD-ru
    // tune 0.959 / 0.993 (one question moved from the top 5 out, one into first place), the rest unchanged.
    // Other-script spellings (bench/RESULTS.md 37-39), given only to a word the memory does not hold
    // as written: XQuAD-ru held out 0.914 → 0.911 at hit@1 (one question), against English questions
    // on the Russian paragraphs 0.202 → 0.667 at hit@5. (Given to every word they cost 0.893 / 0.973.)
    // 41: given to every word again, scored as one with the word (the IDF of the most common
    // spelling): these figures unchanged, XQuAD-ru tune agent queries 0.946 → 0.959 at hit@1.
    const floors: [string, number, number][] = [
      ['LoCoMo hold-out', 0.514, 0.684],
      ['LoCoMo tune', 0.566, 0.742],
      ['XQuAD-ru hold-out', 0.911, 0.979],
      ['XQuAD-ru tune', 0.959, 0.993],
    ];
    for (const [key, hit1, hit5] of floors.filter(([key]) => datasets.some((d) => key.startsWith(d)))) {
      expect(get(key).hit_at_1, key).toBeGreaterThanOrEqual(hit1 - 0.0005);
      expect(get(key).hit_at_5, key).toBeGreaterThanOrEqual(hit5 - 0.0005);
    }
    for (const row of rows) expect(row.memcue.avg_results, row.key).toBeLessThanOrEqual(3.05);
  });

  it('the agent-written queries, with and without keywords, keep their recorded figures', { timeout: 120_000 }, async () => {
    // bench/RESULTS.md 25 and 33 (hit@1 / hit@5): what ships for queries as agents write them.
    const floors: [Part['dataset'], Split, 'agent' | 'agent+keywords', number, number][] = [
      ['LoCoMo', 'tune', 'agent', 0.56, 0.752],
      ['LoCoMo', 'hold-out', 'agent', 0.508, 0.706], // 0.709 before 37: one query lost to a spelling of `общие интересы`
      ['LoCoMo', 'tune', 'agent+keywords', 0.597, 0.777],
      ['LoCoMo', 'hold-out', 'agent+keywords', 0.585, 0.776],
      ['XQuAD-ru', 'tune', 'agent', 0.959, 0.997], // 0.946 before 41 (a word and its spellings one, spellings for every word)
      ['XQuAD-ru', 'hold-out', 'agent', 0.938, 0.991], // 0.935 before 46 (names spelt as English sounds)
      ['XQuAD-ru', 'tune', 'agent+keywords', 0.966, 1],
      ['XQuAD-ru', 'hold-out', 'agent+keywords', 0.938, 0.991], // 0.938 before 37-39, 0.935 from 39 to 46
    ];
    const work = tempDir();
    const parts = loadParts();
    for (const [dataset, split, style, hit1, hit5] of floors.filter(([d]) => haveLocomo || d !== 'LoCoMo')) {
      const chosen = parts.filter((p) => p.dataset === dataset && p.split === split).map(agentPart);
      const styled = style === 'agent' ? chosen : chosen.map((p) => keywordsPart(p)!);
      const memcue: Figures[] = [];
      for (const part of styled) memcue.push(await memcueFigures(part, work));
      const f = combine(memcue);
      const key = `${dataset} ${split} ${style}`;
      expect(f.hit_at_1, key).toBeGreaterThanOrEqual(hit1 - 0.0005);
      expect(f.hit_at_5, key).toBeGreaterThanOrEqual(hit5 - 0.0005);
      expect(f.avg_results, key).toBeLessThanOrEqual(3.05);
    }
  });
});
