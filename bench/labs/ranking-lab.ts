// Ranking experiments (bench/RESULTS.md, 19–21): BM25 re-implemented in JS over every fact of a set,
// so that IDF, k1, b, extra signals and the cut-off can be varied. `base` reproduces FTS5's bm25()
// ranking of the shipped query exactly (same figures as `memcue eval` before the re-ranker).
// `npx bun bench/labs/ranking-lab.ts [variant...]` (LAB_SPLIT, LAB_DIFF: bench/labs/lab-runner.ts).
import { parseFacts } from '../../src/eval/dataset.js';
import { queryItems, type QueryItem } from '../../src/search/query.js';
import { occurrences, trigrams } from '../../src/search/rerank.js';
import { fold, indexText, stemWord } from '../../src/text/tokenize.js';
import { runLab } from './lab-runner.js';

interface Doc {
  id: string;
  text: string;
  terms: string[];
  order: number;
}

interface Variant {
  idf?: 'fts' | 'lucene';
  k1?: number;
  b?: number;
  limit?: number;
  cutoff?: number;
  /** Score × (1 + w · share of the query's capitalised words (names) the fact holds). */
  names?: { weight: number; script: 'latin' | 'any' };
  /** A query term no fact holds is replaced by the index terms one or two edits away. */
  typos?: boolean;
  /** Plus w × the best score of a fact within `k` positions (facts written together are related). */
  neighbours?: { weight: number; k: number };
  /** Drop results under this share of the query's ideal score. */
  floor?: number;
  /** Plus w × trigram BM25 of the query's content words; `pool` restricts everything to FTS5's top n (what shipped). */
  grams?: { weight: number; pool?: number; statsFromPool?: boolean; wordIdfFromPool?: boolean };
  /** Score × (1 + w · share of the query's IDF mass the fact matches), inside the candidates. */
  coverage?: number;
  /** Plus w × IDF-weighted pairs of query terms within `window` terms of each other. */
  proximity?: { weight: number; window: number };
  /** Cut-off from `low` (the best fact holds little of the query's IDF) to `high` (it holds all of it). */
  adaptive?: { low: number; high: number };
  /** Word IDF raised to this power: rare words (names, key terms) outweigh many common synonyms. */
  idfPower?: number;
  /** Each matched item adds at most this share of the query's total IDF (a flood of weak synonyms saturates). */
  itemCap?: number;
}

const quantise = (x: number) => Math.round(x * 1e6);

function idf(v: Variant, facts: number, matching: number): number {
  if (v.idf === 'lucene') return Math.log(1 + (facts - matching + 0.5) / (matching + 0.5));
  const x = Math.log((facts - matching + 0.5) / (matching + 0.5));
  return x <= 0 ? 1e-6 : x; // FTS5's floor
}

function bm25(items: QueryItem[], docs: Doc[], v: Variant, statsDocs: Doc[], facts: number, matchingOf: (i: number) => number): number[] {
  const k1 = v.k1 ?? 1.2;
  const b = v.b ?? 0.75;
  const avg = statsDocs.reduce((s, d) => s + d.terms.length, 0) / Math.max(1, statsDocs.length);
  const weights = items.map((_, i) => idf(v, facts, matchingOf(i)) ** (v.idfPower ?? 1));
  return docs.map((d) => {
    let score = 0;
    items.forEach((item, i) => {
      const tf = occurrences(item, d.terms);
      if (tf) score += (weights[i]! * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * d.terms.length) / avg));
    });
    return score;
  });
}

function gramScores(query: string, docs: Doc[], statsDocs: Doc[]): number[] {
  const wanted = [...new Set(trigrams(query, true))];
  const count = (d: Doc) => {
    const all = trigrams(d.text, false);
    const tf = new Map<string, number>();
    for (const g of all) tf.set(g, (tf.get(g) ?? 0) + 1);
    return { tf, length: all.length };
  };
  const stats = statsDocs.map(count);
  const avg = stats.reduce((s, x) => s + x.length, 0) / Math.max(1, stats.length);
  const weights = wanted.map((g) => {
    const n = stats.filter((x) => x.tf.has(g)).length;
    return Math.log(1 + (stats.length - n + 0.5) / (n + 0.5));
  });
  return docs.map((d) => {
    const { tf, length } = count(d);
    return wanted.reduce((s, g, k) => {
      const f = tf.get(g) ?? 0;
      return f ? s + (weights[k]! * f * 2.2) / (f + 1.2 * (0.25 + (0.75 * length) / avg)) : s;
    }, 0);
  });
}

function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      let x = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) x = Math.min(x, d[i - 2]![j - 2]! + 1);
      d[i]![j] = x;
    }
  }
  return d[a.length]![b.length]!;
}

function withTypoFixes(items: QueryItem[], vocabulary: Set<string>): QueryItem[] {
  return items.flatMap((item) => {
    const [term] = item.terms;
    if (item.terms.length > 1 || vocabulary.has(term!) || !/^[a-z]{5,}$/.test(term!)) return [item];
    const max = term!.length >= 8 ? 2 : 1;
    const fixes = [...vocabulary].filter((t) => t[0] === term![0] && /^[a-z]+$/.test(t) && Math.abs(t.length - term!.length) <= max && editDistance(term!, t) <= max);
    return [item, ...fixes.slice(0, 3).map((t) => ({ terms: [t], prefix: false }))];
  });
}

function rank(query: string, docs: Doc[], vocabulary: Set<string>, v: Variant): Doc[] {
  let items = queryItems(query);
  if (items.length === 0) return [];
  if (v.typos) items = withTypoFixes(items, vocabulary);
  const matches = items.map((item) => docs.map((d) => occurrences(item, d.terms) > 0));
  const matchingOf = (i: number) => matches[i]!.filter(Boolean).length;
  const matched = docs.map((_, di) => matches.some((m) => m[di]));
  let scores = bm25(items, docs, v, docs, docs.length, matchingOf);
  let candidates = docs.map((_, i) => i).filter((i) => matched[i]);
  if (v.grams?.pool) {
    // FTS5's order first (FTS5 IDF, b 0.75, newest first on ties), then re-score the top n only.
    const fts = bm25(items, docs, {}, docs, docs.length, matchingOf);
    candidates = candidates.sort((a, b) => quantise(fts[b]!) - quantise(fts[a]!) || b - a).slice(0, v.grams.pool);
    if (v.grams.statsFromPool) {
      const pool = candidates.map((i) => docs[i]!);
      const poolScores = v.grams.wordIdfFromPool
        ? bm25(items, pool, v, pool, pool.length, (i) => pool.filter((d) => occurrences(items[i]!, d.terms) > 0).length)
        : bm25(items, pool, v, pool, docs.length, matchingOf);
      candidates.forEach((i, k) => (scores[i] = poolScores[k]!));
    }
  }
  if (v.grams) {
    const pool = candidates.map((i) => docs[i]!);
    const grams = gramScores(query, pool, v.grams.statsFromPool ? pool : docs);
    candidates.forEach((i, k) => (scores[i] = scores[i]! + v.grams!.weight * grams[k]!));
  }
  if (v.coverage || v.proximity) {
    const weights = items.map((_, i) => idf({ idf: 'lucene' }, docs.length, matchingOf(i)));
    const total = weights.reduce((a, b) => a + b, 0);
    for (const i of candidates) {
      const d = docs[i]!;
      const held = items.map((item) => occurrences(item, d.terms) > 0);
      if (v.coverage) scores[i] = scores[i]! * (1 + (v.coverage * items.reduce((s, _, k) => s + (held[k] ? weights[k]! : 0), 0)) / total);
      if (v.proximity) {
        const positions = items.map((item) => d.terms.flatMap((t, p) => (t === item.terms[0] || (item.prefix && t.startsWith(item.terms[0]!)) ? [p] : [])));
        let bonus = 0;
        for (let a = 0; a < items.length; a++) for (let b = a + 1; b < items.length; b++) {
          if (!positions[a]!.length || !positions[b]!.length) continue;
          const near = positions[a]!.some((p) => positions[b]!.some((q) => Math.abs(p - q) <= v.proximity!.window));
          if (near) bonus += Math.min(weights[a]!, weights[b]!);
        }
        scores[i] = scores[i]! + v.proximity.weight * bonus;
      }
    }
  }
  if (v.names) {
    const pattern = v.names.script === 'latin' ? /(?<=\S\s+)[A-Z][a-z]+/g : /(?<=\S\s+)\p{Lu}\p{Ll}+/gu;
    const names = new Set((query.match(pattern) ?? []).map((w) => stemWord(fold(w))));
    const nameItems = items.filter((item) => item.terms.length === 1 && names.has(item.terms[0]!));
    if (nameItems.length) {
      scores = scores.map((s, i) => s * (1 + (v.names!.weight * nameItems.filter((item) => docs[i]!.terms.includes(item.terms[0]!)).length) / nameItems.length));
    }
  }
  if (v.neighbours) {
    const { weight, k } = v.neighbours;
    const own = [...scores];
    scores = own.map((s, i) => {
      let best = 0;
      for (let j = Math.max(0, i - k); j <= Math.min(own.length - 1, i + k); j++) if (j !== i && matched[j]) best = Math.max(best, own[j]!);
      return s + weight * best;
    });
    candidates = docs.map((_, i) => i).filter((i) => scores[i]! > 0);
  }
  if (v.floor) {
    const ideal = items.reduce((s, _, i) => s + (matchingOf(i) ? idf(v, docs.length, matchingOf(i)) : 0), 0);
    candidates = candidates.filter((i) => scores[i]! >= v.floor! * ideal);
  }
  const ranked = candidates.sort((a, b) => quantise(scores[b]!) - quantise(scores[a]!) || b - a).slice(0, v.limit ?? 5);
  const best = scores[ranked[0]!] ?? 0;
  let cutoff = v.cutoff ?? 0.6;
  if (v.adaptive && ranked.length) {
    const weights = items.map((_, i) => idf({ idf: 'lucene' }, docs.length, matchingOf(i)));
    const total = weights.reduce((a, b) => a + b, 0);
    const top = docs[ranked[0]!]!;
    const share = items.reduce((s, item, k) => s + (occurrences(item, top.terms) > 0 ? weights[k]! : 0), 0) / total;
    cutoff = v.adaptive.low + (v.adaptive.high - v.adaptive.low) * share;
  }
  return ranked.filter((i) => scores[i]! >= best * cutoff).map((i) => docs[i]!);
}

const SHIPPED: Variant = { idf: 'lucene', b: 0.3, grams: { weight: 0.1, pool: 30, statsFromPool: true } };

const VARIANTS: Record<string, Variant> = {
  base: {},
  'no cut-off': { cutoff: 0 },
  // 19: the word score
  lucene: { idf: 'lucene' },
  'lucene k1 1.2 b 0.3': { idf: 'lucene', b: 0.3 },
  'lucene k1 1.5 b 0.3': { idf: 'lucene', k1: 1.5, b: 0.3 },
  'lucene k1 0.9 b 0.3': { idf: 'lucene', k1: 0.9, b: 0.3 },
  'lucene b 0.5': { idf: 'lucene', b: 0.5 },
  'fts b 0.3': { b: 0.3 },
  'names ×1.5 (latin)': { names: { weight: 0.5, script: 'latin' } },
  'names ×2 (latin)': { names: { weight: 1, script: 'latin' } },
  'lucene b 0.3 names ×2 (latin)': { idf: 'lucene', b: 0.3, names: { weight: 1, script: 'latin' } },
  'lucene b 0.3 names ×2 (any) c 0.55': { idf: 'lucene', b: 0.3, names: { weight: 1, script: 'any' }, cutoff: 0.55 },
  'typo fixes': { typos: true },
  'neighbours 0.2 ±1': { neighbours: { weight: 0.2, k: 1 } },
  'neighbours 0.1 ±4': { neighbours: { weight: 0.1, k: 4 } },
  'floor 0.2 c 0.5': { floor: 0.2, cutoff: 0.5 },
  'floor 0.3 c 0.6': { floor: 0.3 },
  // 20: trigrams, collection statistics
  'grams 0.05': { grams: { weight: 0.05 } },
  'grams 0.1': { grams: { weight: 0.1 } },
  'grams 0.2': { grams: { weight: 0.2 } },
  'grams 0.1 lucene b 0.3': { idf: 'lucene', b: 0.3, grams: { weight: 0.1 } },
  // 21: what can be shipped: FTS5's top n re-scored, statistics from the pool (except word IDF)
  'pool 50 exact stats': { idf: 'lucene', b: 0.3, grams: { weight: 0.1, pool: 50 } },
  'pool 50 pool stats': { idf: 'lucene', b: 0.3, grams: { weight: 0.1, pool: 50, statsFromPool: true } },
  'pool 30 pool stats (shipped)': { idf: 'lucene', b: 0.3, grams: { weight: 0.1, pool: 30, statsFromPool: true } },
  'pool 30 all stats from the pool': { idf: 'lucene', b: 0.3, grams: { weight: 0.1, pool: 30, statsFromPool: true, wordIdfFromPool: true } },
  'pool 30 no cut-off': { idf: 'lucene', b: 0.3, cutoff: 0, grams: { weight: 0.1, pool: 30, statsFromPool: true } },
  'shipped + coverage 0.5': { idf: 'lucene', b: 0.3, grams: { weight: 0.1, pool: 30, statsFromPool: true }, coverage: 0.5 },
  'shipped + coverage 1': { idf: 'lucene', b: 0.3, grams: { weight: 0.1, pool: 30, statsFromPool: true }, coverage: 1 },
  'shipped + proximity 0.2 w3': { idf: 'lucene', b: 0.3, grams: { weight: 0.1, pool: 30, statsFromPool: true }, proximity: { weight: 0.2, window: 3 } },
  'shipped + proximity 0.5 w3': { idf: 'lucene', b: 0.3, grams: { weight: 0.1, pool: 30, statsFromPool: true }, proximity: { weight: 0.5, window: 3 } },
  'shipped + proximity 0.3 w6': { idf: 'lucene', b: 0.3, grams: { weight: 0.1, pool: 30, statsFromPool: true }, proximity: { weight: 0.3, window: 6 } },
  'shipped + coverage 1, cut-off 0.5': { idf: 'lucene', b: 0.3, grams: { weight: 0.1, pool: 30, statsFromPool: true }, coverage: 1, cutoff: 0.5 },
  'shipped + coverage 0.5, cut-off 0.55': { idf: 'lucene', b: 0.3, grams: { weight: 0.1, pool: 30, statsFromPool: true }, coverage: 0.5, cutoff: 0.55 },
  'shipped + coverage 1, cut-off 0.55': { idf: 'lucene', b: 0.3, grams: { weight: 0.1, pool: 30, statsFromPool: true }, coverage: 1, cutoff: 0.55 },
  'shipped + proximity 0.2 w3, cut-off 0.55': { idf: 'lucene', b: 0.3, grams: { weight: 0.1, pool: 30, statsFromPool: true }, proximity: { weight: 0.2, window: 3 }, cutoff: 0.55 },
  'shipped, cut-off 0.55': { idf: 'lucene', b: 0.3, grams: { weight: 0.1, pool: 30, statsFromPool: true }, cutoff: 0.55 },
  'shipped, cut-off 0.5': { idf: 'lucene', b: 0.3, grams: { weight: 0.1, pool: 30, statsFromPool: true }, cutoff: 0.5 },
  'shipped, limit 3, no cut-off': { idf: 'lucene', b: 0.3, grams: { weight: 0.1, pool: 30, statsFromPool: true }, limit: 3, cutoff: 0 },
  'shipped, limit 4, cut-off 0.6': { idf: 'lucene', b: 0.3, grams: { weight: 0.1, pool: 30, statsFromPool: true }, limit: 4 },
  'shipped, limit 4, cut-off 0.5': { idf: 'lucene', b: 0.3, grams: { weight: 0.1, pool: 30, statsFromPool: true }, limit: 4, cutoff: 0.5 },
  'shipped, limit 3, cut-off 0.5': { idf: 'lucene', b: 0.3, grams: { weight: 0.1, pool: 30, statsFromPool: true }, limit: 3, cutoff: 0.5 },
  'shipped, cut-off 0.65': { idf: 'lucene', b: 0.3, grams: { weight: 0.1, pool: 30, statsFromPool: true }, cutoff: 0.65 },
  'shipped, adaptive 0.4–0.8': { idf: 'lucene', b: 0.3, grams: { weight: 0.1, pool: 30, statsFromPool: true }, adaptive: { low: 0.4, high: 0.8 } },
  'shipped, adaptive 0.5–0.7': { idf: 'lucene', b: 0.3, grams: { weight: 0.1, pool: 30, statsFromPool: true }, adaptive: { low: 0.5, high: 0.7 } },
  'shipped, adaptive 0.45–0.75': { idf: 'lucene', b: 0.3, grams: { weight: 0.1, pool: 30, statsFromPool: true }, adaptive: { low: 0.45, high: 0.75 } },
  'shipped, adaptive 0.3–0.9': { idf: 'lucene', b: 0.3, grams: { weight: 0.1, pool: 30, statsFromPool: true }, adaptive: { low: 0.3, high: 0.9 } },
  'shipped, adaptive 0.8–0.4': { idf: 'lucene', b: 0.3, grams: { weight: 0.1, pool: 30, statsFromPool: true }, adaptive: { low: 0.8, high: 0.4 } },
  'pool 20 pool stats': { idf: 'lucene', b: 0.3, grams: { weight: 0.1, pool: 20, statsFromPool: true } },
  // 23: agent-written queries (LAB_STYLE=agent): long OR-ed lists of synonyms
  'shipped, idf^1.5': { ...SHIPPED, idfPower: 1.5 },
  'shipped, idf^2': { ...SHIPPED, idfPower: 2 },
  'shipped, idf^1.5 limit 3': { ...SHIPPED, idfPower: 1.5, limit: 3 },
  'shipped, names ×2 (any)': { ...SHIPPED, names: { weight: 1, script: 'any' } },
  'shipped, names ×1.5 (any)': { ...SHIPPED, names: { weight: 0.5, script: 'any' } },
  'shipped, coverage 1': { ...SHIPPED, coverage: 1 },
  'shipped, idf^1.5 names ×1.5': { ...SHIPPED, idfPower: 1.5, names: { weight: 0.5, script: 'any' } },
  'shipped, k1 0.6': { ...SHIPPED, k1: 0.6 },
  'shipped, k1 0.6 idf^1.5': { ...SHIPPED, k1: 0.6, idfPower: 1.5 },
  'shipped, limit 3': { ...SHIPPED, limit: 3 },
  'shipped, cut-off 0.7': { ...SHIPPED, cutoff: 0.7 },
};

const chosen = process.argv.length > 2 ? process.argv.slice(2) : Object.keys(VARIANTS);
for (const name of chosen) if (!VARIANTS[name]) throw new Error(`no variant "${name}"`);
await runLab(chosen, (part) => {
  const docs: Doc[] = parseFacts(part.facts).map((f, order) => ({ id: f.id, text: f.text, terms: indexText(f.text).split(' ').filter(Boolean), order }));
  const vocabulary = new Set(docs.flatMap((d) => d.terms));
  return (name, query) => rank(query.text, docs, vocabulary, VARIANTS[name]!).map((d) => d.id);
});
