// A query word's spellings in the other script that the index holds (translit.ts, name-match.ts): докер → Docker,
// redis → редис, and for a word its own key names nothing for, by ear: стейдж → stage, конфлюенс →
// Confluence, release → релиз (bench/RESULTS.md 46). The SQLite path and the search file's read the same
// vocabulary, so both find the same spellings: the file's keys by head (only those a key can match,
// name-match.ts matchHeads), FTS5's by the first two letters of the terms that can start such a name.
import { matchHeads, nameMatcher, NEAR, SAME_NAME, type NameMatcher } from '../text/name-match.js';
import { initialsFor, isCyrillicTerm, LATIN_LETTERS, looseInitials, queryKeys, RUSSIAN_LETTERS, startAgrees, termKey } from '../text/translit.js';
import { isStopWord } from '../text/stopwords.js';
import type { KeyedTerms, StartedTerms, Vocabulary } from './vocabulary.js';

/** At most this many other-script spellings per word: a name has one or two. */
const SPELLINGS_PER_WORD = 2;

/**
 * Calls `visit` with each term of the other script whose first letter is one of `initials` and
 * whose second agrees with some of `matchers` (startAgrees: the rest cannot match there), with those
 * matchers; it may leave out terms no matcher can name (their heads: name-match.ts matchHeads).
 */
type Candidates = (initials: readonly string[], matchers: readonly NameMatcher[], russian: boolean, visit: (names: KeyedTerms, i: number, agreeing: readonly NameMatcher[]) => void) => void;

/**
 * The spellings of each word of one query. The groups of keys it reads are kept for the query's
 * next words and for the second look.
 */
export function spellingsFinder(vocabulary: Vocabulary): (term: string) => string[] {
  const candidates = vocabulary.nameHeads ? byHead(vocabulary.nameHeads.bind(vocabulary)) : byStart(vocabulary);
  return (term) => otherSpellings(term, vocabulary, candidates);
}

/**
 * Index terms in the other script that name the same thing, held by some fact. Only the keys of
 * terms whose first two letters can start such a name are compared; the best SPELLINGS_PER_WORD are
 * kept in byte order, so both vocabularies (whatever order they list terms in) give the same ones.
 */
function otherSpellings(term: string, vocabulary: Vocabulary, candidates: Candidates): string[] {
  const key = termKey(term);
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
  candidates(initials, [matcher], russian, (names, i) => {
    const said = matcher.compare(names.keys[i]!, false);
    if (said === SAME_NAME) add(names.term(i));
    else if (said === NEAR) near.push([names, i]);
  });
  // By ear only for a word its own key named nothing for (RESULTS 46): the loose rules, for a Russian
  // word its Latin letters unstemmed and -ик as -ic, the starts of a first u said as а.
  if (found.length === 0) {
    for (const [names, i] of near) if (matcher.compare(names.keys[i]!, true) === SAME_NAME) add(names.term(i));
    const others = queryKeys(term, key).filter((k) => k !== key).map((k) => nameMatcher(k, russian));
    const all = [matcher, ...others];
    const looseOnly = [...new Set(all.flatMap((m) => looseInitials(m.key[0]!)).flatMap(initialsFor))].filter((c) => !initials.includes(c));
    const byEar = (names: KeyedTerms, i: number, agreeing: readonly NameMatcher[]) => {
      if (agreeing.some((m) => m.compare(names.keys[i]!, true) === SAME_NAME)) add(names.term(i));
    };
    candidates(initials, others, russian, byEar);
    candidates(looseOnly, all, russian, byEar);
  }
  return found.sort().slice(0, SPELLINGS_PER_WORD);
}

/** FTS5's vocabulary: the other script's terms starting with one of `initials` and a letter, a group per start. */
function byStart(vocabulary: Vocabulary): Candidates {
  const groups = new Map<string, KeyedTerms>();
  const read = (start: string) => {
    let group = groups.get(start);
    if (!group) groups.set(start, (group = vocabulary.names(start)));
    return group;
  };
  return (initials, matchers, russian, visit) => {
    if (matchers.length === 0) return;
    for (const initial of initials) {
      if (isCyrillicTerm(initial) === russian) continue;
      for (const second of russian ? LATIN_LETTERS : RUSSIAN_LETTERS) {
        const start = initial + second;
        const agreeing = matchers.filter((m) => startAgrees(start, m.consonants));
        // The keys come with the terms (the search file stores them): only a match's term is read.
        if (agreeing.length === 0) continue;
        const names = read(start);
        for (let i = 0; i < names.keys.length; i++) visit(names, i, agreeing);
      }
    }
  };
}

/**
 * The search file's keys by head: only the groups of the heads the matchers' keys can match in are
 * read, and of their terms those byStart would visit, with the same matchers.
 */
function byHead(nameHeads: (from: number, to: number) => StartedTerms): Candidates {
  const groups = new Map<string, StartedTerms>();
  const read = (from: number, to: number) => {
    let group = groups.get(`${from}-${to}`);
    if (!group) groups.set(`${from}-${to}`, (group = nameHeads(from, to)));
    return group;
  };
  return (initials, matchers, russian, visit) => {
    if (matchers.length === 0) return;
    const wanted = initials.filter((initial) => isCyrillicTerm(initial) !== russian);
    const agreeing = new Map<string, NameMatcher[]>();
    for (const [from, to] of merged(matchers.flatMap((m) => matchHeads(m.key, russian)))) {
      const names = read(from, to);
      for (let i = 0; i < names.keys.length; i++) {
        const start = names.starts[i]!;
        // A term of the query's own script, or of a first letter byStart would not read (a start is of one script).
        if (!wanted.includes(start[0]!)) continue;
        let those = agreeing.get(start);
        if (!those) agreeing.set(start, (those = matchers.filter((m) => startAgrees(start, m.consonants))));
        if (those.length > 0) visit(names, i, those);
      }
    }
  };
}

/** Ranges [from, to] sorted and joined where they overlap: no head is read twice. */
function merged(ranges: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [from, to] of ranges.sort((a, b) => a[0] - b[0])) {
    const last = out[out.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}
