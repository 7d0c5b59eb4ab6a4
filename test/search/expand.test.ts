// What a search adds to the query from the index's terms (src/search/expand.ts), and what it reads
// of the index to do so.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expandItems } from '../../src/search/expand.js';
import { queryItems } from '../../src/search/query.js';
import type { Vocabulary } from '../../src/search/vocabulary.js';
import { buildSearchFile } from '../../src/snapshot/build.js';
import { openLiveIndex } from '../../src/snapshot/files.js';
import type { LiveIndex } from '../../src/snapshot/pool.js';
import { liveVocabulary } from '../../src/search/live-vocabulary.js';
import { Store } from '../../src/store/store.js';
import { sqliteVocabulary } from '../../src/search/sqlite-vocabulary.js';
import { tempDir } from '../helpers.js';

/** Russian words starting as докер does: the terms a search for docker looks among. */
const NEIGHBOURS = 'дом дорога доска довод доклад докторский доля долина доход дочка дождь доверие добыча дозор дотация договор'.split(' ');

const TEXTS = ['Docker images are tagged with the commit hash', 'Докер на маке тормозит без VirtioFS', ...NEIGHBOURS.map((w, i) => `${w} номер ${i}`)];

async function memory(texts = TEXTS): Promise<Store> {
  const store = (await Store.open(join(tempDir(), 'expand.db'), { write: true }))!;
  await store.writeAsync(() => {
    texts.forEach((text, i) => {
      store.insertVersion({
        id: `f${String(i).padStart(19, '0')}`, version: 1, text, translation: '', kind: 'note', scope: 'global', source: '', quote: '',
        created_at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(), host: 'h', state: 'active',
      });
    });
  });
  expect(buildSearchFile(store.db, store.file.real)).toBe(true);
  return store;
}

/**
 * The vocabulary, noting each index term read out of it (between's and names' terms), the starts of
 * names asked for and the keys handed out; `byStart`: without the search file's keys by head, so
 * names are read start by start, as from SQLite.
 */
function noting(vocabulary: Vocabulary, read: string[], starts: string[] = [], keys: string[] = [], byStart = false): Vocabulary {
  const { nameHeads, ...rest } = vocabulary;
  return {
    ...rest,
    *between(from, to) {
      for (const term of vocabulary.between(from, to)) yield (read.push(term), term);
    },
    names(start) {
      starts.push(start);
      const names = vocabulary.names(start);
      keys.push(...names.keys);
      return { keys: names.keys, term: (i) => (read.push(names.term(i)), names.term(i)) };
    },
    ...(nameHeads && !byStart && {
      nameHeads(from: number, to: number) {
        const names = nameHeads(from, to);
        keys.push(...names.keys);
        return { ...names, term: (i: number) => (read.push(names.term(i)), names.term(i)) };
      },
    }),
  };
}

/** `check` on a memory of those words (or of `texts`) and their search file. */
async function withMemory(check: (store: Store, live: LiveIndex) => void, texts?: string[]): Promise<void> {
  const store = await memory(texts);
  try {
    check(store, openLiveIndex(store.file.real)!);
  } finally {
    store.close();
  }
}

const expanded = (query: string, vocabulary: Vocabulary) => expandItems(query, queryItems(query), vocabulary).items.map((item) => item.terms.join(' '));

describe('other-script spellings', () => {
  it('come from the keys the search file stores: only the matching terms are read (issue 22)', () =>
    withMemory((_, live) => {
      const read: string[] = [];
      const keys: string[] = [];
      const keysByStart: string[] = [];
      expect(expanded('docker', noting(liveVocabulary(live), read, [], keys))).toEqual(['docker', 'докер']);
      // Before, every term of every start that could begin the name was read and keyed: the д-words here.
      expect(read).toEqual(['докер']);
      expect(expanded('докер', liveVocabulary(live))).toEqual(['докер', 'docker']);
      // The file's keys are read by head (issue 36): only keys that can name docker, not every д-word's.
      expect(expanded('docker', noting(liveVocabulary(live), [], [], keysByStart, true))).toEqual(['docker', 'докер']);
      expect(keysByStart.length).toBeGreaterThan(NEIGHBOURS.length);
      expect(keys.length).toBeLessThanOrEqual(2);
    }));

  it('are the same from SQLite, where the keys are worked out', () =>
    withMemory((store, live) => {
      for (const query of ['docker', 'докер', 'дом доклад', 'tagged commit']) {
        expect(expanded(query, liveVocabulary(live)), query).toEqual(expanded(query, sqliteVocabulary(store.db)));
      }
    }));

  it('include a name in a fact added since the file was built', () =>
    withMemory((_, live) => {
      const fact = { id: 'added', version: 1, text: 'Редис на стейджинге', translation: '', kind: 'note', scope: 'global', source: '', quote: '', created_at: '2026-02-01T00:00:00.000Z', host: 'h', state: 'active' } as const;
      const withAdded = { ...live, added: [{ row: 1000, fact, columns: [['редис', 'стейджинг'], []] as [string[], string[]] }], docs: live.docs + 1 };
      expect(expanded('redis', liveVocabulary(withAdded))).toEqual(['redi', 'редис']);
      expect(expanded('redis', liveVocabulary(live))).toEqual(['redi']);
    }));

  it('are looked for by ear only for a word its own key names nothing for (RESULTS 46)', () =>
    withMemory(
      (_, live) => {
        // Read start by start (as from SQLite), so the starts read show; the file's keys by head give the same.
        const lookedAt = (query: string) => {
          const starts: string[] = [];
          const items = expanded(query, noting(liveVocabulary(live), [], starts, [], true));
          expect(expanded(query, liveVocabulary(live)), query).toEqual(items);
          return { items, starts };
        };
        // анлиш's own key (anlish) names nothing: the second look reads the u- starts too (a first u said as а).
        const unleash = lookedAt('анлиш');
        expect(unleash.items).toEqual(['анлиш', 'unleash']);
        expect(unleash.starts.some((start) => start.startsWith('u'))).toBe(true);
        // ансибл's does (ansibl): nothing more is read, and no name by ear is added.
        const ansible = lookedAt('ансибл');
        expect(ansible.items).toEqual(['ансибл', 'ansibl']);
        expect(ansible.starts.some((start) => start.startsWith('u'))).toBe(false);
        // The same the other way: unleash (unlesh) is анлиш by ear, ansible's key is ансибл's.
        const back = lookedAt('unleash');
        expect(back.items).toEqual(['unleash', 'анлиш']);
        expect(back.starts.some((start) => start.startsWith('а'))).toBe(true);
        expect(lookedAt('ansible').starts.some((start) => start.startsWith('у'))).toBe(false);
        // Each start is read once per query, whatever its words and looks.
        const both = lookedAt('анлиш ансибл');
        expect(new Set(both.starts).size).toBe(both.starts.length);
      },
      ['Feature flags are in Unleash', 'Ansible playbooks live in infra/', 'Анлиш поднят на стенде', 'Плейбуки ансибла в infra/'],
    ));
});
