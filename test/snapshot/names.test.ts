// The search file's name keys (src/snapshot/names.ts): the key of every term a search may look at
// for an other-script spelling, exactly as termKey works it out, found by the key's head; a search
// reading them finds what reading the terms by their first letters finds.
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
import { slotOf, SLOTS, startOf } from '../../src/snapshot/names.js';
import { liveVocabulary } from '../../src/search/live-vocabulary.js';
import { spellingsFinder } from '../../src/search/other-spellings.js';
import { HEADS, skeletonHead } from '../../src/text/name-match.js';
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
  it('hold the key termKey gives every term of two letters of one script, found by its head with those letters', { timeout: 60_000 }, async () => {
    const store = await memory();
    try {
      const { file } = openLiveIndex(store.file.real)!;
      const expected: string[] = [];
      for (const start of starts()) {
        for (const { term } of file.termsBetween(...prefixRange(start).map((s) => utf8.encode(s)) as [Uint8Array, Uint8Array])) {
          const text = decoder.decode(term);
          const key = termKey(text);
          if (key !== undefined && key.length >= MIN_KEY_LENGTH - 1) expected.push(`${skeletonHead(key)} ${text}=${key} ${start}`);
        }
      }
      const stored = file.nameHeads(0, HEADS);
      const read = stored.keys.map((key, i) => `${skeletonHead(key)} ${decoder.decode(file.termAt(stored.positions[i]!))}=${key} ${startOf(stored.slots[i]!)}`);
      // By head, and within one in the terms' byte order.
      const order = (line: string) => [Number(line.split(' ')[0]), line.split(' ')[1]!] as const;
      expect(read).toEqual([...expected].sort((a, b) => order(a)[0] - order(b)[0] || Buffer.compare(Buffer.from(order(a)[1]), Buffer.from(order(b)[1]))));
      expect(read.length).toBeGreaterThan(3000);
      // A head's group alone, and a range of heads.
      const docker = skeletonHead(termKey('докер')!);
      expect(file.nameHeads(docker, docker).keys).toEqual(read.filter((line) => order(line)[0] === docker).map((line) => line.split('=')[1]!.split(' ')[0]));
      expect(file.nameHeads(docker, docker).keys).toContain(termKey('docker'));
      const k = skeletonHead('k');
      expect(file.nameHeads(k, k + 27 ** 2 - 1).keys.length).toBe(read.filter((line) => order(line)[0] >= k && order(line)[0] < k + 27 ** 2).length);
      expect(file.nameHeads(HEADS, HEADS).keys).toEqual([]);
    } finally {
      store.close();
    }
  });

  it('find the same other-script spellings as the terms read by their first two letters, for every word of the memory', { timeout: 120_000 }, async () => {
    const store = await memory();
    try {
      const live = openLiveIndex(store.file.real)!;
      const vocabulary = liveVocabulary(live);
      const { nameHeads: _, ...byStart } = vocabulary;
      const [heads, starts] = [spellingsFinder(vocabulary), spellingsFinder(byStart)];
      let named = 0;
      const words = [...vocabulary.between('a', '\u04ff')].filter((w) => /^(?:[a-z]+|[\u0400-\u04ff]+)$/.test(w));
      expect(words.length).toBeGreaterThan(3000);
      for (const word of [...words, 'docker', 'докер', 'redis', 'стейдж', 'конфлюенс', 'кубер', 'анлиш', 'release']) {
        const found = heads(word);
        expect(found, word).toEqual(starts(word));
        if (found.length > 0) named++;
      }
      expect(named).toBeGreaterThan(50);
    } finally {
      store.close();
    }
  });

  it('are grouped in the byte order of the terms, Latin before Cyrillic, ё after я', () => {
    const sorted = starts().sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect(sorted.map(slotOf)).toEqual(Array.from({ length: SLOTS }, (_, i) => i));
    expect(sorted.map((start, i) => startOf(i) === start)).not.toContain(false);
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
