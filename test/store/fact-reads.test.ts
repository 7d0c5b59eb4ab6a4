// The store's reads of facts (src/store/fact-reads.ts) on a real file: which fact an id names, a
// fact's history, listings page by page and export order.
import { describe, expect, it } from 'vitest';
import type { Fact } from '../../src/facts/facts.js';
import { countListedFacts, exportRows, headOf, lastRow, listedFacts, listedVersions, resolveId, rowOf, versionsOf } from '../../src/store/fact-reads.js';
import { Store } from '../../src/store/store.js';
import { isolatedEnv } from '../helpers.js';

const fact = (id: string, day: number, fields: Partial<Fact> = {}): Fact => ({
  id, version: 1, text: `fact ${id}`, translation: '', kind: 'note', scope: 'global', source: '', quote: '',
  created_at: `2026-12-0${day}T00:00:00.000Z`, host: 'h', state: 'active', ...fields,
});

/** abcd1111 and abcd2222 share a prefix; abcd is also a whole id; 9999zzzz was edited, then forgotten. */
async function memory(): Promise<Store> {
  const store = (await Store.open(isolatedEnv().MEMCUE_DB!, { write: true }))!;
  await store.writeAsync(() => {
    for (const [id, day] of [['abcd1111', 1], ['abcd2222', 2], ['abcd', 3], ['9999zzzz', 4]] as const) store.insertNewFact(fact(id, day));
    store.insertVersion(fact('9999zzzz', 5, { version: 2, text: 'edited' }));
    store.insertVersion(fact('9999zzzz', 6, { version: 3, text: 'edited', state: 'forgotten' }));
  });
  return store;
}

describe('fact reads', () => {
  it('resolveId: an exact id before a prefix, a unique prefix, and one line for the rest', async () => {
    const store = await memory();
    expect(resolveId(store.db, ' ABCD ')).toBe('abcd');
    expect(resolveId(store.db, 'abcd2')).toBe('abcd2222');
    expect(resolveId(store.db, 'abcd1')).toBe('abcd1111');
    expect(() => resolveId(store.db, 'abc')).toThrow('id "abc" is too short');
    expect(() => resolveId(store.db, 'abcd0')).toThrow('no fact with id "abcd0"');
    await store.writeAsync(() => store.insertNewFact(fact('abcd1112', 1)));
    expect(() => resolveId(store.db, 'abcd111')).toThrow('id prefix "abcd111" matches several facts');
    store.close();
  });

  it('headOf and versionsOf: the current version, and the history oldest first', async () => {
    const store = await memory();
    expect(headOf(store.db, '9999zzzz')).toMatchObject({ version: 3, state: 'forgotten' });
    expect(headOf(store.db, '9999')).toBeUndefined(); // exact ids only
    expect(versionsOf(store.db, '9999zzzz').map((f) => [f.version, f.text])).toEqual([[1, 'fact 9999zzzz'], [2, 'edited'], [3, 'edited']]);
    store.close();
  });

  it('listedFacts pages newest first, countListedFacts counts the same; forgotten facts only when asked', async () => {
    const store = await memory();
    const ids = (facts: Iterable<Fact>) => [...facts].map((f) => f.id);
    expect(ids(listedFacts(store.db, {}))).toEqual(['abcd', 'abcd2222', 'abcd1111']);
    expect(ids(listedFacts(store.db, {}, 2, 1))).toEqual(['abcd2222', 'abcd1111']);
    expect(countListedFacts(store.db, {})).toBe(3);
    expect(ids(listedFacts(store.db, { state: 'forgotten' }))).toEqual(['9999zzzz']);
    expect(countListedFacts(store.db, { state: 'all' })).toBe(4);
    expect([...listedVersions(store.db, {}, 2)].map((f) => [f.id, f.version])).toEqual([['9999zzzz', 3], ['9999zzzz', 2]]);
    store.close();
  });

  it('exportRows in key order; rowOf finds a row by its whole key; lastRow is the highest', async () => {
    const store = await memory();
    expect([...exportRows(store.db, false)].map((f) => `${f.id}:${f.version}`)).toEqual(['9999zzzz:3', 'abcd:1', 'abcd1111:1', 'abcd2222:1']);
    expect([...exportRows(store.db, true)].filter((f) => f.id === '9999zzzz').map((f) => f.version)).toEqual([1, 2, 3]);
    const key = fact('abcd', 3);
    expect(rowOf(store.db, key)).toBe(3);
    expect(rowOf(store.db, { ...key, host: 'elsewhere' })).toBeUndefined();
    expect(lastRow(store.db)).toBe(6);
    store.close();
  });
});
