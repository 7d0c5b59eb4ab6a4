// Tech names across scripts (src/text/translit.ts): the letters come from @sindresorhus/transliterate,
// the sound keys decide which spellings name the same thing.
import transliterate from '@sindresorhus/transliterate';
import { describe, expect, it } from 'vitest';
import { CYRILLIC_LATIN } from '../../src/text/cyrillic-latin.js';
import { terms } from '../../src/text/tokenize.js';
import { editDistance, NAME_KEYS, termKey } from '../../src/text/translit.js';

describe('translit', () => {
  it('spells every Russian letter as the package does (regenerate with scripts/cyrillic-latin.ts)', () => {
    for (const [letter, latin] of Object.entries(CYRILLIC_LATIN)) expect(latin, letter).toBe(transliterate(letter).toLowerCase());
    expect(Object.keys(CYRILLIC_LATIN)).toHaveLength(33);
  });

  it('counts a swap of two neighbours as one edit and stops counting past the bound', () => {
    expect(editDistance('postgres', 'postgers', 2)).toBe(1);
    expect(editDistance('redis', 'radius', 2)).toBe(2);
    expect(editDistance('redis', 'kubernetes', 2)).toBe(3);
  });
});

describe('translit tables', () => {
  it('the initials table is what the keys give', async () => {
    const { keyInitials, initialsFor } = await import('../../src/text/translit.js');
    for (const [initial, letters] of Object.entries(keyInitials())) expect(initialsFor(initial).join(''), initial).toBe(letters);
  });

  it('startAgrees reads the second consonant of a start from a table, as the keys give it', async () => {
    const { consonantsOf, secondConsonants, startAgrees, LATIN_LETTERS, RUSSIAN_LETTERS } = await import('../../src/text/translit.js');
    const worked = secondConsonants();
    // A key for each letter its skeleton can have second, and one with none.
    const keys = [...'bcdfghjklmnpqrstvwxz'].map((c) => `a${c}`).concat('ae');
    for (const letters of [LATIN_LETTERS, RUSSIAN_LETTERS]) {
      for (const first of letters) {
        [...letters].forEach((second, i) => {
          const head = worked[first]![i]!;
          for (const key of keys) {
            const agrees = head === '-' || key[1] === 'e' || head === key[1] || (/[gj]/.test(head) && /[gj]/.test(key[1]!));
            expect(startAgrees(first + second, consonantsOf(key)), `${first}${second} ${key}`).toBe(agrees);
          }
        });
      }
    }
  });
});

/**
 * Each NAME_KEYS version's keys of a few words: search files store termKey's keys (snapshot/names.ts),
 * so a change to what it returns must come with a new version (and its line here), or old files
 * would answer with stale keys.
 */
const KEYS_OF_VERSION: Record<number, Record<string, string>> = {
  1: {
    docker: 'doker', докер: 'doker', redi: 'redi', редис: 'redi', кликхаус: 'klihaus', clickhous: 'klihous', джанго: 'jango', django: 'jango',
    nginx: 'njinks', нжинкс: 'njink', центрифуго: 'sentrifugo', confluenc: 'konfluens', щук: 'shuk', ёлк: 'yolk', вайргард: 'vayrgard',
  },
};

describe('name keys', () => {
  it(`are those of NAME_KEYS ${NAME_KEYS}: changing termKey needs a new version`, () => {
    const keys = KEYS_OF_VERSION[NAME_KEYS];
    expect(keys, `add KEYS_OF_VERSION[${NAME_KEYS}]`).toBeDefined();
    for (const [term, key] of Object.entries(keys!)) expect(termKey(term), term).toBe(key);
  });
});
