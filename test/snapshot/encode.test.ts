// The search file's build merges spilled runs of postings (issue 22.3: memory bounded by a batch):
// a file built from many small runs answers exactly as one built from a single run.
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFacts } from '../../src/eval/dataset.js';
import { loadFacts } from '../../src/eval/run.js';
import { searchLive } from '../../src/search/search.js';
import { eachIndexedDoc } from '../../src/snapshot/build.js';
import { SearchFileWriter } from '../../src/snapshot/encode.js';
import { SearchFile } from '../../src/snapshot/reader.js';
import { Store } from '../../src/store/store.js';
import { INDEX_VERSION } from '../../src/text/tokenize.js';
import { loadParts } from '../../bench/quality-sets.js';
import { openKeptFile } from '../../src/util/safe-file.js';
import { tempDir } from '../helpers.js';

function write(store: Store, path: string, batch: { postings: number; created: number }): SearchFile {
  const fd = openSync(path, 'w');
  const writer = new SearchFileWriter(fd, (name) => `${path}.${name}`, batch);
  eachIndexedDoc(store.db, undefined, (doc) => writer.add(doc));
  writer.finish({ stamp: 'test', indexVersion: INDEX_VERSION, scopesInUse: [] });
  closeSync(fd);
  return SearchFile.open(openKeptFile(path, 1 << 30)!)!;
}

describe('the search file built from spilled runs', () => {
  it('answers as one built in a single run', { timeout: 120_000 }, async () => {
    const part = loadParts().find((p) => p.dataset === 'XQuAD-ru')!;
    const dir = tempDir();
    const store = (await Store.open(join(dir, 'runs.db'), { write: true }))!;
    try {
      await loadFacts(store, parseFacts(part.facts), 'test');
      const one = write(store, join(dir, 'one.search'), { postings: 1 << 20, created: 1 << 20 });
      const many = write(store, join(dir, 'many.search'), { postings: 40, created: 7 }); // a run every few facts
      expect(many.header.terms).toBe(one.header.terms);
      expect(many.header.tokens).toBe(one.header.tokens);
      expect(many.header.createdValues).toBe(one.header.createdValues);
      expect(one.header.createdValues).toBeGreaterThan(50);
      const live = (file: SearchFile) => ({ file, removed: new Set<number>(), added: [], docs: file.header.docs, tokens: file.header.tokens, scopesInUse: [] });
      const queries = part.queries.split('\n').filter(Boolean).slice(0, 60).map((l) => String(JSON.parse(l).text));
      for (const q of queries) {
        for (const opts of [{ limit: 30, cutoff: 0 }, { since: new Date(Date.UTC(2026, 0, 1) + 40_000).toISOString() }]) {
          expect(searchLive(live(many), q, opts), q).toEqual(searchLive(live(one), q, opts));
        }
      }
    } finally {
      store.close();
    }
  });
});
