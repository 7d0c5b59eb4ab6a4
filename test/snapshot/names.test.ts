// The search file's name keys (src/snapshot/names.ts): the key of every term a search may look at
// for an other-script spelling, exactly as termKey works it out, found by the term's first letters.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadParts } from '../../bench/quality-sets.js';
import { parseFacts } from '../../src/eval/dataset.js';
import { loadFacts } from '../../src/eval/run.js';
import { prefixRange } from '../../src/search/vocabulary.js';
import { buildSearchFile } from '../../src/snapshot/build.js';
import { openLiveIndex, snapshotFiles } from '../../src/snapshot/files.js';
import { crc32, utf8 } from '../../src/snapshot/format.js';
import { slotOf, SLOTS } from '../../src/snapshot/names.js';
import { Store } from '../../src/store/store.js';
import { LATIN_LETTERS, MIN_KEY_LENGTH, NAME_KEYS, RUSSIAN_LETTERS, termKey } from '../../src/text/translit.js';
import { tempDir } from '../helpers.js';

const decoder = new TextDecoder();
const starts = () => [LATIN_LETTERS, RUSSIAN_LETTERS].flatMap((letters) => [...letters].flatMap((a) => [...letters].map((b) => a + b)));

async function memory(): Promise<Store> {
  const part = loadParts().find((p) => p.dataset === 'XQuAD-ru')!; // Russian text with English names in it
  const store = (await Store.open(join(tempDir(), 'names.db'), { write: true }))!;
  await loadFacts(store, parseFacts(part.facts), 'test');
  await store.writeAsync(() => {
    store.insertVersion({
      id: 'names', version: 1, text: 'Докер, Docker, redis, редис, k8s, ясень, 42, Ölçek', translation: '', kind: 'note', scope: 'global',
      source: '', quote: '', created_at: '2026-01-01T00:00:00.000Z', host: 'h', state: 'active',
    });
  });
  expect(buildSearchFile(store.db, store.file.real)).toBe(true);
  return store;
}

describe('the name keys of the search file', () => {
  it('hold the key termKey gives every term of two letters of one script, found by those letters', { timeout: 60_000 }, async () => {
    const store = await memory();
    try {
      const { file } = openLiveIndex(store.file.real)!;
      let names = 0;
      for (const start of starts()) {
        const expected: string[] = [];
        for (const { term } of file.termsBetween(...prefixRange(start).map((s) => utf8.encode(s)) as [Uint8Array, Uint8Array])) {
          const text = decoder.decode(term);
          const key = termKey(text);
          if (key !== undefined && key.length >= MIN_KEY_LENGTH - 1) expected.push(`${text}=${key}`);
        }
        const group = file.nameGroup(start);
        expect(group.keys.map((key, i) => `${decoder.decode(file.termAt(group.positions[i]!))}=${key}`), start).toEqual(expected);
        names += expected.length;
      }
      expect(names).toBeGreaterThan(3000);
      expect(file.nameGroup('до').keys).toContain(termKey('докер'));
      expect(file.nameGroup('ре').keys).toContain(termKey('редис'));
      expect(file.nameGroup('ö').keys).toEqual([]); // not two letters of one script
    } finally {
      store.close();
    }
  });

  it('are grouped in the byte order of the terms, Latin before Cyrillic, ё after я', () => {
    const sorted = starts().sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect(sorted.map(slotOf)).toEqual(Array.from({ length: SLOTS }, (_, i) => i));
    expect(slotOf('ёж')).toBeGreaterThan(slotOf('яя'));
    for (const other of ['a', 'aж', 'жa', '4a', 'öl', '']) expect(slotOf(other), other).toBe(-1);
  });

  it('of another version of termKey make the file outdated: the search takes SQLite and builds it anew', async () => {
    const store = await memory();
    try {
      const path = snapshotFiles(store.file.real).base;
      expect(openLiveIndex(store.file.real)!.file.header.nameKeys).toBe(NAME_KEYS);
      writeFileSync(path, withHeader(readFileSync(path), (header) => header.replace(`"nameKeys":${NAME_KEYS}`, `"nameKeys":${NAME_KEYS + 1}`)));
      expect(openLiveIndex(store.file.real)).toBeUndefined();
      expect(buildSearchFile(store.db, store.file.real)).toBe(true);
      expect(openLiveIndex(store.file.real)!.file.header.nameKeys).toBe(NAME_KEYS);
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
