// Tech names written in the other script: Russian developers write `редис`, `докер`, `кликхаус`,
// `джанго` for Redis, Docker, ClickHouse, Django (issue 23). Both spellings are brought to one
// sound key: the Russian word is transliterated (the package's letters, cyrillic-latin.ts), and both
// sides lose what spelling adds and sound does not (`ck`/`c`/`k`, `dzh`/`dj`/`j`, `kh`/`h`, double
// letters). Two index terms name the same thing when their keys agree.
import { CYRILLIC_LATIN } from './cyrillic-latin.js';
import { stemEnglish } from './stem-english.js';

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

/**
 * Whether a Russian term's key and a Latin term's key name the same thing: the same consonants with
 * vowels at most one or two edits apart, or the Russian one a short form the Latin one starts with
 * (or lacks only its last vowel).
 */
export function sameName(russianKey: string, latinKey: string): boolean {
  // Snowball takes a Russian word's last vowel (`джира` → `джир`): the Latin name may keep it.
  if (russianKey.length >= MIN_KEY_LENGTH - 1 && latinKey.length === russianKey.length + 1 && latinKey.startsWith(russianKey) && /[aeiouy]$/.test(latinKey)) return true;
  if (russianKey.length < MIN_KEY_LENGTH || latinKey.length < MIN_KEY_LENGTH) return false;
  if (russianKey.length >= MIN_PREFIX_KEY && latinKey.startsWith(russianKey)) return true;
  if (russianKey === latinKey) return true;
  const consonants = skeleton(russianKey);
  // Two consonants leave too many words alike (редис ~ ready): the same key, or three consonants at least.
  if (consonants.length < 3 || consonants !== skeleton(latinKey)) return false;
  // Vowels are where spellings of a name part most (вайргард ~ WireGuard); enough consonants are the name.
  if (consonants.length >= SKELETON_ENOUGH) return true;
  return editDistance(russianKey, latinKey, 2) <= (Math.max(russianKey.length, latinKey.length) >= 7 ? 2 : 1);
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

/** INITIALS worked out from the keys: each first letter, followed by any letter and a vowel of its script. */
export function keyInitials(): Record<string, string> {
  const out: Record<string, string> = {};
  const latin = [...'abcdefghijklmnopqrstuvwxyz'];
  const russian = Object.keys(CYRILLIC_LATIN);
  for (const [letters, vowel] of [[latin, 'a'], [russian, 'а']] as const) {
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
 * Whether terms starting with `start` (two letters) can have a key like `key`: their consonants agree
 * so far. Vowels may differ (the skeleton rule), and a second `g`/`j` may turn on the letter after it.
 */
export function startAgrees(start: string, key: string): boolean {
  const latin = isCyrillicTerm(start) ? toLatin(start) : start;
  const head = skeleton(soundKey(latin));
  const wanted = skeleton(key);
  if (head.length < 2 || wanted.length < 2) return true;
  return head[1] === wanted[1] || (/[gj]/.test(head[1]!) && /[gj]/.test(wanted[1]!));
}
