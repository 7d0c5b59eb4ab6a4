// What a search adds to the query's own terms before FTS5 sees it (issue 23), the same on the SQLite
// path and the search file's, since both read the same vocabulary:
// - the other forms of a dev abbreviation (dev-words.ts: k8s, pg, бд, MR…);
// - a tech name's spelling in the other script that the index holds (other-spellings.ts: докер ↔ Docker);
// - for a word that matches no fact and has neither, the nearest index term (`postgress` → postgres),
//   reported so that the caller can say so: never a silent empty result.
import { editDistance } from '../text/translit.js';
import { fold, stemWord } from '../text/tokenize.js';
import { devWordItems } from './dev-words.js';
import { MAX_QUERY_TERMS, type QueryItem } from './query.js';
import { spellingsFinder } from './other-spellings.js';
import { prefixRange, type Vocabulary } from './vocabulary.js';

/** A word of the query that matched nothing, and the index term searched instead. */
export interface Correction {
  word: string;
  term: string;
}

/** Shorter words are corrected by one edit, longer ones by two; shorter than 4, not at all. */
const ONE_EDIT_FROM = 4;
const TWO_EDITS_FROM = 8;
const PLAIN_WORD = /^(?:[a-z]+|[\u0400-\u04ff]+)$/;
/** Longer words are pasted text, not names or typos: nothing is looked up for them (a 100 KB query stays fast). */
const MAX_WORD = 40;

export function expandItems(query: string, items: QueryItem[], vocabulary: Vocabulary): { items: QueryItem[]; corrections: Correction[] } {
  const out = [...items];
  const has = (item: QueryItem) => out.some((o) => o.prefix === item.prefix && o.terms.join(' ') === item.terms.join(' '));
  const add = (item: QueryItem) => {
    if (out.length < items.length + MAX_QUERY_TERMS && !has(item)) out.push(item);
  };
  const otherSpellings = spellingsFinder(vocabulary);
  const fromTable = devWordItems(query, items);
  fromTable.forEach(add);
  const corrections: Correction[] = [];
  const unmatched: QueryItem[] = [];
  // Each item's vocabulary lookup once: the loop and the "matched some" test below both ask.
  const known = new Map<QueryItem, boolean>();
  const isMatched = (item: QueryItem) => {
    let found = known.get(item);
    if (found === undefined) known.set(item, (found = matches(item, vocabulary)));
    return found;
  };
  for (const item of items) {
    const term = item.terms[0]!;
    if (item.terms.length !== 1 || term.length > MAX_WORD || !PLAIN_WORD.test(term)) continue;
    // Every word gets its other-script spellings, in its group: the re-ranker counts a word and its
    // spellings as one (the best of them, at the most common one's IDF), so a fact holding both is not
    // ranked up twice (RESULTS 41; counted apart, they cost XQuAD-ru Russian questions 2 points of
    // hit@1, RESULTS 37 and 39).
    const spellings = otherSpellings(term);
    spellings.forEach((t) => add({ terms: [t], prefix: false, group: item.group, spelling: true }));
    if (spellings.length === 0 && !isMatched(item)) unmatched.push(item);
  }
  // Only a query that would find nothing is corrected: a word no fact holds beside words that match
  // is mostly a word the memory lacks, and its nearest term noise (held out: LoCoMo −2 at hit@5).
  // A compound's split (`post gress` of `postgress`) is no sign: its first term may stand alone in
  // some fact (`post-mortem`) while the phrase matches nothing.
  const matchedSome = fromTable.length > 0 || out.length > items.length || items.some((item) => item.terms.length === 1 && !unmatched.includes(item) && isMatched(item));
  if (!matchedSome) {
    for (const item of unmatched) {
      const term = item.terms[0]!;
      const word = wordOf(query, term);
      const nearest = nearestTerm(word, term, vocabulary);
      if (nearest) {
        corrections.push({ word, term: nearest });
        add({ terms: [nearest], prefix: false, group: item.group });
      }
    }
  }
  return { items: out, corrections };
}

function matches(item: QueryItem, vocabulary: Vocabulary): boolean {
  const term = item.terms[0]!;
  if (vocabulary.docs(term) > 0) return true;
  if (!item.prefix) return false;
  for (const t of vocabulary.between(...prefixRange(term))) if (vocabulary.docs(t) > 0) return true;
  return false;
}

/**
 * The closest live term: the typed word less one letter or with two neighbours swapped, stemmed
 * (`postgress` → `postgres` → postgr, which no edit count on stems finds), else the closest term
 * of the same first letter by edits on stems; fewest edits, then the most facts, then byte order.
 */
function nearestTerm(word: string, term: string, vocabulary: Vocabulary): string | undefined {
  const length = [...term].length;
  if (length < ONE_EDIT_FROM) return undefined;
  const max = length >= TWO_EDITS_FROM ? 2 : 1;
  let best: { term: string; distance: number; docs: number } | undefined;
  const consider = (candidate: string, distance: number) => {
    if (distance > max || (best && (distance > best.distance || candidate === best.term))) return;
    const docs = vocabulary.docs(candidate);
    if (docs === 0) return;
    if (!best || distance < best.distance || docs > best.docs || (docs === best.docs && candidate < best.term)) best = { term: candidate, distance, docs };
  };
  for (const variant of oneEditShorter(word)) consider(stemWord(variant), 1);
  for (const candidate of vocabulary.between(...prefixRange(String.fromCodePoint(term.codePointAt(0)!)))) {
    consider(candidate, editDistance(term, candidate, max));
  }
  return best?.term;
}

/** The word less one letter, and with each two neighbours swapped. */
function oneEditShorter(word: string): string[] {
  const letters = [...word];
  const out = new Set<string>();
  letters.forEach((_, i) => out.add([...letters.slice(0, i), ...letters.slice(i + 1)].join('')));
  for (let i = 0; i + 1 < letters.length; i++) out.add([...letters.slice(0, i), letters[i + 1], letters[i], ...letters.slice(i + 2)].join(''));
  out.delete(word);
  return [...out].filter((w) => [...w].length >= ONE_EDIT_FROM);
}

/** The word the user typed for a term (its first word stemming to it). */
function wordOf(query: string, term: string): string {
  for (const word of fold(query).match(/[\p{L}\p{N}]+/gu) ?? []) if (stemWord(word) === term) return word;
  return term;
}
