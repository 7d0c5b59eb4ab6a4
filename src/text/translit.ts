// Tech names written in the other script: Russian developers write `редис`, `докер`, `кликхаус`,
// `джанго` for Redis, Docker, ClickHouse, Django (issue 23). Both spellings are brought to one
// sound key: the Russian word is transliterated (the package's letters, cyrillic-latin.ts), and both
// sides lose what spelling adds and sound does not (`ck`/`c`/`k`, `dzh`/`dj`/`j`, `kh`/`h`, double
// letters). Two index terms name the same thing when their keys agree.
import { CYRILLIC_LATIN } from './cyrillic-latin.js';
import { stemEnglish } from './stem-english.js';

// The one edit distance, also the name rules' (name-match.ts, search/expand.ts).
export { editDistance } from '../util/nearest.js';

export const LATIN_LETTERS = 'abcdefghijklmnopqrstuvwxyz';
export const RUSSIAN_LETTERS = Object.keys(CYRILLIC_LATIN).join('');
const CYRILLIC_WORD = /^[\u0400-\u04ff]+$/;
const LATIN_WORD = /^[a-z]+$/;
const VOWELS = /[aeiouy]/g;
/** Shorter keys are too common a sound to tell names apart (`код`/`kid`/`code`). */
export const MIN_KEY_LENGTH = 4;

/** Spellings of one sound, applied in order (longer first). */
const SOUNDS: [RegExp, string][] = [
  [/ck/g, 'k'],
  [/(.)\1+/g, '$1'], // before kh: кликхаус is spelt klikkhaus
  [/shch|sch/g, 'sh'],
  [/dzh|dj|zh/g, 'j'],
  [/g(?=[ie])/g, 'j'], // nginx ~ нжинкс, but only where Russian writers hear j
  [/kh/g, 'h'],
  [/ph/g, 'f'],
  [/th/g, 't'],
  [/c(?=[eiy])|(?<=n)c$/g, 's'], // a stem's -enc, -anc (confluence → confluenc) is said with s
  [/ts/g, 's'], // ц: центрифуго ~ centrifugo
  [/c(?!h)/g, 'k'],
  [/q/g, 'k'],
  [/x/g, 'ks'],
  [/w/g, 'v'],
  [/(.)\1+/g, '$1'],
];

/** The Latin letters of a Russian word (the package's spelling, lower case). */
function toLatin(word: string): string {
  let out = '';
  for (const ch of word) out += CYRILLIC_LATIN[ch] ?? ch;
  return out;
}

/** The sound key of a Latin word. */
function soundKey(latin: string): string {
  return SOUNDS.reduce((s, [pattern, to]) => s.replace(pattern, to), latin);
}

/**
 * The version of termKey's keys: search files store them (snapshot/names.ts), and a file of other
 * keys is rebuilt. Bump it with any change to what termKey returns (test/text/translit.test.ts
 * holds each version's keys of a word list).
 */
export const NAME_KEYS = 1;

/** Keys already worked out: a long-lived process (the MCP server, dream, eval) meets the same terms again. */
const keys = new Map<string, string | undefined>();
const MAX_KEPT = 100_000;

/** The key of an index term of either script, or undefined for what is not one plain word. */
export function termKey(term: string): string | undefined {
  let key = keys.get(term);
  if (key === undefined && !keys.has(term)) {
    if (keys.size >= MAX_KEPT) keys.clear();
    key = computeKey(term);
    keys.set(term, key);
  }
  return key;
}

function computeKey(term: string): string | undefined {
  if (LATIN_WORD.test(term)) return soundKey(term);
  if (!CYRILLIC_WORD.test(term)) return undefined;
  const latin = toLatin(term);
  // The Russian stem spelled in Latin is stemmed again as English, as the Latin terms were.
  return LATIN_WORD.test(latin) ? soundKey(stemEnglish(latin)) : undefined;
}

export function isCyrillicTerm(term: string): boolean {
  return CYRILLIC_WORD.test(term);
}

function skeleton(key: string): string {
  return key[0] + key.slice(1).replace(VOWELS, '');
}

/** A key's first letter and its consonants after it (what the name rules compare first, name-match.ts). */
export const consonantsOf = skeleton;

/**
 * The first letters an index term can have when its key starts with a given letter, in either script:
 * the vocabulary is read only from those (`k` → c, k, q, x, к). Worked out from the keys by
 * `keyInitials()`; kept as a table since that takes ~1,800 keys, more than a search (a test compares).
 */
const INITIALS: Readonly<Record<string, string>> = {
  a: 'aа', b: 'bб', c: 'cч', d: 'dд', e: 'eеэ', f: 'fpпф', g: 'gг', h: 'hkкх', i: 'iи', j: 'dgjzгджз', k: 'ckqxк', l: 'lл',
  m: 'mм', n: 'nн', o: 'oо', p: 'pп', r: 'rр', s: 'cstстцшщ', t: 'tт', u: 'uу', v: 'vwв', y: 'yёйыюя', z: 'zз',
};

export function initialsFor(keyInitial: string): string[] {
  return [...(INITIALS[keyInitial] ?? '')];
}

/** The first letters of keys loose() (name-match.ts) can make alike with a key starting with `keyInitial`: a first u said as а. */
export function looseInitials(keyInitial: string): string[] {
  return keyInitial === 'a' || keyInitial === 'u' ? ['a', 'u'] : [keyInitial];
}

/**
 * The keys a query word is compared by: its index key, and for a Russian word also the key of its
 * Latin letters not stemmed again as English (`конфлюенс` keeps the s that English stemming takes
 * from `konflyuens`, as `confluence` keeps it) and with -ик spelt -ic (`семантик` ~ semantic). The
 * index keeps one key per term; these cost the query word alone.
 */
export function queryKeys(term: string, key: string): string[] {
  if (!isCyrillicTerm(term)) return [key];
  const latin = toLatin(term);
  const keys = [key, soundKey(latin), soundKey(stemEnglish(latin.replace(/ik$/, 'ic')))];
  return [...new Set(keys)];
}

/** INITIALS worked out from the keys: each first letter, followed by any letter and a vowel of its script. */
export function keyInitials(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [letters, vowel] of [[LATIN_LETTERS, 'a'], [RUSSIAN_LETTERS, 'а']] as const) {
    for (const first of letters) {
      if (toLatin(first) === '') continue; // ъ, ь start no word
      for (const next of letters) {
        const initial = termKey(`${first}${next}${vowel}`)?.[0];
        if (initial && !(out[initial] ?? '').includes(first)) out[initial] = (out[initial] ?? '') + first;
      }
    }
  }
  return out;
}

/**
 * Whether terms starting with `start` (two letters) can have a key of these consonants (consonantsOf):
 * they agree so far. Vowels may differ (the skeleton rule), and a second `g`/`j` may turn on the letter after it.
 */
export function startAgrees(start: string, consonants: string): boolean {
  const head = secondConsonant(start);
  const wanted = consonants;
  if (head === undefined || wanted.length < 2) return true;
  return head === wanted[1] || (/[gj]/.test(head) && /[gj]/.test(wanted[1]!));
}

/** The second letter of the skeleton of a start's key (undefined when it has none): the table's, else worked out. */
function secondConsonant(start: string): string | undefined {
  const row = SECOND_CONSONANTS[start[0]!];
  const at = start.length === 2 && row ? (LATIN_LETTERS.includes(start[0]!) ? LATIN_LETTERS : RUSSIAN_LETTERS).indexOf(start[1]!) : -1;
  const head = at >= 0 ? row![at]! : startConsonant(start);
  return head === '-' ? undefined : head;
}

function startConsonant(start: string): string {
  const head = skeleton(soundKey(isCyrillicTerm(start) ? toLatin(start) : start));
  return head.length < 2 ? '-' : head[1]!;
}

/**
 * startConsonant of every two letters of one script: per first letter, a character per second
 * letter in LATIN_LETTERS or RUSSIAN_LETTERS order ('-': none). Worked out by `secondConsonants()`;
 * kept as a table since a search asks it of up to a hundred starts per word, each a pass of SOUNDS
 * (~0.3 ms CPU of a cold search; a test compares).
 */
const SECOND_CONSONANTS: Readonly<Record<string, string>> = {
  a: '-bkd-fgh-jklmn-pkrst-vvk-z', b: '--kd-fgh-jklmn-pkrst-vvk-z', c: '-b-d-fgh-j-lmn-p-rst-vvs-z',
  d: '-bk--fgh--klmn-pkrst-vvk-z', e: '-bkd-fgh-jklmn-pkrst-vvk-z', f: '-bkd--gh-jklmn-pkrst-vvk-z',
  g: '-bkd-f-h-jklmn-pkrst-vvk-z', h: '-bkd-fg--jklmn-pkrst-vvk-z', i: '-bkd-fgh-jklmn-pkrst-vvk-z',
  j: '-bkd-fgh--klmn-pkrst-vvk-z', k: '-b-d-fg--j-lmn-p-rst-vvs-z', l: '-bkd-fgh-jk-mn-pkrst-vvk-z',
  m: '-bkd-fgh-jkl-n-pkrst-vvk-z', n: '-bsd-fgh-jklm--pkrst-vvk-z', o: '-bkd-fgh-jklmn-pkrst-vvk-z',
  p: '-bkd-fg--jklmn--krst-vvk-z', q: '-b-d-fgh-j-lmn-p-rst-vvs-z', r: '-bkd-fgh-jklmn-pk-st-vvk-z',
  s: '-bkd-fgh-jklmn-pkr-t-vvk-z', t: '-bkd-fg--jklmn-pkr---vvk-z', u: '-bkd-fgh-jklmn-pkrst-vvk-z',
  v: '-bkd-fgh-jklmn-pkrst---k-z', w: '-bkd-fgh-jklmn-pkrst---k-z', x: 'ssssssssssssssssssssssssss',
  y: '-bkd-fgh-jklmn-pkrst-vvk-z', z: '-bkd-fg--jklmn-pkrst-vvk--', а: '-bvgd--jz--klmn-prst-fhscss------',
  б: '--vgd--jz--klmn-prst-fhscss------', в: '-b-gd--jz--klmn-prst-fhscss------',
  г: '-bv-d--jz--klmn-prst-fhscss------', д: '-bvg----z--klmn-prst-fhscss------',
  е: '-bvgd--jz--klmn-prst-fhscss------', ё: '-bvgd--jz--klmn-prst-fhscss------',
  ж: '-bvgd---z--klmn-prst-fhscss------', з: '-bvgd------klmn-prst-fhscss------',
  и: '-bvgd--jz--klmn-prst-fhscss------', й: '-bvgd--jz--klmn-prst-fhscss------',
  к: '-bvgd--jz---lmn-prst-f-scss------', л: '-bvgd--jz--k-mn-prst-fhscss------',
  м: '-bvgd--jz--kl-n-prst-fhscss------', н: '-bvgd--jz--klm--prst-fhscss------',
  о: '-bvgd--jz--klmn-prst-fhscss------', п: '-bvgd--jz--klmn--rst-f-scss------',
  р: '-bvgd--jz--klmn-p-st-fhscss------', с: '-bvgd--jz--klmn-pr-t-fh-hhh------',
  т: '-bvgd--jz--klmn-pr---f--chh------', у: '-bvgd--jz--klmn-prst-fhscss------',
  ф: '-bvgd--jz--klmn-prst--hscss------', х: '-bvgd--jz--klmn-prst-f-scss------',
  ц: '-bvgd--jz--klmn-pr-t-fh-hhh------', ч: 'hhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhh',
  ш: 'hhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhh', щ: 'hhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhh',
  ъ: '------------------------hhhn-n---', ы: '-bvgd--jz--klmn-prst-fhscss------',
  ь: '------------------------hhhn-n---', э: '-bvgd--jz--klmn-prst-fhscss------',
  ю: '-bvgd--jz--klmn-prst-fhscss------', я: '-bvgd--jz--klmn-prst-fhscss------',
};

/** SECOND_CONSONANTS worked out. */
export function secondConsonants(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const letters of [LATIN_LETTERS, RUSSIAN_LETTERS]) for (const first of letters) out[first] = [...letters].map((second) => startConsonant(first + second)).join('');
  return out;
}
