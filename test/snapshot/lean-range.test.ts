// Queries of several common words (lean-range.ts, issue 36): every range is read, its docs counted
// from the words' bitmaps and bounded from their short lengths (format.ts lengths, capped at 255)
// before their records are read. The pool must stay the exhaustive one, with docs longer than the
// cap among the best, words repeated within a fact, and queries that other-script spellings expand
// into five items and two pools (search.ts ownItems), as `deploy server config` does in the bench.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { search, searchLive, type SearchOptions } from '../../src/search/search.js';
import { queryItems } from '../../src/search/query.js';
import { buildSearchFile } from '../../src/snapshot/build.js';
import { openLiveIndex, snapshotFiles } from '../../src/snapshot/files.js';
import { crc32, MAX_SHORT_LENGTH } from '../../src/snapshot/format.js';
import { snapshotPool, snapshotPools, type AddedDoc, type LiveIndex, type Pool } from '../../src/snapshot/pool.js';
import { expandItems } from '../../src/search/expand.js';
import { liveVocabulary } from '../../src/search/live-vocabulary.js';
import { KINDS } from '../../src/facts/validate.js';
import { Store } from '../../src/store/store.js';
import { tempDir } from '../helpers.js';
import { seeded } from '../../bench/seeded.js';
import { kernelAfter, kernelBounds, kernelPasses } from '../../src/snapshot/range-kernel.js';
import { rangeBounds, type List } from '../../src/snapshot/range-lists.js';
import { RANGE, type RangeEntry } from '../../src/snapshot/skips.js';
import { stemWord } from '../../src/text/tokenize.js';

/** Each in about a third of the facts, both scripts, as bench/topk-corpus.ts. */
const COMMON = ['deploy', 'server', 'config', 'cache', 'сервер', 'конфиг'];
const SCOPES = ['global', 'repo:a', 'repo:b'];

/**
 * Facts of 1 to ~20 words, one in 40 of 200 to 700 (past the short length's cap), a word now and then
 * many times; with `runs`, the scopes come in runs of that many facts, as a memory's repositories do.
 */
async function corpus(seed: number, count: number, runs?: number): Promise<Store> {
  const random = seeded(seed);
  const store = (await Store.open(join(tempDir(), `lean-${seed}.db`), { write: true }))!;
  await store.writeAsync(() => {
    for (let i = 0; i < count; i++) {
      const words: string[] = [];
      for (const word of COMMON) {
        if (random() >= 1 / 3) continue;
        const times = random() < 0.05 ? 2 + Math.floor(random() * 40) : 1;
        for (let t = 0; t < times; t++) words.push(word);
      }
      const filler = random() < 1 / 40 ? 200 + Math.floor(random() * 500) : Math.floor(random() * 20);
      for (let w = 0; w < filler; w++) words.push(`filler${Math.floor(random() * 500)}`);
      words.push(`marker${i}`);
      store.insertVersion({
        id: `lean${String(i).padStart(12, '0')}`, version: 1, text: words.sort(() => random() - 0.5).join(' '), translation: '',
        kind: KINDS[Math.floor(random() * KINDS.length)]!, scope: SCOPES[runs ? Math.floor(i / runs) % SCOPES.length : Math.floor(random() * SCOPES.length)]!, source: '', quote: '',
        created_at: new Date(Date.UTC(2026, 0, 1) + Math.floor(random() * 6) * 3600_000).toISOString(), host: 'h', state: 'active',
      });
    }
  });
  expect(buildSearchFile(store.db, store.file.real)).toBe(true);
  return store;
}

// Both ways of reading the ranges: in JavaScript, and handed to the WebAssembly kernel from the first
// lean range (range-kernel.ts; a search hands over when 384 ranges left can still beat the pool, which these corpora never have).
for (const [way, after] of [['in JavaScript', Infinity], ['by the WebAssembly kernel', 0]] as const) {
  describe(`a query of several common words, read ${way}`, () => {
    let previous: [number, number] = [0, 0];
    beforeAll(() => void (previous = kernelAfter(after, after)));
    afterAll(() => void kernelAfter(...previous));
    // The kernel read ranges when it is the way under test (a test that never reached it would prove nothing).
    let before = 0;
    beforeEach(() => void (before = kernelPasses));
    afterEach(() => void (after === 0 && expect(kernelPasses).toBeGreaterThan(before)));

    it('pools exactly as the exhaustive way, long facts among the best', { timeout: 120_000 }, async () => {
      const store = await corpus(36, 3000);
      try {
        const live = openLiveIndex(store.file.real)!;
        expect(Array.from({ length: live.file.header.docs }, (_, d) => live.file.doc(d).length).filter((n) => n > MAX_SHORT_LENGTH).length).toBeGreaterThan(30);
        const random = seeded(7);
        for (let q = 0; q < 150; q++) {
          const n = 2 + Math.floor(random() * 5);
          const query = Array.from({ length: n }, () => COMMON[Math.floor(random() * COMMON.length)]!).join(' ');
          const size = [1, 5, 30, 60][Math.floor(random() * 4)]!;
          const filter: SearchOptions = random() < 0.3 ? { kind: KINDS[Math.floor(random() * KINDS.length)]! } : random() < 0.3 ? { scopes: [SCOPES[q % 3]!] } : {};
          const preferScope = random() < 0.5 ? SCOPES[Math.floor(random() * SCOPES.length)]! : '';
          const ids = (pool: ReturnType<typeof snapshotPool>) => pool.candidates.map((c) => c.fact.id);
          const items = queryItems(query);
          expect(ids(snapshotPool(live, items, filter, preferScope, size, true)), `${query} ${size}`).toEqual(ids(snapshotPool(live, items, filter, preferScope, size, false)));
        }
      } finally {
        store.close();
      }
    });

    it('expanded by other-script spellings, answers as FTS5 does', { timeout: 120_000 }, async () => {
      const store = await corpus(37, 2500);
      try {
        const live = openLiveIndex(store.file.real)!;
        for (const opts of [{}, { limit: 30, cutoff: 0 }, { kind: 'rule', limit: 12, cutoff: 0 }, { preferScope: 'repo:a', limit: 30, cutoff: 0 }] as SearchOptions[]) {
          for (const query of ['deploy server config', 'server config', 'deploy сервер cache', 'config конфиг server']) {
            const hits = search(store, query, opts);
            expect(hits.length).toBeGreaterThan(0);
            expect(searchLive(live, query, opts).map((h) => `${h.id} ${h.score}`), `${query} ${JSON.stringify(opts)}`).toEqual(hits.map((h) => `${h.id} ${h.score}`));
          }
        }
      } finally {
        store.close();
      }
    });

    it('pools the own words in the pass of the whole query exactly as alone, with and without a delta', { timeout: 120_000 }, async () => {
      const store = await corpus(39, 2500);
      try {
        const file = openLiveIndex(store.file.real)!;
        // A delta by hand: 30 docs removed, 12 added (copies of others' texts under new rows).
        const removed = new Set(Array.from({ length: 30 }, (_, i) => (i * 83) % file.file.header.docs));
        const lastRow = file.file.doc(file.file.header.docs - 1).row;
        const added: AddedDoc[] = Array.from({ length: 12 }, (_, a) => {
          const { fact, columns } = file.file.stored(a * 101);
          return { row: lastRow + 1 + a, fact: { ...fact, id: `added${a}`, created_at: '2027-01-01T00:00:00.000Z' }, columns };
        });
        const length = (columns: string[][]) => columns[0]!.length + columns[1]!.length;
        const tokens = file.tokens - [...removed].reduce((n, d) => n + file.file.doc(d).length, 0) + added.reduce((n, d) => n + length(d.columns), 0);
        const delta: LiveIndex = { ...file, removed, added, docs: file.docs - removed.size + added.length, tokens };
        const random = seeded(9);
        let expanded = 0;
        for (const live of [file, delta]) {
          for (let q = 0; q < 60; q++) {
            const n = 1 + Math.floor(random() * 4);
            const query = Array.from({ length: n }, () => COMMON[Math.floor(random() * COMMON.length)]!).join(' ');
            const items = expandItems(query, queryItems(query), liveVocabulary(live)).items;
            const own = items.filter((item) => !item.spelling);
            if (own.length === items.length) continue;
            expanded++;
            const size = [1, 5, 30][Math.floor(random() * 3)]!;
            const pick = random();
            const filter: SearchOptions = pick < 0.2 ? { kind: KINDS[Math.floor(random() * KINDS.length)]! } : pick < 0.35 ? { scopes: [SCOPES[q % 3]!] } : pick < 0.5 ? { since: '2026-01-01T03:00:00.000Z' } : {};
            const preferScope = random() < 0.5 ? SCOPES[Math.floor(random() * SCOPES.length)]! : '';
            const ids = (pool: Pool) => pool.candidates.map((c) => c.fact.id);
            const both = snapshotPools(live, items, own, filter, preferScope, size);
            expect(ids(both.pool), `${query} ${size}`).toEqual(ids(snapshotPool(live, items, filter, preferScope, size, false)));
            expect(ids(both.own!), `own: ${query} ${size}`).toEqual(ids(snapshotPool(live, own, filter, preferScope, size, false)));
          }
        }
        expect(expanded).toBeGreaterThan(40);
      } finally {
        store.close();
      }
    });


    it('filters by scope and kind where the scopes come in runs: ranges without a fact let through are skipped, the pool stays the exhaustive one', { timeout: 120_000 }, async () => {
      const store = await corpus(40, 4000, 300);
      try {
        const live = openLiveIndex(store.file.real)!;
        const { file } = live;
        // The masks section holds each doc in its scope's and its kind's bitmap, and nowhere else.
        const masks = [...file.header.scopes.map((_, s) => file.docMask(s)), ...KINDS.map((_, k) => file.docMask(file.header.scopes.length + k))];
        for (let d = 0; d < file.header.docs; d++) {
          const { scope, kind } = file.doc(d);
          const holding = masks.flatMap((mask, m) => (mask[d >> 5]! & (1 << (d & 31)) ? [m] : []));
          expect(holding, `doc ${d}`).toEqual([scope, file.header.scopes.length + kind]);
        }
        const random = seeded(11);
        const ids = (pool: Pool) => pool.candidates.map((c) => c.fact.id);
        for (let q = 0; q < 90; q++) {
          const n = 1 + Math.floor(random() * 4);
          const query = Array.from({ length: n }, () => COMMON[Math.floor(random() * COMMON.length)]!).join(' ');
          const size = [1, 5, 30][Math.floor(random() * 3)]!;
          const scopes = [[SCOPES[q % 3]!], ['global', SCOPES[1 + (q % 2)]!], ['repo:elsewhere', 'global'], SCOPES][q % 4]!;
          const filter: SearchOptions = { scopes, ...(random() < 0.3 ? { kind: KINDS[Math.floor(random() * KINDS.length)]! } : {}) };
          const preferScope = random() < 0.5 ? scopes[0]! : '';
          const items = queryItems(query);
          expect(ids(snapshotPool(live, items, filter, preferScope, size, true)), `${query} ${size} ${JSON.stringify(filter)}`).toEqual(ids(snapshotPool(live, items, filter, preferScope, size, false)));
        }
        // The search of a repository (its facts and the global ones) answers as SQLite's FTS5 does.
        for (const opts of [{ scopes: ['repo:a', 'global'], preferScope: 'repo:a', limit: 30, cutoff: 0 }, { scopes: ['repo:b'], kind: 'rule', limit: 12, cutoff: 0 }, { scopes: ['repo:b', 'global'], preferScope: 'repo:b' }] as SearchOptions[]) {
          for (const query of ['deploy server config', 'deploy', 'server cache', 'config конфиг server']) {
            const hits = search(store, query, opts);
            expect(hits.length).toBeGreaterThan(0);
            expect(searchLive(live, query, opts).map((h) => `${h.id} ${h.score}`), `${query} ${JSON.stringify(opts)}`).toEqual(hits.map((h) => `${h.id} ${h.score}`));
          }
        }
      } finally {
        store.close();
      }
    });
  });
}

/** The search file with its header's `from` replaced by `to`, the header's CRC made right. */
function withHeaderEdit(path: string, from: RegExp, to: string): void {
  const bytes = readFileSync(path);
  // The header (JSON before the 8-byte trailer) names each section's place and size.
  const length = bytes.readUInt32LE(bytes.length - 8);
  const start = bytes.length - 8 - length;
  const header = bytes.subarray(start, start + length).toString('utf8');
  const changed = Buffer.from(header.replace(from, to));
  expect(changed.toString()).not.toBe(header);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(length, 0);
  trailer.writeUInt32LE(crc32(changed), 4);
  writeFileSync(path, Buffer.concat([bytes.subarray(0, start), changed, trailer]));
}

describe('the sections a search checks before it trusts them', () => {
  it('refuses a lengths section of another size than the facts (the search then answers from SQLite)', { timeout: 120_000 }, async () => {
    const store = await corpus(38, 1500);
    try {
      withHeaderEdit(snapshotFiles(store.file.real).base, /"lengths":\[(\d+),1500\]/, '"lengths":[$1,1499]');
      expect(() => searchLive(openLiveIndex(store.file.real)!, 'deploy server config')).toThrow(/lengths/);
    } finally {
      store.close();
    }
  });

  it('refuses a masks section of another size than its bitmaps, when a filter reads it', { timeout: 120_000 }, async () => {
    const store = await corpus(41, 1500);
    try {
      // 1500 docs: 47 words a bitmap, 3 scopes and 5 kinds.
      withHeaderEdit(snapshotFiles(store.file.real).base, /"masks":\[(\d+),1504\]/, '"masks":[$1,1500]');
      const live = openLiveIndex(store.file.real)!;
      expect(searchLive(live, 'deploy server config').length).toBeGreaterThan(0); // no filter: no mask read
      expect(() => searchLive(live, 'deploy server config', { scopes: ['repo:a', 'global'] })).toThrow(/masks/);
      expect(() => searchLive(live, 'deploy', { kind: 'rule' })).toThrow(/masks/);
    } finally {
      store.close();
    }
  });
});

describe('the range bounds worked out in the WebAssembly kernel', () => {
  it('are rangeBounds to the bit: common words, long facts past the length cap, ranges not to bound', { timeout: 120_000 }, async () => {
    const store = await corpus(44, 4000);
    const previous = kernelAfter(0, 0);
    try {
      const live = openLiveIndex(store.file.real)!;
      const { file } = live;
      const R = Math.ceil(file.header.docs / RANGE);
      const lists: List[] = ['deploy', 'server', 'config', 'сервер', 'конфиг'].map((word) => {
        const entry = file.terms(new TextEncoder().encode(stemWord(word)), false)[0]!;
        const long = file.ranges(entry)!;
        const byRange = new Array<RangeEntry | undefined>(R).fill(undefined);
        for (const r of long.ranges) byRange[r.range] = r;
        return { bytes: long.bytes, ranges: byRange };
      });
      lists.splice(2, 0, undefined); // an item without postings adds nothing
      const idf = [0.7, 0.65, 3, 0.6, 0.72, 0.69];
      const done = Uint8Array.from({ length: R }, (_, r) => (r % 7 === 3 ? 1 : 0));
      const avgdl = live.tokens / live.docs;
      const kernel = kernelBounds(file, lists, idf, avgdl, done)!;
      expect(kernel).toBeDefined();
      const js = rangeBounds(lists, idf, avgdl, done);
      expect([...kernel]).toEqual([...js]);
      expect(js.filter((b) => b > 0).length).toBeGreaterThan(R / 2);
      // Past the sets' limit, or with a short list among them (a rare word's pass stops early): left to JavaScript.
      expect(kernelBounds(file, [lists[0], { ranges: [], docs: new Uint32Array(0), tf: new Uint32Array(0), lengths: new Uint16Array(0) }], idf, avgdl, done)).toBeUndefined();
    } finally {
      kernelAfter(...previous);
      store.close();
    }
  });
});
