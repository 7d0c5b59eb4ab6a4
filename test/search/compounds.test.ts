import { describe, expect, it } from 'vitest';
import { compoundTerms, splits } from '../../src/search/compounds.js';

describe('compound splits', () => {
  it('splits a word into two halves of 4+ letters, stemmed, as phrases', () => {
    expect(splits('roadtrips')).toEqual(['road trip', 'roadt rip']);
    expect(splits('roadtrips', 3)).toEqual(['roa dtrip', 'road trip', 'roadt rip', 'roadtr ip']);
  });

  it('covers every word of the query', () => {
    expect(compoundTerms(['sunrise', 'filename', 'workouts'])).toEqual(['file name', 'work out']);
  });

  it('leaves short words unsplit, and non-Latin and over-long words alone', () => {
    expect(splits('login')).toEqual([]);
    expect(splits('sunrise')).toEqual([]);
    expect(splits('файлнейм')).toEqual([]);
    expect(splits('a'.repeat(21))).toEqual([]);
  });
});
