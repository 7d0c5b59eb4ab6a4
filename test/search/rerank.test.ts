// The second stage of search: what FTS5's bm25() alone gets wrong, on a real database.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFacts } from '../../src/eval/run.js';
import { newId } from '../../src/facts/facts.js';
import { queryItems } from '../../src/search/query.js';
import { occurrences, RANKING, rescore, trigrams, type Ranking } from '../../src/search/rerank.js';
import { itemStats, search } from '../../src/search/search.js';
import { Store } from '../../src/store/store.js';
import { tempDir } from '../helpers.js';

/** A store with `texts` loaded in order (later = newer, which wins FTS5's ties). */
async function storeWith(texts: string[]) {
  const store = (await Store.open(join(tempDir(), 'memory.db'), { write: true }))!;
  const ids = await loadFacts(store, texts.map((text, i) => ({ id: `f${i}`, text, kind: 'note', scope: 'global' })), 'test');
  const byText = new Map([...ids].map(([id, external]) => [id, texts[Number(external.slice(1))]!]));
  const found = (query: string) => search(store, query).map((hit) => byText.get(hit.id));
  return { store, found };
}

describe('occurrences (FTS5 semantics)', () => {
  it('counts a term, a phrase of consecutive terms, and a prefix item', () => {
    const terms = ['road', 'trip', 'to', 'the', 'road', 'informac', 'informacion'];
    expect(occurrences({ terms: ['road'], prefix: false }, terms)).toBe(2);
    expect(occurrences({ terms: ['road', 'trip'], prefix: false }, terms)).toBe(1);
    expect(occurrences({ terms: ['trip', 'road'], prefix: false }, terms)).toBe(0);
    expect(occurrences({ terms: ['informac'], prefix: true }, terms)).toBe(2);
    expect(occurrences({ terms: ['informac'], prefix: false }, terms)).toBe(1);
  });
});

describe('trigrams', () => {
  it('pads each word and leaves out function words on request', () => {
    expect(trigrams('the Pup', false)).toEqual([' th', 'the', 'he ', ' pu', 'pup', 'up ']);
    expect(trigrams('the Pup', true)).toEqual([' pu', 'pup', 'up ']);
  });
});

describe('rescore', () => {
  it('gives a term found in over half the facts a weight above zero (FTS5 gives it none)', () => {
    const items = queryItems('caroline paint');
    const candidates = [
      // No text: trigrams play no part here, the word score alone decides.
      { columns: [['melani', 'paint', 'portrait'], []], text: '' },
      { columns: [['carolin', 'paint', 'landscap'], []], text: '' },
    ];
    // "caroline" is in 60 of 100 facts, "paint" in 2 (its compound splits, "caro line", in none).
    const matching = items.map((item) => ({ carolin: 60, paint: 2 })[item.terms.join(' ')] ?? 0);
    const [melanie, caroline] = rescore('caroline paint', items, { facts: 100, matching }, candidates);
    expect(caroline!).toBeGreaterThan(melanie!);
  });

  it('never counts a phrase across the text and its translation (FTS5 does not match one there)', () => {
    const items = queryItems('roadtrip');
    const split = { columns: [['drove', 'down', 'the', 'road'], ['trip', 'idea']], text: '' };
    const real = { columns: [['road', 'trip', 'idea'], []], text: '' };
    const [across, within] = rescore('roadtrip', items, { facts: 10, matching: items.map(() => 1) }, [split, real]);
    expect(across).toBe(0);
    expect(within!).toBeGreaterThan(0);
  });
});

describe('rescore settings (Ranking: what bench/labs/pool-lab.ts varies)', () => {
  // No text: trigrams play no part, the word score alone decides. "paint" is in 2 of 100 facts.
  const items = queryItems('paint');
  const stats = { facts: 100, matching: items.map(() => 2) };
  const score = (columns: string[][], ranking: Partial<Ranking> = {}) => rescore('paint', items, stats, [{ columns, text: '' }], { ...RANKING, ...ranking })[0]!;
  const alone = (ranking: Partial<Ranking> = {}) => score([['paint', 'wall'], ['hous']], ranking);

  it('by default counts every occurrence in every column, with one length normalisation over all columns', () => {
    expect(score([['paint', 'wall'], ['paint']])).toBeGreaterThan(score([['paint', 'wall'], ['hous']]));
    expect(rescore('paint', items, stats, [{ columns: [['paint'], []], text: '' }])).toEqual([score([['paint'], []])]);
  });

  it('caps the occurrences counted per column', () => {
    const repeated = [['paint', 'wall'], ['paint', 'paint', 'paint']];
    expect(score(repeated, { columnCaps: [Infinity, 1] })).toBeLessThan(score(repeated));
    expect(score(repeated, { columnCaps: [Infinity, 1] })).toBe(score([['paint', 'wall'], ['paint', 'hous', 'hous']], { columnCaps: [Infinity, 1] }));
  });

  it('weighs a column against the text', () => {
    const inHidden = [['wall', 'hous'], ['paint']];
    expect(score(inHidden, { columnWeights: [1, 0.5] })).toBeLessThan(score(inHidden));
    expect(score(inHidden, { columnWeights: [1, 0] })).toBe(0);
  });

  it('with bestColumn, a word repeated in the index-only column adds nothing to the text', () => {
    expect(score([['paint', 'wall'], ['paint']], { bestColumn: true })).toBe(alone({ bestColumn: true }));
  });

  it('with columnB, a long index-only column no longer weighs down a match in the text', () => {
    const long = [['paint', 'wall'], ['a', 'b', 'c', 'd', 'e', 'f']];
    const short = [['paint', 'wall'], []];
    const both = (ranking: Partial<Ranking>) => rescore('paint', items, stats, [long, short].map((columns) => ({ columns, text: '' })), { ...RANKING, ...ranking });
    const [a, b] = both({});
    expect(a!).toBeLessThan(b!);
    const [c, d] = both({ columnB: [0.3, 0] });
    expect(c).toBe(d);
  });

  it('a word and its other spellings count as one item: a fact holding both does not outrank one holding another query word (RESULTS 41)', () => {
    // "докер кэш" with the Latin spelling the index holds, in the word's group (expand.ts).
    const spelled = [...queryItems('докер кэш'), { terms: ['docker'], prefix: false, group: 0 }];
    const both = { columns: [['докер', 'docker', 'образ']], text: '' };
    const cache = { columns: [['кэш', 'докер', 'чист']], text: '' };
    // докер in 3 facts, кэш in 5, docker in 1: counted apart, the rare spelling outweighs the other word.
    const counts = { facts: 100, matching: [3, 5, 1] };
    const [bothAsOne, cacheAsOne] = rescore('', spelled, counts, [both, cache]);
    expect(cacheAsOne!).toBeGreaterThan(bothAsOne!);
    const [bothSummed, cacheSummed] = rescore('', spelled, counts, [both, cache], { ...RANKING, spellings: 'apart' });
    expect(bothSummed!).toBeGreaterThan(cacheSummed!);
  });

  it('with diminish, a second matched item counts less than the first', () => {
    const two = queryItems('paint wall');
    const twoStats = { facts: 100, matching: two.map(() => 2) };
    const [plain] = rescore('paint wall', two, twoStats, [{ columns: [['paint', 'wall'], []], text: '' }]);
    const [halved] = rescore('paint wall', two, twoStats, [{ columns: [['paint', 'wall'], []], text: '' }], { ...RANKING, diminish: 1 });
    expect(halved!).toBeCloseTo((plain! * 3) / 4, 10);
  });
});

describe('search ranks with the second stage', () => {
  it("a question naming a person ranks that person's fact first, even when the name is in most facts", async () => {
    const { store, found } = await storeWith([
      'Caroline paints landscapes on weekends',
      'Caroline likes hiking',
      'Caroline works as a counselor',
      'Caroline moved here four years ago',
      'Melanie paints portraits on weekends', // newest: FTS5 alone puts it first (the name weighs nothing)
    ]);
    try {
      expect(found('What does Caroline paint on weekends?')[0]).toBe('Caroline paints landscapes on weekends');
    } finally {
      store.close();
    }
  });

  it('a misspelt word still prefers the fact it nearly matches', async () => {
    const { store, found } = await storeWith([
      'Caroline went to the pride festival with friends last year',
      'Caroline went to a pride parade last week', // newer, and just as good a match by whole words
    ]);
    try {
      expect(found('When did Caroline go to the pride fesetival?')[0]).toBe('Caroline went to the pride festival with friends last year');
    } finally {
      store.close();
    }
  });

  // Each statement is parsed and compiled in the WASM interpreter in a cold process (issue 14).
  it('compiles one statement for a first search besides the two of the vocabulary; later ones take the counts from the cache', async () => {
    const { store } = await storeWith(['alpha beta', 'gamma delta', 'alpha gamma']);
    try {
      const before = store.db.compiled;
      const first = search(store, 'alpha gamma');
      expect(first.length).toBeGreaterThan(0);
      // The pool with its counts, and the vocabulary (expand.ts): its table and its one range read.
      expect(store.db.compiled - before).toBe(3);
      // The pool without the counts, compiled once; nothing is counted again.
      expect(search(store, 'alpha gamma')).toEqual(first);
      expect(search(store, 'gamma alpha')).toEqual(first);
      expect(store.db.compiled - before).toBe(4);
    } finally {
      store.close();
    }
  });

  it('counts facts per item again after a write (the counts are cached per database state)', async () => {
    const { store } = await storeWith(['alpha beta', 'gamma delta']);
    try {
      const items = queryItems('alpha');
      expect(itemStats(store, items)).toEqual({ facts: 2, matching: [1] });
      await loadFacts(store, [{ id: 'x', text: 'alpha again', kind: 'note', scope: 'global' }], 'test');
      expect(itemStats(store, items)).toEqual({ facts: 3, matching: [2] });
      // Counted inside a transaction that is then rolled back: those counts must not be kept.
      await expect(
        store.writeAsync(() => {
          const fact = { id: newId(), version: 1, text: 'alpha once more', translation: '', kind: 'note', scope: 'global' } as const;
          store.insertVersion({ ...fact, source: '', quote: '', created_at: new Date().toISOString(), host: 'test', state: 'active' });
          expect(itemStats(store, items)).toEqual({ facts: 4, matching: [3] });
          throw new Error('abandoned');
        }),
      ).rejects.toThrow('abandoned');
      expect(itemStats(store, items)).toEqual({ facts: 3, matching: [2] });
    } finally {
      store.close();
    }
  });
});
