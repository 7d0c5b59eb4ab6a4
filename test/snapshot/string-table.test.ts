// The search file's sorted string tables (src/snapshot/string-table.ts): every string is found where
// it is, and a string between two is placed between them, across dozens of blocks, read through an
// index that is bisected where it lies.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadParts } from '../../bench/quality-sets.js';
import { parseFacts } from '../../src/eval/dataset.js';
import { loadFacts } from '../../src/eval/run.js';
import { buildSearchFile } from '../../src/snapshot/build.js';
import { openLiveIndex } from '../../src/snapshot/files.js';
import { DICT_BLOCK, utf8 } from '../../src/snapshot/format.js';
import { Store } from '../../src/store/store.js';
import { tempDir } from '../helpers.js';

describe('the string tables of the search file', () => {
  it('find every term and every created_at value, and what lies between them', { timeout: 60_000 }, async () => {
    const part = loadParts().find((p) => p.dataset === 'XQuAD-ru')!;
    const store = (await Store.open(join(tempDir(), 'tables.db'), { write: true }))!;
    try {
      await loadFacts(store, parseFacts(part.facts), 'test');
      expect(buildSearchFile(store.db, store.file.real)).toBe(true);
      const { file } = openLiveIndex(store.file.real)!;
      const terms = [...file.termsBetween(new Uint8Array(0), new Uint8Array([0xff]))];
      expect(terms.length).toBe(file.header.terms);
      expect(terms.length).toBeGreaterThan(50 * DICT_BLOCK);
      terms.forEach(({ term, entry }, i) => {
        expect(file.terms(term, false), String(i)).toEqual([entry]);
        expect(file.termAt(i)).toEqual(term);
        // The term with a zero byte after it sorts right after the term and before the next one.
        const after = new Uint8Array([...term, 0]);
        expect([...file.termsBetween(term, after)].map((t) => t.term)).toEqual([term]);
      });
      expect(file.terms(utf8.encode('\u0000'), true)).toEqual([]);
      expect(file.terms(utf8.encode('\uffff'), true)).toEqual([]);

      const values = store.db.all('SELECT DISTINCT created_at FROM facts ORDER BY created_at').map((r) => String(r.created_at));
      expect(values.length).toBe(file.header.createdValues);
      values.forEach((value, rank) => {
        expect(file.createdRank(value)).toEqual({ rank, equal: true });
        expect(file.createdAt(rank)).toBe(value);
        expect(file.createdRank(`${value}\u0000`)).toEqual({ rank: rank + 1, equal: false });
      });
    } finally {
      store.close();
    }
  });
});
