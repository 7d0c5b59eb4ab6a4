/**
 * English (Porter2) stemmer: a hand translation of the current Snowball
 * algorithm (snowballstem/snowball algorithms/english.sbl, 3.x), which is
 * what the reference vocabulary in snowball-data is generated with.
 *
 * Input is a lowercase word. Step and routine names follow the .sbl source so
 * the two can be read side by side.
 */
import { CharGroup, SuffixTable, afterVowelThenConsonant, replaceEnd } from './snowball-util.js';

const VOWELS = new CharGroup('aeiouy');
// 'Y' is a y that acts as a consonant (marked in the prelude).
const VOWELS_WXY = new CharGroup('aeiouywxY');
const VALID_LI = new CharGroup('cdeghkmnrt');
const AEO = new CharGroup('aeo');
const APOSTROPHE = 0x27;

/** Whole words with a fixed stem (`exception1`): irregular or not-really-plural forms. */
const EXCEPTIONS = new Map<string, string>([
  ['skis', 'ski'], ['skies', 'sky'], ['idly', 'idl'], ['gently', 'gentl'], ['ugly', 'ugli'], ['early', 'earli'],
  ['only', 'onli'], ['singly', 'singl'], ['sky', 'sky'], ['news', 'news'], ['howe', 'howe'], ['atlas', 'atlas'],
  ['cosmos', 'cosmos'], ['bias', 'bias'], ['andes', 'andes'],
]);

/** Prefixes that fix R1 by hand, so that e.g. general/generic and universe/university conflate. */
const R1_PREFIXES = ['gener', 'commun', 'arsen', 'past', 'univers', 'later', 'emerg', 'organ', 'inter'];

const APOSTROPHE_ENDINGS = new SuffixTable([['delete', ["'", "'s", "'s'"]]]);

const STEP_1A = new SuffixTable([
  ['ss', ['sses']],
  ['i-or-ie', ['ied', 'ies']],
  ['s', ['s']],
  ['keep', ['us', 'ss']],
]);

const STEP_1B = new SuffixTable([
  ['eed', ['eed', 'eedly']],
  ['ed', ['ed', 'edly', 'ingly']],
  ['ing', ['ing']],
]);

/** What happens to the stem left after removing -ed/-ing (`Step_1b`, second half). */
const STEP_1B_STEM_END = new SuffixTable([
  ['add-e', ['at', 'bl', 'iz']],
  ['undouble', ['bb', 'dd', 'ff', 'gg', 'mm', 'nn', 'pp', 'rr', 'tt']],
]);

/** Words left alone by -ing removal (inning, outing, ...), keyed by what precedes "ing". */
const ING_KEEP_STEMS = new Set(['inn', 'out', 'cann', 'herr', 'earr', 'even']);
/** proceed, exceed, succeed keep their -eed. */
const EED_KEEP_STEMS = new Set(['proc', 'exc', 'succ']);

// Values are replacements; '' deletes. `ogi` and `li` have extra conditions.
const STEP_2 = new SuffixTable([
  ['tion', ['tional']],
  ['ence', ['enci']],
  ['ance', ['anci']],
  ['able', ['abli']],
  ['ent', ['entli']],
  ['ize', ['izer', 'ization']],
  ['ate', ['ational', 'ation', 'ator']],
  ['al', ['alism', 'aliti', 'alli']],
  ['ful', ['fulness', 'fulli']],
  ['ous', ['ousli', 'ousness']],
  ['ive', ['iveness', 'iviti']],
  ['ble', ['biliti', 'bli']],
  ['og', ['ogist', 'ogi']],
  ['less', ['lessli']],
  ['', ['li']],
]);

// Values are replacements; '' deletes. `ative` additionally needs R2.
const STEP_3 = new SuffixTable([
  ['tion', ['tional']],
  ['ate', ['ational']],
  ['al', ['alize']],
  ['ic', ['icate', 'iciti', 'ical']],
  ['', ['ful', 'ness', 'ative']],
]);

const STEP_4 = new SuffixTable([
  ['delete', ['al', 'ance', 'ence', 'er', 'ic', 'able', 'ible', 'ant', 'ement',
    'ment', 'ent', 'ism', 'ate', 'iti', 'ous', 'ive', 'ize']],
  ['after-s-or-t', ['ion']],
]);

const Y_MARK = /Y/g;

export function stemEnglish(word: string): string {
  const exception = EXCEPTIONS.get(word);
  if (exception !== undefined) return exception;
  if (word.length < 3) return word;

  // prelude: drop a leading apostrophe and mark consonant y's as Y.
  let w = word.charCodeAt(0) === APOSTROPHE ? word.slice(1) : word;
  const yFound = w.includes('y');
  if (yFound) w = markConsonantYs(w);

  const p1 = regionR1(w);
  const p2 = afterVowelThenConsonant(w, p1, VOWELS);

  w = step1a(w);
  w = step1b(w, p1);
  w = step1c(w);
  w = step2(w, p1);
  w = step3(w, p1, p2);
  w = step4(w, p2);
  w = step5(w, p1, p2);

  // postlude: any Y left is an ordinary y again.
  return yFound ? w.replace(Y_MARK, 'y') : w;
}

/** Initial y, and y after a vowel, are consonants: write them as 'Y'. */
function markConsonantYs(w: string): string {
  let out = '';
  let previousIsVowel = false;
  for (let i = 0; i < w.length; i++) {
    let ch = w.charAt(i);
    if (ch === 'y' && (i === 0 || previousIsVowel)) ch = 'Y';
    previousIsVowel = VOWELS.has(ch.charCodeAt(0));
    out += ch;
  }
  return out;
}

function regionR1(w: string): number {
  for (const prefix of R1_PREFIXES) if (w.startsWith(prefix)) return prefix.length;
  return afterVowelThenConsonant(w, 0, VOWELS);
}

/**
 * `shortv`: w[0, end) ends in a short syllable: non-vowel, vowel, non-vowel
 * other than w/x/Y; or vowel + non-vowel as the whole word; or "past".
 */
function endsInShortSyllable(w: string, end: number): boolean {
  if (end >= 3 && !VOWELS_WXY.has(w.charCodeAt(end - 1)) && VOWELS.has(w.charCodeAt(end - 2))
    && !VOWELS.has(w.charCodeAt(end - 3))) return true;
  if (end === 2 && !VOWELS.has(w.charCodeAt(1)) && VOWELS.has(w.charCodeAt(0))) return true;
  return end >= 4 && w.startsWith('past', end - 4);
}

function step1a(w: string): string {
  const apostrophe = APOSTROPHE_ENDINGS.longest(w);
  if (apostrophe) w = replaceEnd(w, apostrophe.suffix.length);

  const match = STEP_1A.longest(w);
  if (!match) return w;
  const start = w.length - match.suffix.length;
  switch (match.value) {
    case 'ss':
      return replaceEnd(w, 4, 'ss');
    case 'i-or-ie': // ties -> tie, but cries -> cri
      return replaceEnd(w, 3, start >= 2 ? 'i' : 'ie');
    case 's': // gaps -> gap, but gas stays: needs a vowel not right before the s
      return VOWELS.anyIn(w, 0, start - 1) ? replaceEnd(w, 1) : w;
    default:
      return w;
  }
}

function step1b(w: string, p1: number): string {
  const match = STEP_1B.longest(w);
  if (!match) return w;
  const start = w.length - match.suffix.length;

  if (match.value === 'eed') {
    if (start < p1 || EED_KEEP_STEMS.has(w.slice(0, start))) return w;
    return w.slice(0, start) + 'ee';
  }
  if (match.value === 'ing') {
    // dying -> die, lying -> lie, tying -> tie, vying -> vie
    if (start === 2 && w[1] === 'y' && !VOWELS.has(w.charCodeAt(0))) return w[0] + 'ie';
    if (ING_KEEP_STEMS.has(w.slice(0, start))) return w;
  }

  // -ed, -edly, -ing, -ingly: only removed if a vowel precedes them.
  if (!VOWELS.anyIn(w, 0, start)) return w;
  const stem = w.slice(0, start);
  const end = STEP_1B_STEM_END.longest(stem);
  if (end?.value === 'add-e') return stem + 'e'; // luxuriat -> luxuriate
  if (end?.value === 'undouble') {
    // hopp -> hop, but keep e.g. ebb, add, err (aeo + double as the whole stem)
    const keepDouble = stem.length === 3 && AEO.has(stem.charCodeAt(0));
    return keepDouble ? stem : stem.slice(0, -1);
  }
  // A short word after removal gets its e back: hop(e)d -> hope.
  if (stem.length === p1 && endsInShortSyllable(stem, stem.length)) return stem + 'e';
  return stem;
}

/** Final y after a consonant (not the first letter) becomes i: cry -> cri, but by stays. */
function step1c(w: string): string {
  const last = w[w.length - 1];
  if ((last === 'y' || last === 'Y') && w.length >= 3 && !VOWELS.has(w.charCodeAt(w.length - 2))) {
    return replaceEnd(w, 1, 'i');
  }
  return w;
}

function step2(w: string, p1: number): string {
  const match = STEP_2.longest(w);
  if (!match) return w;
  const start = w.length - match.suffix.length;
  if (start < p1) return w;
  if (match.suffix === 'ogi' && w[start - 1] !== 'l') return w;
  if (match.suffix === 'li' && !(start > 0 && VALID_LI.has(w.charCodeAt(start - 1)))) return w;
  return replaceEnd(w, match.suffix.length, match.value);
}

function step3(w: string, p1: number, p2: number): string {
  const match = STEP_3.longest(w);
  if (!match) return w;
  const start = w.length - match.suffix.length;
  if (start < p1) return w;
  if (match.suffix === 'ative' && start < p2) return w;
  return replaceEnd(w, match.suffix.length, match.value);
}

function step4(w: string, p2: number): string {
  const match = STEP_4.longest(w);
  if (!match) return w;
  const start = w.length - match.suffix.length;
  if (start < p2) return w;
  if (match.value === 'after-s-or-t' && w[start - 1] !== 's' && w[start - 1] !== 't') return w;
  return replaceEnd(w, match.suffix.length);
}

function step5(w: string, p1: number, p2: number): string {
  const last = w[w.length - 1];
  const start = w.length - 1;
  if (last === 'e') {
    if (start >= p2 || (start >= p1 && !endsInShortSyllable(w, start))) return replaceEnd(w, 1);
  } else if (last === 'l') {
    if (start >= p2 && w[start - 1] === 'l') return replaceEnd(w, 1);
  }
  return w;
}
