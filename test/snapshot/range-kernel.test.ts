// range-kernel.ts takesOver: when a pass goes on in the WebAssembly kernel. A pass of several items
// hands over as soon as 384 of the ranges left can still beat the pool's last fact; a pass of one item
// (tight range bounds, an early stop) only past 256 ranges read with 1,024 left; tests' settings
// (kernelAfter) apply to every pass. The pools the kernel reads are tested in lean-range.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { kernelAfter, takesOver } from '../../src/snapshot/range-kernel.js';
import type { LeanItems, LeanPass } from '../../src/snapshot/lean-types.js';

/** A pass over `ranges` ranges ordered by key, `beating` of them with a key at or under `last`. */
function pass(ranges: number, beating: number, last = -2): LeanPass {
  const key = Float64Array.from({ length: ranges }, (_, r) => (r < beating ? last - 1 + r / ranges : last + 0.5 + r / ranges));
  return { order: Array.from({ length: ranges }, (_, r) => r), key } as unknown as LeanPass;
}

const items = (n: number) => ({ starts: new Int32Array(n) }) as unknown as LeanItems;

describe('takesOver', () => {
  afterEach(() => void kernelAfter(0, 384));

  it('hands a pass of several items over from its first range when 384 ranges left can beat the pool', () => {
    expect(takesOver(pass(782, 782), items(5), 0, 0, -2)).toBe(true);
    expect(takesOver(pass(782, 400), items(3), 0, 0, -2)).toBe(true);
    // Few ranges can beat it (a pass that stops early), or few are left: not worth the kernel's set-up.
    expect(takesOver(pass(782, 300), items(5), 0, 0, -2)).toBe(false);
    expect(takesOver(pass(782, 782), items(5), 500, 0, -2)).toBe(false);
    // Asked again every 64 ranges read, not at each.
    expect(takesOver(pass(2000, 2000), items(5), 10, 10, -2)).toBe(false);
    expect(takesOver(pass(2000, 2000), items(5), 64, 64, -2)).toBe(true);
  });

  it('hands a pass of one item over only past 256 ranges read with 1,024 left that can beat the pool', () => {
    expect(takesOver(pass(782, 782), items(1), 0, 0, -2)).toBe(false);
    expect(takesOver(pass(3907, 3907), items(1), 0, 0, -2)).toBe(false);
    expect(takesOver(pass(3907, 3907), items(1), 256, 256, -2)).toBe(true);
    expect(takesOver(pass(3907, 1200), items(1), 256, 256, -2)).toBe(false);
  });

  it('follows the tests\' settings for every pass: from the first range, or never', () => {
    kernelAfter(0, 0);
    expect(takesOver(pass(10, 1), items(1), 0, 0, -2)).toBe(true);
    kernelAfter(Infinity, Infinity);
    expect(takesOver(pass(5000, 5000), items(5), 0, 0, -2)).toBe(false);
    expect(takesOver(pass(5000, 5000), items(1), 256, 256, -2)).toBe(false);
  });
});
