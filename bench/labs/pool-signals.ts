// The signals bench/labs/pool-lab.ts tries on top of rescore's scores (bench/RESULTS.md 28–45): each
// takes a question's candidates and returns new scores or weights; none of them ships.
import { occurrences, occurrencesIn, rescore, type Candidate, type ItemStats, type Ranking } from '../../src/search/rerank.js';
import type { QueryItem } from '../../src/search/query.js';
import { fold, stemWord, tokens } from '../../src/text/tokenize.js';

export function diverse(order: { s: number; i: number }[], candidates: Candidate[], best: number, w: number, limit: number): { s: number; i: number }[] {
  const sets = candidates.map((c) => new Set(c.columns[0]));
  const jaccard = (a: Set<string>, b: Set<string>) => {
    let shared = 0;
    for (const t of a) if (b.has(t)) shared++;
    return shared / (a.size + b.size - shared || 1);
  };
  const taken = [order[0]!];
  const rest = order.slice(1);
  while (taken.length < limit && rest.length) {
    let pick = 0;
    let value = -Infinity;
    rest.forEach((o, k) => {
      const v = o.s / (best || 1) - w * Math.max(...taken.map((t) => jaccard(sets[o.i]!, sets[t.i]!)));
      if (v > value) [pick, value] = [k, v];
    });
    taken.push(...rest.splice(pick, 1));
  }
  return taken;
}

/** Item weights from how much each item's matches in the pool are also another item's. */
export function overlapWeights(items: QueryItem[], candidates: Candidate[], w: number): number[] {
  const held = items.map((item) => candidates.map((c) => occurrencesIn(item, c) > 0));
  return held.map((mine, k) => {
    const n = mine.filter(Boolean).length;
    if (!n) return 1;
    const shared = held.reduce((s, other, j) => (j === k ? s : s + mine.filter((m, i) => m && other[i]).length / n), 0);
    return 1 / (1 + w * shared);
  });
}

/** The words of a fact's text in which an early match counts more (`early`). */
const EARLY_SPAN = 10;

/**
 * Each item scored alone and changed by `adjust` (its score, the item's index, the candidate's), a word
 * and its spellings then scored as their best, as rescore does, plus the trigram score: `early` and
 * `delta` are per-item changes of rescore's word score. (Each item's IDF is its own here, not its
 * group's most common one: the same for a word without other spellings, nearly every LoCoMo word.)
 */
function itemwiseScores(query: string, items: QueryItem[], stats: ItemStats, used: Candidate[], ranking: Ranking, adjust: (s: number, k: number, i: number) => number): number[] {
  const best = used.map(() => new Map<number, number>());
  items.forEach((item, k) => {
    const one = rescore(query, [item], { facts: stats.facts, matching: [stats.matching[k]!] }, used, { ...ranking, gramWeight: 0 });
    one.forEach((s, i) => {
      const g = item.group ?? -1 - k;
      best[i]!.set(g, Math.max(best[i]!.get(g) ?? 0, adjust(s, k, i)));
    });
  });
  const grams = rescore(query, [], { facts: stats.facts, matching: [] }, used, ranking);
  return best.map((groups, i) => [...groups.values()].reduce((t, s) => t + s, 0) + grams[i]!);
}

/**
 * `early`: each item's score × (1 + w · (1 − its first position in the text / EARLY_SPAN)), for items
 * held by at most `share` of the facts.
 */
export function earlyScores(query: string, items: QueryItem[], stats: ItemStats, used: Candidate[], ranking: Ranking, early: { w: number; share: number }): number[] {
  const firstAt = (item: QueryItem, terms: readonly string[]) => {
    for (let p = 0; p < terms.length; p++) if (occurrences(item, terms.slice(p, p + item.terms.length)) > 0) return p;
    return Infinity;
  };
  return itemwiseScores(query, items, stats, used, ranking, (s, k, i) => {
    const boosted = stats.matching[k]! <= early.share * stats.facts;
    return s * (boosted ? 1 + early.w * Math.max(0, 1 - firstAt(items[k]!, used[i]!.columns[0]!) / EARLY_SPAN) : 1);
  });
}

/**
 * `delta`: BM25+ (Lv & Zhai 2011; MiniSearch's `d`, 0.5): a matching item's term-frequency part gets
 * + delta, so its score gains delta × its IDF whatever the fact's length.
 */
export function deltaScores(query: string, items: QueryItem[], stats: ItemStats, used: Candidate[], ranking: Ranking, delta: number): number[] {
  const idf = stats.matching.map((n) => Math.log(1 + (stats.facts - n + 0.5) / (n + 0.5)));
  return itemwiseScores(query, items, stats, used, ranking, (s, k) => (s > 0 ? s + delta * idf[k]! : 0));
}

/** How many of the query's words (a word and its spellings one) a candidate holds; without one, how many there are. */
export function wordsHeld(items: QueryItem[], candidate?: Candidate): number {
  const held = candidate ? items.filter((item) => occurrencesIn(item, candidate) > 0) : items;
  return new Set(held.map((item) => item.group ?? -1 - items.indexOf(item))).size;
}

/**
 * `surface`: an item's score × (1 + w) where the fact holds a query word stemmed to it as written
 * (`activity` in the fact for `activity`, not only the stem `activ` of `activism`): MiniSearch matches
 * words as written, a prefix at 0.375 of a word's weight.
 */
export function surfaceScores(query: string, items: QueryItem[], stats: ItemStats, used: Candidate[], ranking: Ranking, w: number): number[] {
  const asWritten = new Map<string, Set<string>>();
  for (const word of tokens(query).map(fold)) {
    const stem = stemWord(word);
    asWritten.set(stem, (asWritten.get(stem) ?? new Set()).add(word));
  }
  const words = used.map((c) => new Set(tokens(c.text).map(fold)));
  return itemwiseScores(query, items, stats, used, ranking, (s, k, i) => {
    const forms = items[k]!.terms.length === 1 ? asWritten.get(items[k]!.terms[0]!) : undefined;
    return forms && [...forms].some((f) => words[i]!.has(f)) ? s * (1 + w) : s;
  });
}
