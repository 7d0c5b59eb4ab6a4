// Similar facts from the index by the seed's rarest terms (prefix filtering) find what comparing the
// seed with every other fact finds, while reading only a few postings: checked against the plain
// all-pairs comparison on a real database of random facts and near-duplicates.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IndexNeighbours, NEIGHBOUR_SIMILARITY } from '../../src/dream/neighbours.js';
import { factsAfter, type Seed } from '../../src/dream/seeds.js';
import type { Fact } from '../../src/facts/facts.js';
import { Store } from '../../src/store/store.js';
import { terms } from '../../src/text/tokenize.js';
import { tempDir } from '../helpers.js';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

const VOCABULARY = Array.from({ length: 400 }, (_, i) => `w${i.toString(36)}x`);

function fact(i: number, text: string, scope = 'global'): Fact {
  return { id: `f${String(i).padStart(6, '0')}`, version: 1, text, translation: '', kind: 'note', scope, source: '', quote: '', created_at: '2026-01-01T00:00:00.000Z', host: 'h', state: 'active' };
}

/** The plain definition: weighted Dice over every pair, Lucene IDF over the facts. */
function allPairs(seeds: Seed[]): Map<string, Set<string>> {
  const sets = new Map(seeds.map(({ fact: f }) => [f.id, new Set(terms(`${f.text} ${f.translation}`).filter(Boolean))]));
  const df = new Map<string, number>();
  for (const s of sets.values()) for (const t of s) df.set(t, (df.get(t) ?? 0) + 1);
  const idf = (t: string) => Math.log(1 + (seeds.length - df.get(t)! + 0.5) / (df.get(t)! + 0.5));
  const weight = (s: Set<string>) => [...s].reduce((sum, t) => sum + idf(t), 0);
  const out = new Map<string, Set<string>>();
  for (const a of seeds) {
    const near = new Set<string>();
    const ta = sets.get(a.fact.id)!;
    for (const b of seeds) {
      if (a === b || a.fact.scope !== b.fact.scope) continue;
      const tb = sets.get(b.fact.id)!;
      const shared = [...ta].filter((t) => tb.has(t)).reduce((sum, t) => sum + 2 * idf(t), 0);
      if (shared / (weight(ta) + weight(tb)) >= NEIGHBOUR_SIMILARITY) near.add(b.fact.id);
    }
    out.set(a.fact.id, near);
  }
  return out;
}

describe('IndexNeighbours', () => {
  it('finds every neighbour the all-pairs comparison finds, and no other, reading a fraction of the postings', async () => {
    const random = rng(38);
    const pick = () => VOCABULARY[Math.floor(random() * VOCABULARY.length)]!;
    const texts: [string, string][] = [];
    for (let i = 0; i < 300; i++) texts.push([Array.from({ length: 4 + Math.floor(random() * 4) }, pick).join(' '), i % 7 === 0 ? 'repo:other' : 'global']);
    // Near-duplicates: a word dropped, a word added, or both.
    for (let i = 0; i < 60; i++) {
      const [text, scope] = texts[Math.floor(random() * 300)]!;
      const words = text.split(' ');
      if (i % 2) words.splice(Math.floor(random() * words.length), 1);
      if (i % 3) words.push(pick());
      texts.push([words.join(' '), scope]);
    }
    const store = (await Store.open(join(tempDir(), 'memcue.db'), { write: true }))!;
    await store.writeAsync(() => texts.forEach(([text, scope], i) => store.insertNewFact(fact(i, text, scope))));
    const seeds = [...factsAfter(store.db, 0)];
    const expected = allPairs(seeds);
    const index = new IndexNeighbours(store.db);
    let pairs = 0;
    for (const { row, fact: seed } of seeds) {
      const found = index.find(seed, row, () => false).map((n) => n.fact.id);
      expect(new Set(found), seed.text).toEqual(expected.get(seed.id));
      pairs += found.length;
    }
    expect(pairs).toBeGreaterThan(60);
    // All pairs are 360 × 359 comparisons; the index compares at most 16 a seed and reads a tenth as many postings.
    expect(index.work.compared).toBeLessThan(seeds.length * 16);
    expect(index.work.postings).toBeLessThan((seeds.length * (seeds.length - 1)) / 10);
    store.close();
  });
});
