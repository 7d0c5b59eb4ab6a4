// The re-ranker's near-miss score (src/search/trigram-score.ts).
import { describe, expect, it } from 'vitest';
import { queryItems } from '../../src/search/query.js';
import { gramScores, speltWords, trigrams } from '../../src/search/trigram-score.js';

const texts = ['Elasticsearch 8.11 runs on es-logs-01', 'Эластик отдаёт 429 при size больше 10000', 'Мейлисёрч на хосте search-01'];

describe('trigrams', () => {
  it('pads each word and leaves out function words on request', () => {
    expect(trigrams('the Pup', false)).toEqual([' th', 'the', 'he ', ' pu', 'pup', 'up ']);
    expect(trigrams('the Pup', true)).toEqual([' pu', 'pup', 'up ']);
  });
});

describe('gramScores', () => {
  it("counts a word's other-script spelling as the word: a fact holding it is not left at zero (RESULTS 46)", () => {
    const [latin, russian, other] = gramScores('эластик хост', texts, 1.2, [{ own: ['эластик'], others: [['elasticsearch']] }]);
    expect(latin).toBeGreaterThan(0);
    expect(russian).toBeGreaterThan(0);
    expect(other).toBeLessThan(Math.min(latin!, russian!));
    // Without the spelling, only the query's own script scores.
    expect(gramScores('эластик', texts, 1.2)[0]).toBe(0);
  });

  it('takes the best of a word and its spellings, not their sum', () => {
    const both = ['Эластик (elasticsearch) на es-logs-01', 'Redis на cache-01'];
    const alone = gramScores('эластик', both, 1.2);
    const spelt = gramScores('эластик', both, 1.2, [{ own: ['эластик'], others: [['elasticsearch']] }]);
    const latinOnly = gramScores('elasticsearch', both, 1.2);
    expect(spelt[0]).toBeCloseTo(Math.max(alone[0]!, latinOnly[0]!), 9);
  });

  it('finds the spellings expand.ts put in a word’s group, as the word was typed', () => {
    const items = [...queryItems('Эластику версия'), { terms: ['elasticsearch'], prefix: false, group: 0 }, { terms: ['верс'], prefix: false, group: 1 }];
    expect(speltWords('Эластику версия', items)).toEqual([{ own: ['эластику'], others: [['elasticsearch']] }]);
  });
});
