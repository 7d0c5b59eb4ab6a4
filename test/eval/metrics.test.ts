import { describe, expect, it } from 'vitest';
import { figures } from '../../src/eval/metrics.js';

describe('figures', () => {
  it('computes hit@1, hit@5, recall@5, MRR, average results and the share without results', () => {
    const f = figures([
      { returned: ['a', 'b'], relevant: new Set(['a']) }, // first: hit@1, rr 1
      { returned: ['x', 'y', 'b'], relevant: new Set(['b', 'c']) }, // third: rr 1/3, recall 1/2
      { returned: [], relevant: new Set(['a']) }, // nothing back
      { returned: ['1', '2', '3', '4', '5', '6'], relevant: new Set(['6']) }, // beyond the top 5
    ]);
    expect(f.queries).toBe(4);
    expect(f.hit_at_1).toBeCloseTo(1 / 4);
    expect(f.hit_at_5).toBeCloseTo(2 / 4);
    expect(f.recall_at_5).toBeCloseTo((1 + 0.5) / 4);
    expect(f.mrr).toBeCloseTo((1 + 1 / 3 + 1 / 6) / 4);
    expect(f.avg_results).toBeCloseTo((2 + 3 + 0 + 6) / 4);
    expect(f.no_result).toBeCloseTo(1 / 4);
  });

  it('is all zeros for no queries', () => {
    expect(figures([])).toEqual({ queries: 0, hit_at_1: 0, hit_at_5: 0, recall_at_5: 0, mrr: 0, avg_results: 0, no_result: 0 });
  });
});
