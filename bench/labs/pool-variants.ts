// The variants of bench/labs/pool-lab.ts (bench/RESULTS.md, 26–33): a change of the re-ranker's settings
// (`Ranking`), of the pool, the limit or the cut-off, or a signal tried on top; and the porter baseline.
import type { Ranking } from '../../src/search/rerank.js';
import type { Peer } from '../peers.js';

export interface Variant {
  /** Keyword terms the fact's text already holds left out (the index's counts of matching facts stay as they are). */
  freshKeywords?: boolean;
  /** FTS5's own bm25() order and score instead of the re-ranker (what shipped before 21). */
  fts?: boolean;
  /** Plus w × FTS5's bm25() (its IDF ignores the words in over half the facts; the re-ranker's does not). */
  ftsMix?: number;
  /** Plus w × the smaller IDF of each pair of adjacent query words found as a phrase ("pottery class", "homeless shelter"). */
  phrases?: number;
  /** Diversity (MMR): each next result maximises score / best − w · its largest term overlap (Jaccard) with a result already taken. */
  diversity?: number;
  /** Not memcue: the native sqlite3 FTS5 porter baseline (bench/fts-baseline.ts) with this cut-off. */
  porter?: number;
  /** Not memcue: a JavaScript search library (bench/peers.ts) at memcue's result count per question, or at `limit`. */
  peer?: Peer;
  ranking?: Partial<Ranking>;
  /** Candidates re-scored (search() takes POOL_SIZE, 30). */
  pool?: number;
  limit?: number;
  cutoff?: number;
  /** Score each item × 1 / (1 + w · Σ share of its pool matches another item also matches): synonyms are one concept. */
  overlap?: number;
  /** Item k (in query order) weighs 1 / (1 + w · k): agents write the subject first, synonyms after. */
  position?: number;
  /** Score × (1 + w · share of the query's words, a word and its spellings one, the fact holds): FlexSearch ranks by this first (41). */
  coverage?: number;
  /** Items held by at most `share` of the facts count up to (1 + w) times in the first 10 words of the text, the earlier the more (41). */
  early?: { w: number; share: number };
  /** Score × (1 + w · share of the query's capitalised words (names, any script, anywhere) the fact holds). */
  names?: number;
  /** An item's score × (1 + w) where the fact holds the query's word as written, not only its stem. */
  surface?: number;
  /** BM25+: a matching item's score + delta × its IDF (MiniSearch's d, 0.5). */
  delta?: number;
  /** MiniSearch's quality: score × the number of the query's words (a word and its spellings one) the fact holds; `base`: the cut-off on the score before it. */
  matched?: { cutOnBase: boolean };
}

export const VARIANTS: Record<string, Variant> = {
  shipped: {},
  'no cut-off': { cutoff: 0 },
  'cut-off 0.4': { cutoff: 0.4 },
  'cut-off 0.45': { cutoff: 0.45 },
  'cut-off 0.5': { cutoff: 0.5 },
  'cut-off 0.55': { cutoff: 0.55 },
  'FTS5 bm25 order': { fts: true },
  porter: { porter: 0.6 },
  'porter, no cut-off': { porter: 0 },
  // 26: the index-only column (translation + keywords) against the text
  'hidden 0.3': { ranking: { columnWeights: [1, 0.3] } },
  'hidden 0.5': { ranking: { columnWeights: [1, 0.5] } },
  'hidden 0.7': { ranking: { columnWeights: [1, 0.7] } },
  'hidden once': { ranking: { columnCaps: [Infinity, 1] } },
  'hidden once, no cut-off': { ranking: { columnCaps: [Infinity, 1] }, cutoff: 0 },
  'fresh keywords': { freshKeywords: true },
  'fresh keywords, no cut-off': { freshKeywords: true, cutoff: 0 },
  'hidden twice': { ranking: { columnCaps: [Infinity, 2] } },
  'hidden twice, no cut-off': { ranking: { columnCaps: [Infinity, 2] }, cutoff: 0 },
  'hidden once, k1 1.6': { ranking: { columnCaps: [Infinity, 1], k1: 1.6 } },
  'hidden once, k1 2': { ranking: { columnCaps: [Infinity, 1], k1: 2 } },
  'keywords 0.3': { ranking: { columnWeights: [1, 1, 0.3] } },
  'keywords 0.5': { ranking: { columnWeights: [1, 1, 0.5] } },
  'keywords 0.7': { ranking: { columnWeights: [1, 1, 0.7] } },
  'keywords once': { ranking: { columnWeights: [1, 1, 1], columnCaps: [Infinity, Infinity, 1] } },
  'keywords 0.5 once': { ranking: { columnWeights: [1, 1, 0.5], columnCaps: [Infinity, Infinity, 1] } },
  'text once': { ranking: { columnCaps: [1, 1] } },
  // 27: the pool
  'pool 60': { pool: 60 },
  'pool 100': { pool: 100 },
  'pool 200': { pool: 200 },
  'pool 100 no cut-off': { pool: 100, cutoff: 0 },
  // 28: synonym groups
  'diminish 0.5': { ranking: { diminish: 0.5 } },
  'diminish 1': { ranking: { diminish: 1 } },
  'diminish 2': { ranking: { diminish: 2 } },
  'overlap 0.5': { overlap: 0.5 },
  'overlap 1': { overlap: 1 },
  'overlap 2': { overlap: 2 },
  'k1 0.6': { ranking: { k1: 0.6 } },
  'k1 2': { ranking: { k1: 2 } },
  // 29: names, per-column length normalisation (BM25F)
  'names 0.5': { names: 0.5 },
  'names 1': { names: 1 },
  'names 2': { names: 2 },
  'BM25F b 0.3 / 0.3': { ranking: { columnB: [0.3, 0.3] } },
  'BM25F b 0.3 / 0': { ranking: { columnB: [0.3, 0] } },
  'BM25F b 0.3 / 0.75': { ranking: { columnB: [0.3, 0.75] } },
  'BM25F b 0.5 / 0.5': { ranking: { columnB: [0.5, 0.5] } },
  'BM25F b 0.3 / 0.3 once': { ranking: { columnB: [0.3, 0.3], columnCaps: [Infinity, 1] } },
  'BM25F b 0.3 / 0.75 once': { ranking: { columnB: [0.3, 0.75], columnCaps: [Infinity, 1] } },
  'once k1 0.8': { ranking: { columnCaps: [Infinity, 1], k1: 0.8 } },
  'once k1 1.6': { ranking: { columnCaps: [Infinity, 1], k1: 1.6 } },
  'once b 0.5': { ranking: { columnCaps: [Infinity, 1], b: 0.5 } },
  'once b 0.1': { ranking: { columnCaps: [Infinity, 1], b: 0.1 } },
  'once grams 0.2': { ranking: { columnCaps: [Infinity, 1], gramWeight: 0.2 } },
  'once grams 0.05': { ranking: { columnCaps: [Infinity, 1], gramWeight: 0.05 } },
  'once grams 0': { ranking: { columnCaps: [Infinity, 1], gramWeight: 0 } },
  'once names 0.5': { ranking: { columnCaps: [Infinity, 1] }, names: 0.5 },
  'position 0.05': { position: 0.05 },
  'position 0.1': { position: 0.1 },
  'position 0.2': { position: 0.2 },
  'position 0.5': { position: 0.5 },
  'phrases 0.2': { phrases: 0.2 },
  'phrases 0.5': { phrases: 0.5 },
  'phrases 1': { phrases: 1 },
  'phrases 0.5, cut-off 0.55': { phrases: 0.5, cutoff: 0.55 },
  'phrases 0.5, cut-off 0.5': { phrases: 0.5, cutoff: 0.5 },
  'diversity 0.1': { diversity: 0.1 },
  'diversity 0.2': { diversity: 0.2 },
  'diversity 0.3': { diversity: 0.3 },
  'diversity 0.5': { diversity: 0.5 },
  'diversity 0.3 no cut-off': { diversity: 0.3, cutoff: 0 },
  'diversity 0.5 no cut-off': { diversity: 0.5, cutoff: 0 },
  'best column': { ranking: { bestColumn: true } },
  'best column, keywords 0.7': { ranking: { bestColumn: true, columnWeights: [1, 1, 0.7] } },
  'best column, keywords once': { ranking: { bestColumn: true, columnWeights: [1, 1, 1], columnCaps: [Infinity, Infinity, 1] } },
  'best column, hidden once': { ranking: { bestColumn: true, columnCaps: [Infinity, 1] } },
  // 41: what FlexSearch does (bench/peers.ts): the query's words a fact holds, where they stand in it;
  // a word and its other spellings as one
  minisearch: { peer: 'minisearch' },
  flexsearch: { peer: 'flexsearch' },
  'minisearch, 5': { peer: 'minisearch', limit: 5 },
  'flexsearch, 5': { peer: 'flexsearch', limit: 5 },
  'spellings apart': { ranking: { spellings: 'apart' } },
  'spellings apart, no cut-off': { ranking: { spellings: 'apart' }, cutoff: 0 },
  'spellings best': { ranking: { spellings: 'best' } },
  'spellings one': { ranking: { spellings: 'one' } },
  'spellings one, no cut-off': { ranking: { spellings: 'one' }, cutoff: 0 },
  'spellings common': { ranking: { spellings: 'common' } },
};
for (const d of [0.25, 0.5, 1, 2]) {
  VARIANTS[`delta ${d}`] = { delta: d };
  VARIANTS[`delta ${d}, no cut-off`] = { delta: d, cutoff: 0 };
}
for (const w of [0.1, 0.25, 0.5, 1]) {
  VARIANTS[`surface ${w}`] = { surface: w };
  VARIANTS[`surface ${w}, no cut-off`] = { surface: w, cutoff: 0 };
}
VARIANTS.matched = { matched: { cutOnBase: false } };
VARIANTS['matched, cut on base'] = { matched: { cutOnBase: true } };
VARIANTS['matched, no cut-off'] = { matched: { cutOnBase: false }, cutoff: 0 };
VARIANTS['matched delta 0.5'] = { matched: { cutOnBase: false }, delta: 0.5 };
VARIANTS['matched delta 0.5, cut on base'] = { matched: { cutOnBase: true }, delta: 0.5 };
// MiniSearch's scoring (BM25+ with b 0.7 per field, d 0.5, × query words matched, no trigrams) on
// memcue's stems and pool: whether its lead on held-out agent queries is its scoring or its matching.
const MINI_SCORING: Variant = { ranking: { b: 0.7, gramWeight: 0, columnB: [0.7, 0.7] }, delta: 0.5, matched: { cutOnBase: false } };
VARIANTS['minisearch scoring'] = MINI_SCORING;
VARIANTS['minisearch scoring, no cut-off'] = { ...MINI_SCORING, cutoff: 0 };
VARIANTS['minisearch scoring, cut on base'] = { ...MINI_SCORING, matched: { cutOnBase: true } };
VARIANTS['minisearch scoring, grams'] = { ...MINI_SCORING, ranking: { ...MINI_SCORING.ranking, gramWeight: 0.1 } };
for (const w of [0.25, 0.5, 1, 2, 4, 100]) {
  VARIANTS[`coverage ${w}`] = { coverage: w };
  VARIANTS[`coverage ${w}, no cut-off`] = { coverage: w, cutoff: 0 };
  VARIANTS[`early ${w}`] = { early: { w, share: 1 } };
  VARIANTS[`early ${w}, no cut-off`] = { early: { w, share: 1 }, cutoff: 0 };
}
for (const w of [0.25, 0.5, 1]) for (const share of [0.02, 0.05, 0.1, 0.2]) {
  VARIANTS[`early ${w} under ${share}`] = { early: { w, share } };
  VARIANTS[`early ${w} under ${share}, no cut-off`] = { early: { w, share }, cutoff: 0 };
}
for (const c of [0.25, 0.5, 1]) for (const w of [0.25, 0.5]) {
  VARIANTS[`coverage ${c} early ${w}`] = { coverage: c, early: { w, share: 1 } };
  VARIANTS[`coverage ${c} early ${w}, no cut-off`] = { coverage: c, early: { w, share: 1 }, cutoff: 0 };
}
// 30: the cut-off and the limit with the candidates above: where each stands at about 3 results.
const KEYWORDS_ONCE: Variant = { ranking: { columnWeights: [1, 1, 1], columnCaps: [Infinity, Infinity, 1] } };
// The pattern of the best random settings (LAB_RANDOM): keywords once, k1 0.6, b 0, subject-first weights.
const RANDOM_BEST: Variant = { ranking: { k1: 0.6, b: 0, columnCaps: [Infinity, 1] }, position: 0.1 };
VARIANTS['random best'] = RANDOM_BEST;
VARIANTS['random best, no position'] = { ranking: RANDOM_BEST.ranking };
for (const [base, v] of [['shipped', {}], ['keywords once', KEYWORDS_ONCE], ['random best', RANDOM_BEST]] as const) {
  for (const cutoff of [0.4, 0.5, 0.55, 0.65, 0.7]) VARIANTS[`${base}, cut-off ${cutoff}`] = { ...v, cutoff };
  for (const limit of [3, 4]) for (const cutoff of [0, 0.5]) VARIANTS[`${base}, limit ${limit} cut-off ${cutoff}`] = { ...v, limit, cutoff };
}

// LAB_RANDOM=n: n random settings of every knob above, to see how far any of them gets on the split
// itself (an optimistic ceiling: the best of many is chosen on the very questions it is judged on).
let seed = 1;
const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
for (let n = 0; n < Number(process.env.LAB_RANDOM ?? 0); n++) {
  VARIANTS[`random #${n}`] = {
    ranking: {
      k1: pick([0.6, 0.9, 1.2, 1.6, 2]),
      b: pick([0, 0.1, 0.3, 0.5, 0.75]),
      gramWeight: pick([0, 0.05, 0.1, 0.2]),
      columnWeights: [1, 1, pick([0.3, 0.5, 0.7, 1])],
      columnCaps: [pick([1, Infinity]), Infinity, pick([1, Infinity])],
      diminish: pick([0, 0, 0.5]),
    },
    pool: pick([20, 30, 30, 60]),
    cutoff: 0,
    names: pick([0, 0, 0.5, 1]),
    position: pick([0, 0, 0.1]),
    ftsMix: pick([0, 0, 0.2, 0.5]),
  };
}
