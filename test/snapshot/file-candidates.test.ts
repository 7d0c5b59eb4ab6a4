// "Already known" answered from the search file and its delta (file-candidates.ts): the same fact as
// SQLite's FTS5 query finds, in every form of the text the query handles, for facts in the file, added
// since (the delta), forgotten or edited since, in other scopes; the FTS5 query is not run when the
// file answers, and is when the rarest term is held by too many facts.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { findSameText } from '../../src/audit/same-text.js';
import { MAX_FILE_CANDIDATES } from '../../src/snapshot/file-candidates.js';
import { openLiveIndex } from '../../src/snapshot/files.js';
import { Database } from '../../src/sqlite/sqlite.js';
import { Store } from '../../src/store/store.js';
import { workspace } from '../helpers.js';

const NFD = (s: string) => s.normalize('NFD');

/** findSameText inside a write transaction, and whether it ran an FTS5 query. */
async function lookUp(db: string, text: string, scope: string, searchFile = true): Promise<{ id?: string; fts: boolean }> {
  const saved = process.env.MEMCUE_SEARCH_FILE;
  if (!searchFile) process.env.MEMCUE_SEARCH_FILE = '0';
  const spy = vi.spyOn(Database.prototype, 'all');
  try {
    const store = (await Store.open(db, { write: true }))!;
    try {
      const found = await store.writeAsync(() => findSameText(store, text, scope));
      return { id: found?.id, fts: spy.mock.calls.some(([sql]) => sql.includes('MATCH')) };
    } finally {
      store.close();
    }
  } finally {
    spy.mockRestore();
    if (saved === undefined) delete process.env.MEMCUE_SEARCH_FILE;
    else process.env.MEMCUE_SEARCH_FILE = saved;
  }
}

async function memory() {
  const ws = workspace();
  const db = ws.env.MEMCUE_DB!;
  const add = async (text: string, scope = 'global') => (await ws.run(['add', '--scope', scope, text])).stdout.trim();
  // More facts than the file reads one by one holding each of three words, and one made of them alone.
  const lines = Array.from({ length: MAX_FILE_CANDIDATES + 6 }, (_, i) => JSON.stringify({ text: `shared common words number ${i}`, scope: 'global' }));
  writeFileSync(join(ws.dir, 'common.jsonl'), `${lines.join('\n')}\n`);
  expect((await ws.run(['import', join(ws.dir, 'common.jsonl')])).code).toBe(0);
  const ids = {
    api: await add('the API listens on 8443'),
    apiBox: await add('the API listens on 8443', 'machine:box'),
    prs: await add('Open PRs are reviewed by two people'),
    vms: await add('Restart the VMs after patching'),
    fir: await add(NFD('ёлка стоит в углу')),
    cafe: await add('Café opens at 8'),
    redis: await add('the cache lives in redis'),
    deploys: await add('deploys run at noon'),
    common: await add('shared common words'),
  };
  await ws.run(['search', 'anything']); // the search file, current
  // Since the file: a fact added, one forgotten, one edited (the delta).
  const queue = await add('the queue drains nightly');
  await ws.run(['forget', ids.redis]);
  await ws.run(['edit', ids.deploys, 'deploys run at midnight']);
  expect(openLiveIndex(db)?.added.length).toBeGreaterThan(0);
  return { ...ws, db, ids: { ...ids, queue } };
}

describe('already known, from the search file', () => {
  it('finds what SQLite finds, without an FTS5 query', async () => {
    const ws = await memory();
    const cases: [string, string, string | undefined][] = [
      ['The api listens on 8443', 'global', ws.ids.api],
      ['the API   listens on 8443', 'machine:box', ws.ids.apiBox],
      ['the API listens on 8443', 'machine:other', undefined],
      ['open prs are reviewed by two people', 'global', ws.ids.prs],
      ['restart the vms  after patching', 'global', ws.ids.vms],
      ['ёлка стоит в углу', 'global', ws.ids.fir],
      [NFD('CAFÉ opens at 8'), 'global', ws.ids.cafe],
      ['The queue drains NIGHTLY', 'global', ws.ids.queue],
      ['the cache lives in redis', 'global', undefined],
      ['deploys run at noon', 'global', undefined],
      ['deploys run at midnight', 'global', ws.ids.deploys],
      ['the API listens on 8444', 'global', undefined],
      ['a text no fact has said', 'global', undefined],
    ];
    for (const [text, scope, id] of cases) {
      const fromFile = await lookUp(ws.db, text, scope);
      const fromSqlite = await lookUp(ws.db, text, scope, false);
      expect(fromSqlite.id, `${text} (SQLite)`).toBe(id);
      expect(fromFile.id, text).toBe(id);
      expect(fromFile.fts, text).toBe(false);
      expect(fromSqlite.fts).toBe(true);
    }
  });

  it('leaves a text whose every word many facts hold to SQLite', async () => {
    const ws = await memory();
    const found = await lookUp(ws.db, 'Shared common  words', 'global');
    expect(found).toEqual({ id: ws.ids.common, fts: true });
  });

  it('is not asked once the write has changed the index', async () => {
    const ws = await memory();
    const store = (await Store.open(ws.db, { write: true }))!;
    const spy = vi.spyOn(Database.prototype, 'all');
    try {
      const again = await store.writeAsync(() => {
        const fact = { ...store.current(ws.ids.queue), id: 'newfact0000000000001', text: 'a fact written in this very write' };
        store.insertNewFact(fact);
        return findSameText(store, 'A fact written in this very write', 'global');
      });
      expect(again?.id).toBe('newfact0000000000001'); // only the index as it is now knows it
      expect(spy.mock.calls.some(([sql]) => sql.includes('MATCH'))).toBe(true);
    } finally {
      spy.mockRestore();
      store.close();
    }
  });
});
