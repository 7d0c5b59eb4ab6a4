import { describe, expect, it } from 'vitest';
import { randomBytes } from '../../src/util/random.js';
import { newId } from '../../src/facts/facts.js';

describe('randomBytes', () => {
  it('gives the length asked for, different each time', () => {
    const a = randomBytes(20);
    expect(a).toHaveLength(20);
    expect(Buffer.isBuffer(a)).toBe(true);
    expect(a.equals(randomBytes(20))).toBe(false);
  });

  it('makes fact ids of 20 base32 characters that do not repeat', () => {
    const ids = new Set(Array.from({ length: 2000 }, () => newId()));
    expect(ids.size).toBe(2000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-hjkmnp-tv-z]{20}$/);
  });
});
