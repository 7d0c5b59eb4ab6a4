// Second stage of search (bench/RESULTS.md, 19–21). FTS5's bm25() picks the candidates; they are
// scored again here, because FTS5 fixes two things that short facts suffer from:
// - its IDF is ~0 for a term in over half the facts (a person's name in a memory about two people,
//   a project's name in a repo's memory), so the one word that says whose fact it is counts for
//   nothing; Lucene's log(1 + …) keeps every term positive;
// - its length normalisation (b = 0.75) is made for documents of very different lengths; facts are
//   all one or two sentences, and b = 0.3 ranks them better.
// A small share of character-trigram overlap is added on top: it rewards near-misses the stemmer
// cannot see (a typo, `pup` / `puppy`, `Jon` / `Jonathan`) without letting them outrank a real match.
// Word IDF counts the whole index (search.ts); average lengths and trigram IDF come from the
// candidates, which measured the same (bench/RESULTS.md, 21) and needs no extra index.
// A query word and the other spellings expand.ts adds for it count as one word (bench/RESULTS.md, 41).
import { isStopWord } from '../text/stopwords.js';
import { fold } from '../text/tokenize.js';
import { MAX_QUERY_TERMS } from './query.js';
import { occurrences, type QueryItem } from '../text/query-items.js';

export { occurrences, occurrencesIn } from '../text/query-items.js';

/** Candidates taken from FTS5 before re-scoring; the final order within them almost never needs more. */
export const POOL_SIZE = 30;
const GRAM_B = 0.75;

/** The re-ranker's settings; bench/labs/pool-lab.ts varies them (bench/RESULTS.md, 26–). */
export interface Ranking {
  k1: number;
  /** Length normalisation of the word score. */
  b: number;
  /** Weight of the trigram score against the word score (bench/RESULTS.md, 20). */
  gramWeight: number;
  /** Per column (text, index-only column, …): how much one occurrence there counts (BM25F). */
  columnWeights: readonly number[];
  /** Per column: occurrences counted at most this often (Infinity: all). */
  columnCaps: readonly number[];
  /** A candidate's item scores, best first, weighted 1, 1/2^p, 1/3^p, …: 0 is the plain sum. */
  diminish: number;
  /** Per column: its own length normalisation (BM25F) instead of `b` over all columns together. */
  columnB?: readonly number[];
  /** An item's occurrences are those of its best column (a keyword repeating the text adds nothing), not their sum. */
  bestColumn?: boolean;
  /**
   * A word and its other spellings, dev-word forms and correction (the items of one `group`):
   * `apart` sums them as separate items; `best` takes the best item's score; `one` also gives them
   * the IDF of the facts matching any of them; `common` the IDF of the most common one (RESULTS 41).
   */
  spellings?: 'apart' | 'best' | 'one' | 'common';
}

export const RANKING: Ranking = { k1: 1.2, b: 0.3, gramWeight: 0.1, columnWeights: [1, 1], columnCaps: [Infinity, Infinity], diminish: 0, spellings: 'common' };
const WORD = /[\p{L}\p{N}]+/gu;

export interface Candidate {
  /** Index terms of each column (text, translation), as FTS5 sees them: a phrase never spans two. */
  columns: readonly (readonly string[])[];
  /** What the trigrams are taken from: the fact's text and translation. */
  text: string;
}

/** Collection figures for the word score: facts in the index, and facts matching each item. */
export interface ItemStats {
  facts: number;
  matching: readonly number[];
}

/** Scores for the candidates, in their order (higher is better). `counted`: occurrenceTable of the items and candidates, if made already. */
export function rescore(query: string, items: readonly QueryItem[], stats: ItemStats, candidates: readonly Candidate[], ranking = RANKING, counted = occurrenceTable(items, candidates)): number[] {
  const words = wordScores(items, stats, candidates, ranking, counted);
  const grams = ranking.gramWeight ? gramScores(query, candidates, ranking.k1) : [];
  return candidates.map((_, i) => words[i]! + (ranking.gramWeight ? ranking.gramWeight * grams[i]! : 0));
}

/**
 * How often each item occurs in each candidate's columns (occurrences): per candidate, item k's
 * count in column c at k * (the candidate's columns) + c. Each column's terms are
 * walked once for all the one-term items: a call per item, candidate and column cost a cold search
 * ~1 ms in the interpreter (5 items, 60 candidates).
 */
export function occurrenceTable(items: readonly QueryItem[], candidates: readonly Candidate[]): Float64Array[] {
  const alone = new Map<string, number[]>();
  const others: number[] = [];
  items.forEach((item, k) => {
    if (item.terms.length !== 1 || item.prefix) others.push(k);
    else alone.set(item.terms[0]!, [...(alone.get(item.terms[0]!) ?? []), k]);
  });
  return candidates.map((candidate) => {
    const width = candidate.columns.length;
    const row = new Float64Array(items.length * width);
    for (let c = 0; c < width; c++) {
      const column = candidate.columns[c]!;
      for (let t = 0; t < column.length; t++) {
        const held = alone.get(column[t]!);
        if (held) for (const k of held) row[k * width + c]!++;
      }
      for (const k of others) row[k * width + c] = occurrences(items[k]!, column);
    }
    return row;
  });
}

function wordScores(items: readonly QueryItem[], stats: ItemStats, candidates: readonly Candidate[], ranking: Ranking, counted: readonly Float64Array[]): number[] {
  const groups = groupsOf(items, ranking);
  const idf = itemIdf(groups, stats, ranking);
  const lengths = candidates.map((c) => c.columns.reduce((n, column) => n + column.length, 0));
  const averageLength = mean(lengths);
  const columnB = ranking.columnB;
  const columnAverages = columnB && candidates[0]?.columns.map((_, col) => mean(candidates.map((c) => c.columns[col]!.length)));
  return candidates.map((c, i) => {
    const norm = columnB ? 1 : 1 - ranking.b + (ranking.b * lengths[i]!) / averageLength;
    const columnNorms = columnAverages && c.columns.map((column, col) => 1 - (columnB[col] ?? 0) + ((columnB[col] ?? 0) * column.length) / columnAverages[col]!);
    const itemScores = items.map((_, k) => idf[k]! * saturate(weightedOccurrences(counted[i]!, k, c.columns.length, ranking, columnNorms), norm, ranking.k1));
    // One score per group: the best of a word's spellings, or the item alone.
    const best = new Map<number, number>();
    itemScores.forEach((s, k) => best.set(groups[k]!, Math.max(best.get(groups[k]!) ?? 0, s)));
    const scores = [...best.values()];
    if (!ranking.diminish) return scores.reduce((t, s) => t + s, 0);
    return scores.sort((a, b) => b - a).reduce((t, s, r) => t + s / (r + 1) ** ranking.diminish, 0);
  });
}

/**
 * Each item's IDF. With `spellings: 'common'` (shipped) the items of a group share the IDF of the
 * most common of them, so a rare spelling of a common word (`problem` in a few English keywords for
 * `проблема`) does not weigh more than the word; `one` takes the facts matching any (counts summed).
 */
function itemIdf(groups: readonly number[], stats: ItemStats, ranking: Ranking): number[] {
  const idf = (n: number) => Math.log(1 + (stats.facts - n + 0.5) / (n + 0.5));
  if (ranking.spellings !== 'one' && ranking.spellings !== 'common') return stats.matching.map(idf);
  const shared = new Map<number, number>();
  const join = ranking.spellings === 'one' ? (a: number, b: number) => a + b : Math.max;
  groups.forEach((g, k) => shared.set(g, join(shared.get(g) ?? 0, stats.matching[k]!)));
  return groups.map((g) => idf(Math.min(stats.facts, shared.get(g)!)));
}

/** Each item's group: its `group` unless spellings count apart; an item without one is its own. */
function groupsOf(items: readonly QueryItem[], ranking: Ranking): number[] {
  return items.map((item, k) => (ranking.spellings !== 'apart' && item.group !== undefined ? item.group : -1 - k));
}

/** Item k's occurrences in a candidate of `columns` columns (its row of occurrenceTable), each column weighted, capped and normalised as `ranking` says. */
function weightedOccurrences(row: Float64Array, k: number, columns: number, ranking: Ranking, norms: readonly number[] | undefined): number {
  let sum = 0;
  let best = 0;
  for (let c = 0; c < columns; c++) {
    const n = ((ranking.columnWeights[c] ?? 1) * Math.min(row[k * columns + c]!, ranking.columnCaps[c] ?? Infinity)) / (norms?.[c] ?? 1);
    sum += n;
    best = Math.max(best, n);
  }
  return ranking.bestColumn ? best : sum;
}

/**
 * Trigram BM25 of the query's content words against each candidate. Its statistics come from the
 * candidates alone: it only re-orders them, and needs no second index.
 */
function gramScores(query: string, candidates: readonly Candidate[], k1: number): number[] {
  const wanted = new Map<string, number>();
  // A pasted page of text is a query too: as with its terms, its first (64 content) words decide.
  forEachTrigram(query, true, (g) => !wanted.has(g) && wanted.set(g, wanted.size), MAX_QUERY_TERMS);
  if (wanted.size === 0) return candidates.map(() => 0);
  // Only the query's trigrams are counted in a candidate, each by a native search of its padded
  // words (a call per trigram per word costs a cold process ~0.5 ms); its length is all of its
  // trigrams: a padded word of n code units has n.
  const grams = [...wanted.keys()];
  const lengths: number[] = [];
  const counts = candidates.map((c) => {
    const words = fold(c.text).match(WORD) ?? [];
    lengths.push(words.reduce((n, word) => n + word.length, 0));
    // Words apart by one space: a trigram across two has the space inside, as no query trigram does.
    const padded = ` ${words.join(' ')} `;
    return grams.map((gram) => {
      let n = 0;
      for (let at = padded.indexOf(gram); at >= 0; at = padded.indexOf(gram, at + 1)) n++;
      return n;
    });
  });
  const averageLength = mean(lengths);
  const idf = [...wanted.values()].map((k) => {
    const n = counts.filter((tf) => tf[k]! > 0).length;
    return Math.log(1 + (candidates.length - n + 0.5) / (n + 0.5));
  });
  return counts.map((tf, i) => {
    const norm = 1 - GRAM_B + (GRAM_B * lengths[i]!) / averageLength;
    return tf.reduce((score, f, k) => score + idf[k]! * saturate(f, norm, k1), 0);
  });
}

/** BM25's term-frequency part. */
function saturate(tf: number, norm: number, k1: number): number {
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

function mean(xs: readonly number[]): number {
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length || 1 : 1;
}
