// One-fact writes leave FTS5 a one-row segment each; every term a query looks up is looked up in
// every segment, so their number is what an add's "already known" check and a search through SQLite
// pay for (src/store/index-segments.ts).
import { describe, expect, it } from 'vitest';
import { Store } from '../../src/store/store.js';
import { cli, isolatedEnv } from '../helpers.js';

const segments = (store: Store) => Number(store.db.get('SELECT count(DISTINCT segid) AS n FROM fact_index_idx')!.n);

describe('index segments', () => {
  it('stay few however many facts are added one at a time', async () => {
    const env = isolatedEnv();
    const counts: number[] = [];
    for (let i = 0; i < 24; i++) {
      expect((await cli(['add', `fact number ${i} about segment merging`], { env })).code).toBe(0);
      const store = (await Store.open(env.MEMCUE_DB!, { write: false }))!;
      counts.push(segments(store));
      store.close();
    }
    // FTS5's own automerge waits for 64 pages written (up to 15 segments here, 19 in a long-used memory).
    expect(Math.max(...counts)).toBeLessThanOrEqual(5);
    const store = (await Store.open(env.MEMCUE_DB!, { write: true }))!;
    expect(store.db.get(`SELECT count(*) AS n FROM fact_index WHERE fact_index MATCH 'segment'`)!.n).toBe(24);
    await store.writeAsync(() => store.db.run(`INSERT INTO fact_index(fact_index) VALUES ('integrity-check')`));
    store.close();
  });
});
