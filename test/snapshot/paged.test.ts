// The search file is read in checked pages (issue 22.2): a search reads the pages its terms touch,
// not the whole file, and no byte of the file is used unchecked — the header (issue 19.5: editing
// its counts changed scores) as much as the body.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { search, searchLive } from '../../src/search/search.js';
import { buildSearchFile } from '../../src/snapshot/build.js';
import { openLiveIndex, snapshotFiles } from '../../src/snapshot/files.js';
import { PAGE } from '../../src/snapshot/format.js';
import { PagedReader } from '../../src/snapshot/paged.js';
import { Store } from '../../src/store/store.js';
import { openKeptFile } from '../../src/util/safe-file.js';
import { tempDir } from '../helpers.js';

const WORDS = 'deploy cache token queue worker retry proxy gateway image registry branch release review schema backup replica shard cluster'.split(' ');

/** `count` facts of common words, each with a rare marker word of its own. */
async function memory(count: number): Promise<Store> {
  const store = (await Store.open(join(tempDir(), 'paged.db'), { write: true }))!;
  await store.writeAsync(() => {
    for (let i = 0; i < count; i++) {
      const text = `${Array.from({ length: 12 }, (_, k) => WORDS[(i * 7 + k * 3) % WORDS.length]).join(' ')} marker${i}`;
      store.insertVersion({
        id: `f${String(i).padStart(19, '0')}`, version: 1, text, translation: '', kind: 'note', scope: 'global', source: '', quote: '',
        created_at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(), host: 'h', state: 'active',
      });
    }
  });
  expect(buildSearchFile(store.db, store.file.real)).toBe(true);
  return store;
}

describe('the search file read in pages', () => {
  it('answers a rare term from a few pages of a large file', { timeout: 120_000 }, async () => {
    const store = await memory(6000);
    try {
      const live = openLiveIndex(store.file.real)!;
      const pages = Math.ceil(live.file.header.crcTable / PAGE);
      expect(pages).toBeGreaterThan(100);
      const hits = searchLive(live, 'marker4242');
      expect(hits.map((h) => h.text)).toEqual([expect.stringContaining('marker4242')]);
      expect(hits.map((h) => h.id)).toEqual(search(store, 'marker4242').map((h) => h.id));
      expect(live.file.pagesRead).toBeLessThanOrEqual(8);
    } finally {
      store.close();
    }
  });

  it('never uses a damaged page (a search that meets one throws, and the command asks SQLite)', async () => {
    const store = await memory(400);
    try {
      const path = snapshotFiles(store.file.real).base;
      const bytes = readFileSync(path);
      bytes[Math.floor(bytes.length / 3)]! ^= 0x10; // inside the body, not the header
      writeFileSync(path, bytes);
      const live = openLiveIndex(store.file.real)!;
      expect(live).toBeDefined(); // the header is fine…
      expect(() => {
        for (let i = 0; i < 400; i += 7) searchLive(live, `marker${i} deploy`);
        for (let d = 0; d < 400; d++) live.file.stored(d);
      }).toThrow(/damaged/); // …but the page is not used
    } finally {
      store.close();
    }
  });

  it('checks the header too: a count edited in it makes the file unusable', async () => {
    const store = await memory(50);
    try {
      const path = snapshotFiles(store.file.real).base;
      const text = readFileSync(path, 'latin1');
      expect(text).toContain('"docs":50');
      writeFileSync(path, Buffer.from(text.replace('"docs":50', '"docs":90'), 'latin1'));
      expect(PagedReader.open(openKeptFile(path, 1 << 30)!)).toBeUndefined();
      expect(openLiveIndex(store.file.real)).toBeUndefined();
    } finally {
      store.close();
    }
  });
});
