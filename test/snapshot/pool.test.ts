// The search file must answer every query exactly as FTS5 does: same facts, same order, same scores.
// Checked on the evaluation sets (XQuAD-ru in the repository; LoCoMo when the shared data is there),
// raw and agent-written queries, with the index-only column and without, and with filters.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentPart, crossLanguageParts, keywordsPart, loadParts, locomoDir, type Part } from '../../bench/quality-sets.js';
import { parseFacts, parseQueries } from '../../src/eval/dataset.js';
import { loadFacts } from '../../src/eval/run.js';
import { search, searchLive, type SearchOptions } from '../../src/search/search.js';
import { buildSearchFile } from '../../src/snapshot/build.js';
import { openLiveIndex } from '../../src/snapshot/files.js';
import { Store } from '../../src/store/store.js';
import { tempDir, workspace } from '../helpers.js';

if (!locomoDir()) console.log('skipped: LoCoMo in the search-file equality test (set MEMCUE_SHARED_DATA to the shared data folder)');

async function loaded(part: Part): Promise<Store> {
  const store = (await Store.open(join(tempDir(), 'eval.db'), { write: true }))!;
  await loadFacts(store, parseFacts(part.facts), 'test');
  expect(buildSearchFile(store.db, store.file.real)).toBe(true);
  return store;
}

function expectSame(store: Store, queries: string[], opts: SearchOptions): number {
  const live = openLiveIndex(store.file.real);
  expect(live).toBeDefined();
  let compared = 0;
  for (const text of queries) {
    const fromSqlite = search(store, text, opts).map((h) => `${h.id} ${h.score}`);
    const fromFile = searchLive(live!, text, opts).map((h) => `${h.id} ${h.score}`);
    expect(fromFile, text).toEqual(fromSqlite);
    compared += fromSqlite.length;
  }
  return compared;
}

const parts = () => {
  const base = loadParts().filter((p) => p.split === 'tune' || p.dataset === 'XQuAD-ru');
  return [...base, ...base.map(agentPart), ...base.map(keywordsPart).filter((p): p is Part => !!p), ...crossLanguageParts()];
};

describe('the search file answers as FTS5 does', () => {
  for (const part of parts()) {
    it(`${part.dataset} ${part.split} ${part.style} ${part.name}`, { timeout: 120_000 }, async () => {
      const store = await loaded(part);
      try {
        const queries = parseQueries(part.queries).map((q) => q.text);
        expect(expectSame(store, queries, {})).toBeGreaterThan(0);
        // Filters, another limit and a preferred scope reach the same pool.
        const some = queries.slice(0, 40);
        const fact = parseFacts(part.facts)[3]!;
        expectSame(store, some, { limit: 12, cutoff: 0 });
        expectSame(store, some, { scopes: [fact.scope], kind: fact.kind, preferScope: fact.scope });
        expectSame(store, some, { since: new Date(Date.UTC(2026, 0, 1) + 300_000).toISOString() });
      } finally {
        store.close();
      }
    });
  }
});

describe('ties', () => {
  it('equal scores and equal dates break the same way (preferred scope, then the row)', async () => {
    const store = (await Store.open(join(tempDir(), 'ties.db'), { write: true }))!;
    try {
      await store.writeAsync(() => {
        for (let i = 0; i < 80; i++) {
          store.insertVersion({
            id: `tie${String(i).padStart(4, '0')}`, version: 1, text: i % 3 ? 'deploy the service' : 'deploy the other service',
            translation: '', kind: 'note', scope: i % 2 ? 'global' : 'repo:example', source: '', quote: '',
            created_at: i < 40 ? '2026-01-01T00:00:00.000Z' : '2026-01-02T00:00:00.000Z', host: 'h', state: 'active',
          });
        }
      });
      expect(buildSearchFile(store.db, store.file.real)).toBe(true);
      for (const opts of [{}, { preferScope: 'repo:example' }, { limit: 50, cutoff: 0 }, { limit: 50, cutoff: 0, preferScope: 'global' }]) {
        expectSame(store, ['deploy service', 'other', 'deploy'], opts);
      }
    } finally {
      store.close();
    }
  });
});

describe('facts added after the file was built (issue 19.5)', () => {
  it('tie with each other and with the file exactly as in SQLite, at every limit', async () => {
    const ws = workspace();
    for (const text of ['Deploys go through the staging cluster first', 'The cache is warmed after a deploy']) {
      expect((await ws.run(['add', '--scope', 'global', text])).code).toBe(0);
    }
    await ws.run(['search', 'deploy']); // builds the file
    // Equal texts, so equal scores; each add stamps its own (later) created_at.
    for (let i = 0; i < 4; i++) expect((await ws.run(['add', '--scope', 'global', `Rollbacks need a ticket, case ${i}`])).code).toBe(0);
    const live = openLiveIndex(ws.env.MEMCUE_DB!);
    expect(live?.added).toHaveLength(4);
    const store = (await Store.open(ws.env.MEMCUE_DB!, { write: false }))!;
    try {
      for (const limit of [1, 2, 4]) expectSame(store, ['rollbacks ticket', 'case', 'ticket deploy'], { limit, cutoff: 0 });
    } finally {
      store.close();
    }
  });
});

describe('the search file after a run of writes (issue 19.5 fuzz)', () => {
  it('answers every query as SQLite does after adds, edits and forgets of look-alike facts', { timeout: 120_000 }, async () => {
    const ws = workspace();
    const words = ['deploy', 'cache', 'token', 'queue', 'retry', 'proxy'];
    const text = (i: number) => `${words[i % 6]} ${words[(i * 5 + 1) % 6]} note ${i % 4}`;
    for (let i = 0; i < 40; i++) await ws.run(['add', '--scope', i % 3 ? 'global' : 'repo:x', `${text(i)} base ${i}`]);
    await ws.run(['search', 'deploy']); // builds the file
    const ids: string[] = [];
    for (let i = 0; i < 24; i++) ids.push((await ws.run(['add', '--scope', i % 2 ? 'global' : 'repo:x', `${text(i)} later ${i}`])).stdout.trim());
    for (const id of ids.slice(0, 4)) await ws.run(['forget', id]);
    for (const id of ids.slice(4, 7)) await ws.run(['edit', id, 'deploy cache note edited']);
    expect(openLiveIndex(ws.env.MEMCUE_DB!)?.added.length).toBeGreaterThan(15);
    const store = (await Store.open(ws.env.MEMCUE_DB!, { write: false }))!;
    try {
      const queries = [...words, 'deploy cache', 'note', 'note 2', 'later', 'base', 'proxy retry note', '"deploy cache"'];
      for (const limit of [1, 3, 5, 30]) {
        expectSame(store, queries, { limit, cutoff: 0 });
        expectSame(store, queries, { limit, cutoff: 0, preferScope: 'repo:x' });
      }
    } finally {
      store.close();
    }
  });
});
