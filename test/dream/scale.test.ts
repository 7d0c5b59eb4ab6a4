// `dream` over a memory far bigger than one batch (issue 38, item 11): the cluster search (one search
// per fact) stops once the batch is full, so its cost follows the batch, not the memory; the batch
// still says more remains. A small memory is searched whole, as before.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareDream } from '../../src/dream/prepare.js';
import type { Fact } from '../../src/facts/facts.js';
import { Store } from '../../src/store/store.js';
import { tempDir } from '../helpers.js';

function fact(i: number, text: string): Fact {
  return { id: `f${String(i).padStart(9, '0')}`, version: 1, text, translation: '', kind: 'note', scope: 'global', source: '', quote: '', created_at: `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}.${String(i).padStart(3, '0').slice(-3)}Z`, host: 'h', state: 'active' };
}

async function memory(pairs: number) {
  const store = (await Store.open(join(tempDir(), 'memcue.db'), { write: true }))!;
  store.write(() => {
    for (let i = 0; i < pairs; i++) {
      const words = `service${i} listens on port ${9000 + i} behind gateway${i}`;
      store.insertNewFact(fact(2 * i, `The ${words}`));
      store.insertNewFact(fact(2 * i + 1, `Note that the ${words} now`));
    }
  });
  return store;
}

describe('dream over a memory bigger than one batch', () => {
  it('searches for clusters only until the batch is full, and says more remain', async () => {
    const store = await memory(300);
    let searched = 0;
    const batch = prepareDream(store, { budget: 3000, languages: 'en', onProgress: (done) => (searched = done) })!;
    expect(batch.counts.clusters).toBeGreaterThan(0);
    expect(searched).toBeLessThan(600 / 2);
    expect(batch.remaining.clusters).toBeGreaterThan(0);
    store.close();
  });

  it('a memory that fits one batch is searched whole: every cluster, nothing said to remain', async () => {
    const store = await memory(5);
    let searched = 0;
    const batch = prepareDream(store, { languages: 'en', onProgress: (done) => (searched = done) })!;
    expect(searched).toBe(10);
    expect(batch.counts.clusters).toBe(5);
    expect(batch.remaining.clusters).toBe(0);
    store.close();
  });
});
