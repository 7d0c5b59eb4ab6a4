// Tech names written in the other script: Russian developers write `редис`, `докер`, `кликхаус`,
// `джанго` for Redis, Docker, ClickHouse, Django (issue 23). Both spellings are brought to one
// sound key: the Russian word is transliterated (the package's letters, cyrillic-latin.ts), and both
// sides lose what spelling adds and sound does not (`ck`/`c`/`k`, `dzh`/`dj`/`j`, `kh`/`h`, double
// letters). Two index terms name the same thing when their keys agree.
import { CYRILLIC_LATIN } from './cyrillic-latin.js';
import { stemEnglish } from './stem-english.js';

export const LATIN_LETTERS = 'abcdefghijklmnopqrstuvwxyz';
export const RUSSIAN_LETTERS = Object.keys(CYRILLIC_LATIN).join('');
const CYRILLIC_WORD = /^[\u0400-\u04ff]+$/;
const LATIN_WORD = /^[a-z]+$/;
const VOWELS = /[aeiouy]/g;
/** Shorter keys are too common a sound to tell names apart (`код`/`kid`/`code`). */
export const MIN_KEY_LENGTH = 4;
/** A Russian short form of a longer name (`кубер` → Kubernetes, `эластик` → Elasticsearch) needs this much. */
const MIN_PREFIX_KEY = 5;
/** This many consonants in the same order name one thing whatever the vowels (bench/RESULTS.md 37). */
const SKELETON_ENOUGH = 4;

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
export function toLatin(word: string): string {
  let out = '';
  for (const ch of word) out += CYRILLIC_LATIN[ch] ?? ch;
  return out;
}

/** The sound key of a Latin word. */
export function soundKey(latin: string): string {
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

/** A key's first letter and its consonants after it (what the name rules compare first). */
export const consonantsOf = skeleton;

/**
 * Whether a Russian term's key and a Latin term's key name the same thing: the same consonants with
 * vowels at most one or two edits apart, or the Russian one a short form the Latin one starts with
 * (or lacks only its last vowel).
 */
export function sameName(russianKey: string, latinKey: string): boolean {
  return nameMatcher(russianKey, true).compare(latinKey, false) === SAME_NAME;
}

/**
 * sameName, or the same after what the keys keep of English spelling is taken off both (loose()):
 * the second look a search gives a word its own key named nothing for (other-spellings.ts).
 */
export function sameNameByEar(russianKey: string, latinKey: string): boolean {
  return nameMatcher(russianKey, true).compare(latinKey, true) === SAME_NAME;
}

/** What a NameMatcher says of two keys: the same name, or only the by-ear rules could still say so, or neither. */
export const [DIFFERENT, NEAR, SAME_NAME] = [0, 1, 2] as const;

/** A query word's key, compared with the other script's keys one by one. */
export interface NameMatcher {
  key: string;
  consonants: string;
  /**
   * SAME_NAME when sameName (sameNameByEar when `byEar`) holds of the key and `other`; else, when
   * not `byEar`, NEAR if the by-ear rules could still say so, or DIFFERENT.
   */
  compare(other: string, byEar: boolean): number;
}

/**
 * sameName and sameNameByEar of one key, a Russian one when `russian`, with the other script's keys:
 * the key's consonants are worked out once, and each other key's walked only until they differ (a
 * search compares hundreds of keys per word; most differ by the third letter).
 */
export function nameMatcher(key: string, russian: boolean): NameMatcher {
  const consonants = skeleton(key);
  // Two consonants leave too many words alike (редис ~ ready): the same key, or three consonants at least.
  const enough = consonants.length >= 3;
  const compare = (other: string, byEar: boolean): number => {
    const russianKey = russian ? key : other;
    const latinKey = russian ? other : key;
    // Snowball takes a Russian word's last vowel (`джира` → `джир`): the Latin name may keep it.
    if (russianKey.length >= MIN_KEY_LENGTH - 1 && latinKey.length === russianKey.length + 1 && latinKey.startsWith(russianKey) && /[aeiouy]$/.test(latinKey)) return SAME_NAME;
    if (russianKey.length < MIN_KEY_LENGTH || latinKey.length < MIN_KEY_LENGTH) return DIFFERENT;
    if (russianKey.length >= MIN_PREFIX_KEY && latinKey.startsWith(russianKey)) return SAME_NAME;
    if (russianKey === latinKey) return SAME_NAME;
    const like = consonantsLike(consonants, other);
    if (like === SAME && enough && vowelsAlike(russianKey, latinKey, consonants)) return SAME_NAME;
    if (like === NOT_ALIKE) return DIFFERENT;
    if (!byEar) return NEAR;
    const [looseRussian, looseLatin] = [loose(russianKey), loose(latinKey)];
    if (looseRussian === russianKey && looseLatin === latinKey) return DIFFERENT;
    if (looseRussian === looseLatin) return SAME_NAME;
    const looseConsonants = skeleton(looseRussian);
    return enough && looseConsonants === skeleton(looseLatin) && vowelsAlike(looseRussian, looseLatin, looseConsonants) ? SAME_NAME : DIFFERENT;
  };
  return { key, consonants, compare };
}

/** Keys of the same consonants name one thing if there are enough of them, else if their vowels are near. */
function vowelsAlike(russianKey: string, latinKey: string, consonants: string): boolean {
  // Vowels are where spellings of a name part most (вайргард ~ WireGuard); enough consonants are the name.
  if (consonants.length >= SKELETON_ENOUGH) return true;
  return editDistance(russianKey, latinKey, 2) <= (Math.max(russianKey.length, latinKey.length) >= 7 ? 2 : 1);
}

const [NOT_ALIKE, LOOSELY, SAME] = [0, 1, 2] as const;

/**
 * How the skeleton of `key` compares with `consonants`: SAME, or LOOSELY alike as loose() can make
 * them (both s/z, both g/j, both vowels first; it changes no skeleton's length), or NOT_ALIKE. A
 * walk that stops at the first letter that differs, not a skeleton built per key.
 */
function consonantsLike(consonants: string, key: string): number {
  let like: number = SAME;
  let at = 0;
  for (let i = 0; i < key.length; i++) {
    const letter = key[i]!;
    if (i > 0 && FIRST_VOWELS.includes(letter)) continue;
    if (at === consonants.length) return NOT_ALIKE;
    const wanted = consonants[at++]!;
    if (letter === wanted) continue;
    const alike = (SZ.includes(letter) && SZ.includes(wanted)) || (GJ.includes(letter) && GJ.includes(wanted)) || (i === 0 && FIRST_VOWELS.includes(letter) && FIRST_VOWELS.includes(wanted));
    if (!alike) return NOT_ALIKE;
    like = LOOSELY;
  }
  return at === consonants.length ? like : NOT_ALIKE;
}
const SZ = 'sz';
const GJ = 'gj';
const FIRST_VOWELS = 'aeiouy';

/**
 * Where a Russian spelling follows the English sound, not its letters: `ea` said as и (релиз ~
 * release), `ey`/`ei` as ей (стейдж ~ stage), an s said as з, a g before a stem's lost e as ж (мерж ~
 * merge), a silent last e, a first u said as а (анлиш ~ Unleash). Applied to both keys alike.
 */
export function loose(key: string): string {
  // String replacements in the order of the rules, no regular expression: a search that needs this
  // needs it once or twice, and compiling six expressions cost more than the calls (~0.1 ms).
  let out = (key[0] === 'u' ? `a${key.slice(1)}` : key).replaceAll('ea', 'i');
  out = withoutSecondOf(out, 'e', 'yi').replaceAll('z', 's').replaceAll('g', 'j');
  return out.length > 3 && out.endsWith('e') ? out.slice(0, -1) : out;
}

/** `text` less each letter of `seconds` that follows `first` (ey, ei → e), left to right. */
function withoutSecondOf(text: string, first: string, seconds: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    out += text[i];
    if (text[i] === first && i + 1 < text.length && seconds.includes(text[i + 1]!)) i++;
  }
  return out;
}

/** Optimal-string-alignment distance (a swap of two neighbours is one edit), or max + 1 when above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current.push(d);
      rowBest = Math.min(rowBest, d);
    }
    if (rowBest > max) return max + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[b.length]!, max + 1);
}

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

/** The first letters of keys loose() can make alike with a key starting with `keyInitial`: a first u said as а. */
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
