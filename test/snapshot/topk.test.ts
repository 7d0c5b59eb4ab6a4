// The pruned pool (topk.ts, issue 36) must be the exhaustive one: the same facts in the same order
// and the same counts, on random corpora whose words fill many ranges (some every third fact, some
// repeated within a fact, in the text and the index-only column), random queries, filters, limits,
// preferred scopes, created_at values that tie across ranges, and a delta of added and removed facts.
// And the search over such a file must answer as SQLite's FTS5 does.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { search, searchLive, type SearchOptions } from '../../src/search/search.js';
import { queryItems } from '../../src/search/query.js';
import { buildSearchFile } from '../../src/snapshot/build.js';
import { openLiveIndex, snapshotFiles } from '../../src/snapshot/files.js';
import { crc32, FORMAT } from '../../src/snapshot/format.js';
import { snapshotPool, type AddedDoc, type LiveIndex } from '../../src/snapshot/pool.js';
import { isLong } from '../../src/snapshot/skips.js';
import { KINDS } from '../../src/facts/validate.js';
import type { Fact } from '../../src/facts/facts.js';
import { Store } from '../../src/store/store.js';
import { indexTerms } from '../../src/text/tokenize.js';
import { tempDir } from '../helpers.js';
import { seeded } from '../../bench/seeded.js';

const WORDS = ['deploy', 'cache', 'token', 'queue', 'worker', 'proxy', 'gateway', 'image', 'branch', 'schema'];
const SCOPES = ['global', 'repo:a', 'repo:b'];

/** A fact of the corpus: word i in about share[i] of the facts, sometimes twice, sometimes in the translation. */
function randomFact(i: number, random: () => number, share: number[], dates: string[]): Fact {
  const text: string[] = [];
  const translation: string[] = [];
  WORDS.forEach((word, w) => {
    if (random() >= share[w]!) return;
    (random() < 0.1 ? translation : text).push(word);
    if (random() < 0.15) text.push(word);
  });
  const filler = Math.floor(random() * 8);
  for (let k = 0; k < filler; k++) text.push(`filler${Math.floor(random() * 300)}`);
  text.push(`marker${i}`);
  return {
    id: `topk${String(i).padStart(12, '0')}`, version: 1, text: text.sort(() => random() - 0.5).join(' '), translation: translation.join(' '),
    kind: KINDS[Math.floor(random() * KINDS.length)]!, scope: SCOPES[Math.floor(random() * SCOPES.length)]!, source: '', quote: '',
    created_at: dates[Math.floor(random() * dates.length)]!, host: 'h', state: 'active',
  };
}

async function corpus(seed: number, count: number): Promise<{ store: Store; random: () => number; share: number[]; dates: string[] }> {
  const random = seeded(seed);
  const share = WORDS.map((_, w) => [0.5, 0.33, 0.33, 0.2, 0.1, 0.05, 0.02, 0.33, 0.4, 0.15][w]!);
  // Few distinct dates: equal created_at values across ranges make ties the ranges must respect.
  const dates = Array.from({ length: 1 + Math.floor(random() * 25) }, (_, k) => new Date(Date.UTC(2026, 0, 1) + k * 3600_000).toISOString());
  const store = (await Store.open(join(tempDir(), `topk-${seed}.db`), { write: true }))!;
  await store.writeAsync(() => {
    for (let i = 0; i < count; i++) store.insertVersion(randomFact(i, random, share, dates));
  });
  expect(buildSearchFile(store.db, store.file.real)).toBe(true);
  return { store, random, share, dates };
}

/** The file plus `removed` of its docs gone and `added` new facts: a delta as delta.ts would read it. */
function withDelta(live: LiveIndex, random: () => number, share: number[], dates: string[]): LiveIndex {
  const { file } = live;
  const removed = new Set<number>();
  while (removed.size < 25) removed.add(Math.floor(random() * file.header.docs));
  const lastRow = file.doc(file.header.docs - 1).row;
  const added: AddedDoc[] = Array.from({ length: 20 }, (_, a) => {
    const fact = randomFact(1_000_000 + a, random, share, [...dates, '2027-01-01T00:00:00.000Z']);
    return { row: lastRow + 1 + a, fact, columns: [indexTerms(fact.text), indexTerms(fact.translation)] };
  });
  const removedLength = [...removed].reduce((n, d) => n + file.doc(d).length, 0);
  const addedLength = added.reduce((n, d) => n + d.columns[0].length + d.columns[1].length, 0);
  return { ...live, removed, added, docs: file.header.docs - removed.size + added.length, tokens: file.header.tokens - removedLength + addedLength };
}

function randomQuery(random: () => number): string {
  const n = 1 + Math.floor(random() * 4);
  const words = Array.from({ length: n }, () => (random() < 0.1 ? `marker${Math.floor(random() * 3000)}` : random() < 0.05 ? 'nowhere' : WORDS[Math.floor(random() * WORDS.length)]!));
  return words.join(' ');
}

function randomFilter(random: () => number, dates: string[]): { filter: SearchOptions; preferScope: string } {
  const filter: SearchOptions = {};
  if (random() < 0.25) filter.kind = KINDS[Math.floor(random() * KINDS.length)]!;
  if (random() < 0.25) filter.scopes = [SCOPES[Math.floor(random() * SCOPES.length)]!];
  if (random() < 0.25) filter.since = dates[Math.floor(random() * dates.length)]!;
  const preferScope = random() < 0.5 ? SCOPES[Math.floor(random() * SCOPES.length)]! : '';
  return { filter, preferScope };
}

describe('the pruned pool', () => {
  for (const [seed, count] of [[1, 1400], [2, 2600], [3, 700]] as const) {
    it(`is the exhaustive pool on random corpus ${seed} (${count} facts), with and without a delta`, { timeout: 120_000 }, async () => {
      const { store, random, share, dates } = await corpus(seed, count);
      try {
        const file = openLiveIndex(store.file.real)!;
        expect(WORDS.filter((w) => isLong(file.file.terms(new TextEncoder().encode(w), false)[0]?.docs ?? 0, count)).length).toBeGreaterThan(3);
        let pruned = 0;
        for (const live of [file, withDelta(file, random, share, dates)]) {
          for (let q = 0; q < 120; q++) {
            const query = randomQuery(random);
            const items = queryItems(query);
            const { filter, preferScope } = randomFilter(random, dates);
            const size = [1, 5, 30, 60][Math.floor(random() * 4)]!;
            const ids = (p: ReturnType<typeof snapshotPool>) => ({ ids: p.candidates.map((c) => c.fact.id), facts: p.facts, matching: p.matching });
            const fast = snapshotPool(live, items, filter, preferScope, size, true);
            const slow = snapshotPool(live, items, filter, preferScope, size, false);
            expect(ids(fast), `${query} ${JSON.stringify(filter)} ${preferScope} ${size}`).toEqual(ids(slow));
            if (fast.candidates.length > 0) pruned++;
          }
        }
        expect(pruned).toBeGreaterThan(100);
      } finally {
        store.close();
      }
    });
  }

  it('is not read from a file of the format before the ranges: that file is built anew', { timeout: 120_000 }, async () => {
    const { store } = await corpus(5, 400);
    try {
      const path = snapshotFiles(store.file.real).base;
      expect(openLiveIndex(store.file.real)!.file.header.format).toBe(FORMAT);
      writeFileSync(path, withHeader(readFileSync(path), (header) => header.replace(`"format":${FORMAT}`, `"format":${FORMAT - 1}`)));
      expect(openLiveIndex(store.file.real)).toBeUndefined();
      expect(buildSearchFile(store.db, store.file.real)).toBe(true);
      expect(openLiveIndex(store.file.real)!.file.header.format).toBe(FORMAT);
    } finally {
      store.close();
    }
  });

  it('answers common words with filters exactly as FTS5 does', { timeout: 120_000 }, async () => {
    const { store, dates } = await corpus(7, 2000);
    try {
      const live = openLiveIndex(store.file.real)!;
      const queries = ['deploy', 'deploy cache', 'cache token image branch', 'marker17 deploy cache', 'queue worker', 'schema proxy gateway deploy'];
      for (const opts of [{}, { limit: 30, cutoff: 0 }, { kind: 'rule', preferScope: 'repo:a', limit: 12, cutoff: 0 }, { scopes: ['repo:b'] }, { since: dates.at(-1) }] as SearchOptions[]) {
        for (const query of queries) {
          expect(searchLive(live, query, opts).map((h) => `${h.id} ${h.score}`), `${query} ${JSON.stringify(opts)}`).toEqual(search(store, query, opts).map((h) => `${h.id} ${h.score}`));
        }
      }
    } finally {
      store.close();
    }
  });
});

/** The file with its header (the JSON before the trailer) changed, and the header's CRC made right. */
function withHeader(bytes: Buffer, change: (header: string) => string): Buffer {
  const length = bytes.readUInt32LE(bytes.length - 8);
  const start = bytes.length - 8 - length;
  const header = Buffer.from(change(bytes.subarray(start, start + length).toString('utf8')));
  expect(header.length).toBe(length);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(length, 0);
  trailer.writeUInt32LE(crc32(header), 4);
  return Buffer.concat([bytes.subarray(0, start), header, trailer]);
}
