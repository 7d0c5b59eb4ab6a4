// Whether two name keys (translit.ts termKey) of the two scripts name the same thing: `редис` and
// Redis, `докер` and Docker, and by ear, where a Russian spelling follows the English sound rather
// than its letters, `стейдж` and staging (bench/RESULTS.md 37, 46). A search compares a query word's
// key with hundreds of the other script's keys (other-spellings.ts), so a key's part of the work is
// done once (nameMatcher).
import { consonantsOf as skeleton, editDistance, MIN_KEY_LENGTH } from './translit.js';

/** A Russian short form of a longer name (`кубер` → Kubernetes, `эластик` → Elasticsearch) needs this much. */
const MIN_PREFIX_KEY = 5;
/** This many consonants in the same order name one thing whatever the vowels (bench/RESULTS.md 37). */
const SKELETON_ENOUGH = 4;

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

/** Letters of a skeleton a head keeps (skeletonHead): 27³ heads, a few keys each. */
const HEAD_LETTERS = 3;
/** One past the largest head. */
export const HEADS = 27 ** HEAD_LETTERS;

/**
 * Where the keys a search file stores are found (snapshot/names.ts): the first HEAD_LETTERS letters
 * of a key's skeleton, made alike as consonantsLike makes them (z as s, g as j, a first vowel as a),
 * as a number (a letter 1–26 each, 0 past a shorter skeleton's end). Keys consonantsLike finds alike
 * have one head, and a key that starts with another has a head starting as that one's skeleton.
 */
export function skeletonHead(key: string): number {
  let head = 0;
  let letters = 0;
  for (let i = 0; i < key.length && letters < HEAD_LETTERS; i++) {
    let letter = key[i]!;
    if (i > 0 && FIRST_VOWELS.includes(letter)) continue;
    if (i === 0 && FIRST_VOWELS.includes(letter)) letter = 'a';
    else if (letter === 'z') letter = 's';
    else if (letter === 'g') letter = 'j';
    head = head * 27 + (letter.charCodeAt(0) - 96);
    letters++;
  }
  return head * 27 ** (HEAD_LETTERS - letters);
}

/**
 * The heads (skeletonHead) of every key that `key` (a query word's, Russian when `russian`) can name
 * the same thing as by either rule, as ranges [from, to]: its own head (its consonants alike, and
 * for a Russian key the Latin key one vowel longer), for a Russian short form every head starting as
 * its skeleton (the Latin names it starts), for a Latin key the heads of its starts (the Russian
 * short forms it starts with). A search reads only these (other-spellings.ts).
 */
export function matchHeads(key: string, russian: boolean): [number, number][] {
  const own = skeletonHead(key);
  if (russian) {
    if (key.length < MIN_PREFIX_KEY) return [[own, own]];
    // The skeleton's letters fill the head's first places; the rest may be any letter, or none.
    let letters = 0;
    for (let i = 0; i < key.length && letters < HEAD_LETTERS; i++) if (i === 0 || !FIRST_VOWELS.includes(key[i]!)) letters++;
    return [[own, own + 27 ** (HEAD_LETTERS - letters) - 1]];
  }
  const heads = new Set([own]);
  for (let n = MIN_KEY_LENGTH - 1; n < key.length; n++) heads.add(skeletonHead(key.slice(0, n)));
  return [...heads].map((h) => [h, h]);
}

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
