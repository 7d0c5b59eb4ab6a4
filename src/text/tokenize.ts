// Turns text into the terms the full-text index holds: words stemmed per script (Cyrillic → Russian
// Snowball, Latin → English Porter2), identifiers kept whole *and* split into their parts, so
// `PKG_CONFIG_PATH`, `api-gw`, `src/gen` and `5.4` are findable as written and by their pieces.
import { baseForm } from './irregular-english.js';
import { stemEnglish } from './stem-english.js';
import { stemRussian, stemRussianNoun } from './stem-russian.js';

/**
 * Which way of making terms the index was built with. Bump it whenever `terms` gives different
 * output for the same text: databases indexed another way are re-indexed when opened (Store.open).
 * 1: the first tokenizer; 2: irregular English verb forms stem like their base (`went` → `go`);
 * 3: a Russian word also gets its noun stem, and an acronym's plural (`PRs`) is the acronym.
 */
export const INDEX_VERSION = 3;

/** Letters, digits and marks, with single `- _ . /` between them (they never start or end a token). */
const TOKEN = /[\p{L}\p{N}\p{M}]+(?:[-_./][\p{L}\p{N}\p{M}]+)*/gu;
const CONNECTOR = /[-_./]/;
const PARTS = /[-_./]+/;
const ASCII = /^[\x00-\x7f]*$/;
const ASCII_OR_CYRILLIC = /^[\x00-\x7f\u0400-\u04ff]*$/;
const CYRILLIC_WORD = /^[\u0400-\u04ff]+$/;
const LATIN_WORD = /^[a-z]+$/;
const HAS_LETTER = /\p{L}/u;
const NON_CYRILLIC_RUN = /[^\u0400-\u04ff]+/g;
const MARKS = /\p{M}/gu;
/**
 * Bare masculine nouns end in a consonant or й (`коммит`, `токен`, `деплой`); past-tense verbs in л
 * and present-tense verbs in -ает/-ет/-ут/-ят (`работает`) do not count.
 */
const NOMINATIVE_LOOKING = /(?<![аеёоуыюя]т)(?<=[бвгджзйкмнпрстфхцчшщ])$/;
/** A Russian stem this short from a longer word is a sign Snowball read a noun's letters as an ending. */
const STUB_LENGTH = 4;
/** `PRs`, `VMs`, `APIs`: an upper-case acronym with a plural `s` (Porter2 leaves `prs` apart from `pr`). */
const ACRONYM_PLURAL = /^[A-Z]{2,6}s$/;

/** Lower case, `ё` → `е`, and diacritics dropped outside Cyrillic (where `й` must stay `й`). */
export function fold(token: string): string {
  const lower = token.toLowerCase();
  if (ASCII.test(lower)) return lower;
  // Latin and Cyrillic only (most facts here): every run outside Cyrillic is ASCII, kept as it is.
  if (ASCII_OR_CYRILLIC.test(lower)) return lower.replace(/ё/g, 'е');
  return lower
    .replace(/ё/g, 'е')
    .replace(NON_CYRILLIC_RUN, (run) => (ASCII.test(run) ? run : run.normalize('NFD').replace(MARKS, '')));
}

export function stemWord(word: string): string {
  if (LATIN_WORD.test(word)) return stemEnglish(baseForm(word));
  if (CYRILLIC_WORD.test(word)) return stemRussian(word);
  return word;
}

/** A plain word's terms: its stem, and for Russian its noun stem where that differs (stem-russian.ts). */
function pushWord(out: string[], word: string): void {
  const stem = stemWord(word);
  out.push(stem);
  // Only where Snowball cut the word down to a stub (`комм`, `депл`, `ток`): elsewhere the extra
  // term only adds noise (held out, it cost XQuAD-ru 4 first places of 336).
  if (stem.length <= STUB_LENGTH && CYRILLIC_WORD.test(word) && NOMINATIVE_LOOKING.test(word)) {
    const noun = stemRussianNoun(word);
    if (noun !== stem) out.push(noun);
  }
}

/**
 * Terms for one text, in order, with repeats (term frequency matters to BM25). `skip` leaves out
 * plain words (never identifiers) by their folded form: queries drop stop words this way.
 */
export function terms(text: string, skip?: (folded: string) => boolean): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(TOKEN)) {
    if (skip) {
      pushToken(out, match[0], skip);
      continue;
    }
    let known = TOKEN_TERMS.get(match[0]);
    if (!known) {
      known = [];
      pushToken(known, match[0]);
      if (TOKEN_TERMS.size >= TOKEN_TERMS_LIMIT) TOKEN_TERMS.clear();
      TOKEN_TERMS.set(match[0], known);
    }
    for (const term of known) out.push(term);
  }
  return out;
}

/**
 * Each token's terms as written, remembered: texts repeat their words, and the index keeps no copy
 * of its terms, so building the search file makes every fact's again (stemming each distinct word
 * once took that build from 1.5x back to about the CPU of reading FTS5's copy).
 */
const TOKEN_TERMS = new Map<string, string[]>();
const TOKEN_TERMS_LIMIT = 50_000;

function pushToken(out: string[], written: string, skip?: (folded: string) => boolean): void {
  const raw = isAcronymPlural(written) ? written.slice(0, -1) : written;
  const token = fold(raw);
  if (!CONNECTOR.test(token)) {
    if (!skip?.(token)) pushWord(out, token);
    return;
  }
  out.push(token);
  for (const part of token.split(PARTS)) {
    if (part && HAS_LETTER.test(part)) pushWord(out, part);
  }
}

/** The words and identifiers of a text as written, each of which `terms` turns into one or more terms. */
export function tokens(text: string): string[] {
  return [...text.matchAll(TOKEN)].map((match) => match[0]);
}

/** `PRs` (an acronym's plural, whose terms are the acronym's): the one place where case changes a term. */
export function isAcronymPlural(token: string): boolean {
  return ACRONYM_PLURAL.test(token);
}

/** What the index stores for a text: its terms separated by spaces. */
export function indexText(text: string): string {
  return terms(text).join(' ');
}

/** The terms FTS5 reads in indexText's output: terms hold no spaces, so the same list (sameTotals in
 * snapshot/build.ts checks that FTS5 counted as many). */
export function indexTerms(text: string): string[] {
  return terms(text).filter(Boolean);
}
