// One-fact writes leave FTS5 a one-row segment each; every term a query looks up is looked up in
// every segment, so their number is what an add's "already known" check and a search through SQLite
// pay for (src/store/index-segments.ts).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Store } from '../../src/store/store.js';
import { cli, isolatedEnv, tempDir } from '../helpers.js';

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

  it('are merged into one by an import as large as the memory, so the adds after it carry on no merge of its own', async () => {
    const env = isolatedEnv();
    expect((await cli(['add', 'the first fact'], { env })).code).toBe(0);
    // A small hash makes FTS5 flush a segment every few facts, as a 100k-fact import does every few thousand.
    const store = (await Store.open(env.MEMCUE_DB!, { write: true }))!;
    await store.writeAsync(() => store.db.run(`INSERT INTO fact_index(fact_index, rank) VALUES ('hashsize', 4096)`));
    store.close();
    const file = join(tempDir(), 'facts.jsonl');
    writeFileSync(file, Array.from({ length: 1500 }, (_, i) => JSON.stringify({ text: `imported fact ${i} about merges and segment ${i % 37}` })).join('\n'));
    expect((await cli(['import', file], { env })).code).toBe(0);
    const after = (await Store.open(env.MEMCUE_DB!, { write: false }))!;
    expect(segments(after)).toBe(1);
    after.close();
    // A small import into a large memory leaves the index alone (merging all of it would cost the import the memory's size).
    writeFileSync(file, JSON.stringify({ text: 'one more imported fact' }));
    expect((await cli(['import', file], { env })).code).toBe(0);
    const small = (await Store.open(env.MEMCUE_DB!, { write: true }))!;
    expect(segments(small)).toBe(2);
    expect(small.db.get(`SELECT count(*) AS n FROM fact_index WHERE fact_index MATCH 'segment'`)!.n).toBe(1500);
    await small.writeAsync(() => small.db.run(`INSERT INTO fact_index(fact_index) VALUES ('integrity-check')`));
    small.close();
  });
});
