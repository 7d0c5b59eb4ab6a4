// bm25.ts: round6 without a string gives the number SQLite's round(x, 6) gives (Number(x.toFixed(6))).
import { describe, expect, it } from 'vitest';
import { round6 } from '../../src/snapshot/bm25.js';
import { seeded } from '../../bench/seeded.js';

const slow = (x: number) => Number(x.toFixed(6));

describe('round6', () => {
  it('is toFixed(6) for scores, halves, their neighbours, signs and sizes', () => {
    const random = seeded(6);
    const values: number[] = [0, -0, 1, -1, 0.5, -0.5, 1e-7, -1e-7, 5e-7, -5e-7, 1e15, -1e15, 2 ** 60, Number.MAX_VALUE, NaN, Infinity, -Infinity];
    for (let i = 0; i < 20000; i++) {
      // Scores as pools have them (minus a bm25 sum), and values right at and beside a half.
      values.push(-random() * 40, random() * 1e9 - 5e8);
      const half = (Math.floor(random() * 4e7) - 2e7 + 0.5) / 1e6;
      values.push(half, half + 1e-13, half - 1e-13, half + 4e-10, half - 4e-10);
    }
    for (const x of values) expect(Object.is(round6(x), slow(x)), `round6(${x})`).toBe(true);
  });
});
