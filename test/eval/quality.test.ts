// Retrieval quality on the shared sets may not regress: memcue stays at or above the native porter
// baseline on every split and within the figures recorded in bench/RESULTS.md. Deterministic (same
// data, same order, no randomness in ranking), so the bounds are exact, not statistical.
import { describe, expect, it } from 'vitest';
import { baselineFigures, combine, memcueFigures } from '../../bench/quality-run.js';
import { loadParts } from '../../bench/quality-sets.js';
import type { Figures } from '../../src/eval/metrics.js';
import { tempDir } from '../helpers.js';

describe('retrieval quality on the shared sets', () => {
  it('memcue >= porter on every split, and the recorded figures hold', { timeout: 120_000 }, async () => {
    const work = tempDir();
    const rows: { key: string; memcue: Figures; porter: Figures }[] = [];
    const parts = loadParts();
    for (const dataset of ['LoCoMo', 'XQuAD-ru']) {
      for (const split of ['tune', 'hold-out']) {
        const chosen = parts.filter((p) => p.dataset === dataset && p.split === split);
        const memcue: Figures[] = [];
        for (const part of chosen) memcue.push(await memcueFigures(part, work));
        rows.push({ key: `${dataset} ${split}`, memcue: combine(memcue), porter: combine(chosen.map((p) => baselineFigures('porter', p))) });
      }
    }
    const get = (key: string) => rows.find((r) => r.key === key)!.memcue;
    for (const row of rows) expect(row.memcue.hit_at_5, row.key).toBeGreaterThanOrEqual(row.porter.hit_at_5);
    // bench/RESULTS.md, final row: hold-out LoCoMo 0.671 / 3.02 results, XQuAD-ru 0.976 / 1.54; tune LoCoMo 0.717 (17).
    expect(get('LoCoMo hold-out').hit_at_5).toBeGreaterThanOrEqual(0.67);
    expect(get('LoCoMo tune').hit_at_5).toBeGreaterThanOrEqual(0.716);
    expect(get('XQuAD-ru hold-out').hit_at_5).toBeGreaterThanOrEqual(0.975);
    expect(get('XQuAD-ru tune').hit_at_5).toBeGreaterThanOrEqual(0.996);
    for (const row of rows) expect(row.memcue.avg_results, row.key).toBeLessThanOrEqual(3.05);
  });
});
