// A query word's spellings in the other script that the index holds (translit.ts, name-match.ts): докер → Docker,
// redis → редис, and for a word its own key names nothing for, by ear: стейдж → stage, конфлюенс →
// Confluence, release → релиз (bench/RESULTS.md 46). The SQLite path and the search file's read the same
// vocabulary, so both find the same spellings.
import { nameMatcher, NEAR, SAME_NAME, type NameMatcher } from '../text/name-match.js';
import { initialsFor, isCyrillicTerm, LATIN_LETTERS, looseInitials, queryKeys, RUSSIAN_LETTERS, startAgrees } from '../text/translit.js';
import { isStopWord } from '../text/stopwords.js';
import type { KeyedTerms, Vocabulary } from './vocabulary.js';

/** At most this many other-script spellings per word: a name has one or two. */
const SPELLINGS_PER_WORD = 2;

/**
 * The spellings of each word of one query. The groups of keys it reads are kept for the query's
 * next words and for the second look.
 */
export function spellingsFinder(vocabulary: Vocabulary): (term: string) => string[] {
  const groups = new Map<string, KeyedTerms>();
  const read = (start: string) => {
    let group = groups.get(start);
    if (!group) groups.set(start, (group = vocabulary.names(start)));
    return group;
  };
  return (term) => otherSpellings(term, vocabulary, read);
}

/**
 * Index terms in the other script that name the same thing, held by some fact. Only the keys of
 * terms whose first two letters can start such a name are read; the best SPELLINGS_PER_WORD are
 * kept in byte order, so both vocabularies (whatever order they list terms in) give the same ones.
 */
function otherSpellings(term: string, vocabulary: Vocabulary, read: (start: string) => KeyedTerms): string[] {
  const key = vocabulary.nameKey(term);
  if (!key || key.length < 3) return [];
  const russian = isCyrillicTerm(term);
  const matcher = nameMatcher(key, russian);
  const found: string[] = [];
  const add = (candidate: string) => {
    if (!found.includes(candidate) && !isStopWord(candidate) && vocabulary.docs(candidate) > 0) found.push(candidate);
  };
  // The keys only the by-ear rules could still match, noted on the way: a second look reads just these.
  const near: [KeyedTerms, number][] = [];
  const initials = initialsFor(key[0]!);
  for (const { names } of groups(initials, [matcher], russian, read)) {
    for (let i = 0; i < names.keys.length; i++) {
      const said = matcher.compare(names.keys[i]!, false);
      if (said === SAME_NAME) add(names.term(i));
      else if (said === NEAR) near.push([names, i]);
    }
  }
  // By ear only for a word its own key named nothing for (RESULTS 46): the loose rules, for a Russian
  // word its Latin letters unstemmed and -ик as -ic, the starts of a first u said as а.
  if (found.length === 0) {
    for (const [names, i] of near) if (matcher.compare(names.keys[i]!, true) === SAME_NAME) add(names.term(i));
    const others = queryKeys(term, key).filter((k) => k !== key).map((k) => nameMatcher(k, russian));
    const all = [matcher, ...others];
    const looseOnly = [...new Set(all.flatMap((m) => looseInitials(m.key[0]!)).flatMap(initialsFor))].filter((c) => !initials.includes(c));
    for (const { names, agreeing } of [...groups(initials, others, russian, read), ...groups(looseOnly, all, russian, read)]) {
      for (let i = 0; i < names.keys.length; i++) if (agreeing.some((m) => m.compare(names.keys[i]!, true) === SAME_NAME)) add(names.term(i));
    }
  }
  return found.sort().slice(0, SPELLINGS_PER_WORD);
}

/**
 * The other script's terms starting with one of `initials` and a letter, a group per start, with
 * the matchers whose second consonant agrees with that start (the rest cannot match there).
 */
function groups(initials: string[], matchers: NameMatcher[], russian: boolean, read: (start: string) => KeyedTerms): { names: KeyedTerms; agreeing: NameMatcher[] }[] {
  const out: { names: KeyedTerms; agreeing: NameMatcher[] }[] = [];
  if (matchers.length === 0) return out;
  for (const initial of initials) {
    if (isCyrillicTerm(initial) === russian) continue;
    for (const second of russian ? LATIN_LETTERS : RUSSIAN_LETTERS) {
      const start = initial + second;
      const agreeing = matchers.filter((m) => startAgrees(start, m.consonants));
      // The keys come with the terms (the search file stores them): only a match's term is read.
      if (agreeing.length > 0) out.push({ names: read(start), agreeing });
    }
  }
  return out;
}
