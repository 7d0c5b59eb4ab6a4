// The index's terms, for what a search does before it runs: a Russian spelling of a Latin name
// (translit.ts) and the nearest term to a word that matches nothing (expand.ts). The SQLite path
// reads them through FTS5's vocabulary table, the search file's path from its term dictionary;
// both count the live facts holding a term the same way, so both expand a query the same way.
import { termKey } from '../text/translit.js';

export interface Vocabulary {
  /** Index terms t with from <= t < to in byte order; may include terms no live fact holds any more. */
  between(from: string, to: string): Iterable<string>;
  /** Live facts holding the term (0 when none). */
  docs(term: string): number;
  /** Whether some index term lies in [from, to) (a script's letters: does the memory hold that script?). */
  any(from: string, to: string): boolean;
  /**
   * Index terms starting with `start` (two letters of one script) that have a name key (translit.ts
   * termKey), with it; may include terms no live fact holds any more, and keys too short to match.
   */
  names(start: string): KeyedTerms;
  /**
   * Where the vocabulary keeps its terms' keys by head (the search file, snapshot/names.ts): the
   * terms that have a stored key whose head (name-match.ts skeletonHead) lies in [from, to], with
   * their first two letters. Undefined: names() is read, start by start.
   */
  nameHeads?(from: number, to: number): StartedTerms;
}

/** Terms and their keys, the terms read only when asked for (a search wants the few that match). */
export interface KeyedTerms {
  keys: readonly string[];
  term(i: number): string;
}

/** KeyedTerms with each term's first two letters. */
export interface StartedTerms extends KeyedTerms {
  starts: readonly string[];
}

/** The keys of `terms`, worked out one by one. */
export function keyedTerms(terms: Iterable<string>): KeyedTerms {
  const named: string[] = [];
  const keys: string[] = [];
  for (const term of terms) {
    const key = termKey(term);
    if (key === undefined) continue;
    named.push(term);
    keys.push(key);
  }
  return { keys, term: (i) => named[i]! };
}

/** The range of terms starting with `prefix`: [prefix, the prefix with its last character one higher). */
export function prefixRange(prefix: string): [string, string] {
  const last = prefix.codePointAt(prefix.length - 1)!;
  return [prefix, prefix.slice(0, -1) + String.fromCodePoint(last + 1)];
}
