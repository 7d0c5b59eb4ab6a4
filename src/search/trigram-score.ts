// The re-ranker's near-miss score (rerank.ts; bench/RESULTS.md 20): trigram BM25 of the query's
// content words against each candidate, with statistics from the candidates alone (it only re-orders
// them and needs no second index). A query word's other-script spellings count as the word (46): a
// fact holding `elasticsearch` is as near `эластик` as one holding `Эластик`, which the query's own
// trigrams alone would favour.
import { isStopWord } from '../text/stopwords.js';
import { fold, stemWord } from '../text/tokenize.js';
import { MAX_QUERY_TERMS, type QueryItem } from './query.js';

const GRAM_B = 0.75;
const WORD = /[\p{L}\p{N}]+/gu;
const CYRILLIC = /[\u0400-\u04ff]/;

/** A query word (its typed forms) and its spellings in the other script (index terms). */
export interface Spelt {
  own: string[];
  others: string[][];
}

/**
 * Per candidate (the text trigrams are taken from), the trigram score: the query's own trigrams, and
 * for each word with other spellings the best of them where it beats the word's own trigrams.
 */
export function gramScores(query: string, texts: readonly string[], k1: number, spelt: readonly Spelt[] = []): number[] {
  const wanted = new Map<string, number>();
  const gramsOf = (text: string, maxWords = Infinity) => {
    const ks: number[] = [];
    forEachTrigram(text, true, (g) => {
      if (!wanted.has(g)) wanted.set(g, wanted.size);
      if (!ks.includes(wanted.get(g)!)) ks.push(wanted.get(g)!);
    }, maxWords);
    return ks;
  };
  // A pasted page of text is a query too: as with its terms, its first (64 content) words decide.
  const own = gramsOf(query, MAX_QUERY_TERMS);
  const words = spelt.map((s) => ({ own: gramsOf(s.own.join(' ')), others: s.others.map((terms) => gramsOf(terms.join(' '))) }));
  if (wanted.size === 0) return texts.map(() => 0);
  // Only the wanted trigrams are counted in a candidate, each by a native search of its padded
  // words (a call per trigram per word costs a cold process ~0.5 ms); its length is all of its
  // trigrams: a padded word of n code units has n.
  const grams = [...wanted.keys()];
  const lengths: number[] = [];
  const counts = texts.map((text) => {
    const textWords = fold(text).match(WORD) ?? [];
    lengths.push(textWords.reduce((n, word) => n + word.length, 0));
    // Words apart by one space: a trigram across two has the space inside, as no query trigram does.
    const padded = ` ${textWords.join(' ')} `;
    return grams.map((gram) => {
      let n = 0;
      for (let at = padded.indexOf(gram); at >= 0; at = padded.indexOf(gram, at + 1)) n++;
      return n;
    });
  });
  const averageLength = mean(lengths);
  const idf = grams.map((_, k) => {
    const n = counts.filter((tf) => tf[k]! > 0).length;
    return Math.log(1 + (texts.length - n + 0.5) / (n + 0.5));
  });
  return counts.map((tf, i) => {
    const norm = 1 - GRAM_B + (GRAM_B * lengths[i]!) / averageLength;
    const score = (ks: readonly number[]) => ks.reduce((sum, k) => sum + idf[k]! * saturate(tf[k]!, norm, k1), 0);
    const spellings = words.reduce((sum, w) => sum + Math.max(0, Math.max(...w.others.map(score)) - score(w.own)), 0);
    return score(own) + spellings;
  });
}

/**
 * The query's words that have other-script spellings among `items` (expand.ts adds them in the
 * word's group), with the words as typed. Same-script forms (`env` for `environment`, a
 * correction) already share the word's trigrams.
 */
export function speltWords(query: string, items: readonly QueryItem[]): Spelt[] {
  const byGroup = new Map<number, { term: string; cyrillic: boolean; others: string[][] }>();
  for (const item of items) {
    if (item.group === undefined) continue;
    const cyrillic = CYRILLIC.test(item.terms.join(' '));
    const word = byGroup.get(item.group);
    if (!word) byGroup.set(item.group, { term: item.terms.join(' '), cyrillic, others: [] });
    else if (word.cyrillic !== cyrillic) word.others.push(item.terms);
  }
  const typed = fold(query).match(WORD) ?? [];
  return [...byGroup.values()]
    .filter((w) => w.others.length > 0)
    .map((w) => {
      const own = typed.filter((t) => stemWord(t) === w.term);
      return { own: own.length ? own : [w.term], others: w.others };
    });
}

/** BM25's term-frequency part. */
export function saturate(tf: number, norm: number, k1: number): number {
  return tf === 0 ? 0 : (tf * (k1 + 1)) / (tf + k1 * norm);
}

/** Trigrams of each word, padded so that word starts and ends count (` pu`, `pup`, `upp`, `ppy`, `py `). */
export function trigrams(text: string, skipStopWords: boolean): string[] {
  const out: string[] = [];
  forEachTrigram(text, skipStopWords, (g) => out.push(g));
  return out;
}

function forEachTrigram(text: string, skipStopWords: boolean, visit: (gram: string) => void, maxWords = Infinity): void {
  let words = 0;
  for (const match of fold(text).matchAll(WORD)) {
    const word = match[0];
    if (skipStopWords && isStopWord(word)) continue;
    if (++words > maxWords) break;
    const padded = ` ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) visit(padded.slice(i, i + 3));
  }
}

export function mean(xs: readonly number[]): number {
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length || 1 : 1;
}
