// The statistics (bench/e2e/stats.ts, table.ts): means per condition on memory tasks and controls,
// and paired differences with a seeded bootstrap interval, on inputs whose answers are known.
import { describe, expect, it } from 'vitest';
import { bootstrap, byCondition, difference, losses, seeded, type RunLine } from '../../bench/e2e/stats.js';
import { table } from '../../bench/e2e/table.js';

const line = (task: string, condition: string, repeat: number, score: number, memory: boolean, extra: Partial<RunLine> = {}): RunLine => ({
  task, condition, repeat, agent: 'x', score, passed: 0, total: 0, criteria: {}, context_chars: 0, searches: 0, needs_memory: memory, memory_criteria: memory ? ['m'] : [], ...extra,
});

describe('e2e statistics', () => {
  it('a constant difference has an interval of that one value; one pair has no spread', () => {
    expect(bootstrap([0.5, 0.5, 0.5, 0.5])).toEqual({ mean: 0.5, lo: 0.5, hi: 0.5 });
    expect(bootstrap([0.25])).toEqual({ mean: 0.25, lo: 0.25, hi: 0.25 });
  });

  it('the interval of a 0/1 difference is the binomial spread of its mean, and the same on every run', () => {
    const diffs = [...Array(50).fill(1), ...Array(50).fill(0)];
    const a = bootstrap(diffs);
    expect(a.mean).toBe(0.5);
    // The mean of 100 draws of a fair 0/1: sd 0.05, so the 95 % interval is about 0.40–0.60.
    expect(a.lo).toBeGreaterThan(0.38);
    expect(a.lo).toBeLessThan(0.42);
    expect(a.hi).toBeGreaterThan(0.58);
    expect(a.hi).toBeLessThan(0.62);
    expect(bootstrap(diffs)).toEqual(a);
    // The seed is what makes it reproducible: another seed draws other resamples.
    const uneven = [0.1, 0.7, 0.3, 0.9, 0.2, 0.05];
    expect(bootstrap(uneven)).toEqual(bootstrap(uneven));
    expect(bootstrap(uneven, 10_000, 7)).not.toEqual(bootstrap(uneven));
    expect(Array.from({ length: 3 }, seeded(1))).toEqual(Array.from({ length: 3 }, seeded(1)));
  });

  it('pairs runs by task and repeat, memory tasks and controls apart', () => {
    const lines = [
      line('t1', 'memcue', 1, 1, true), line('t1', 'none', 1, 0.5, true),
      line('t1', 'memcue', 2, 1, true), line('t1', 'none', 2, 0, true),
      line('t2', 'memcue', 1, 0.5, true), // no `none` run of t2 #1: not paired
      line('c1', 'memcue', 1, 1, false), line('c1', 'none', 1, 1, false),
    ];
    expect(difference(lines, 'memcue', 'none', 'memory tasks')).toMatchObject({ pairs: 2, mean: 0.75 });
    expect(difference(lines, 'memcue', 'none', 'controls')).toMatchObject({ pairs: 1, mean: 0 });
    expect(difference(lines, 'memcue', 'file', 'controls')).toBeUndefined();
  });

  it('means per condition: memory tasks, memory criteria, controls, context and searches', () => {
    const lines = [
      line('t1', 'memcue', 1, 2 / 3, true, { criteria: { m: 0, g: 1, h: 1 }, context_chars: 3000, searches: 2, memcue_output_chars: 900 }),
      line('t2', 'memcue', 1, 1, true, { criteria: { m: 1 }, context_chars: 1000, searches: 0, memcue_output_chars: 0 }),
      line('c1', 'memcue', 1, 0.5, false, { context_chars: 2000, searches: 1 }),
    ];
    const [s] = byCondition(lines, ['memcue', 'none']);
    expect(s).toMatchObject({ condition: 'memcue', runs: 3, memoryCriteria: 0.5, controlScore: 0.5, contextChars: 2000, outputChars: 450, searches: 1 });
    expect(s!.memoryScore).toBeCloseTo(5 / 6);
    const md = table(lines);
    expect(md).toContain('| memcue | 3 | 0.833 | 0.500 | 0.500 | 2000 | 450 | 1.00 |');
    expect(md).not.toContain('| none |');
  });

  it('lists the runs memcue lost, and splits memory tasks by language when there are two', () => {
    const lines = [
      line('t1', 'memcue', 1, 0.5, true, { lang: 'ru' }), line('t1', 'file', 1, 1, true, { lang: 'ru' }), line('t1', 'none', 1, 0.5, true, { lang: 'ru' }),
      line('t2', 'memcue', 1, 1, true, { lang: 'en' }), line('t2', 'file', 1, 1, true, { lang: 'en' }), line('t2', 'none', 1, 0, true, { lang: 'en' }),
    ];
    expect(losses(lines, 'memcue', 'file')).toEqual([{ task: 't1', repeat: 1, a: 0.5, b: 1 }]);
    expect(losses(lines, 'memcue', 'none')).toEqual([]);
    const md = table(lines);
    expect(md).toContain('| condition | memory tasks (en) | memory tasks (ru) |');
    expect(md).toContain('| memcue | 1.000 | 0.500 |');
    expect(md).toContain('| none | 0.000 | 0.500 |');
    expect(md).toContain('Runs lost by memcue:\n- t1 #1: memcue 0.50 < file 1.00\n');
  });
});
