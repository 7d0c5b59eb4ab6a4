// Experiments 26– (bench/RESULTS.md): the re-ranker on the real index, with keywords. Each part's
// facts go into a real memcue database (as `memcue eval` loads them); each question's FTS5 pool is
// read once with the shipped pool statement's order, deeper than search() reads it, and then every
// variant re-scores its first `pool` candidates with src/search/rerank.ts's own `rescore`. So the
// `shipped` row is `memcue eval`'s figure, and a variant is a change of `Ranking`, the pool's size,
// the limit or the cut-off.
// `npx bun bench/pool-lab.ts [variant...]`; LAB_STYLE=agent+keywords, agent or raw (the default);
// LAB_SPLIT, LAB_DIFF as in bench/lab-runner.ts. `recall` prints how often a relevant fact is in
// FTS5's first 5 / 30 / 60 / 100 / all matches: the ceiling of any re-ranking of that pool.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFacts, type EvalQuery } from '../src/eval/dataset.js';
import { loadFacts } from '../src/eval/run.js';
import { itemExpression, queryItems, type QueryItem } from '../src/search/query.js';
import { occurrencesIn, RANKING, rescore, type Candidate, type ItemStats, type Ranking } from '../src/search/rerank.js';
import { itemStats } from '../src/search/search.js';
import { withStore } from '../src/store/store.js';
import { readHidden } from '../src/text/hidden-index.js';
import { indexText } from '../src/text/tokenize.js';
import { runLab } from './lab-runner.js';

interface Variant {
  ranking?: Partial<Ranking>;
  /** Candidates re-scored (search() takes POOL_SIZE, 30). */
  pool?: number;
  limit?: number;
  cutoff?: number;
  /** Score each item × 1 / (1 + w · Σ share of its pool matches another item also matches): synonyms are one concept. */
  overlap?: number;
}

/** What a question's pool holds, read once; `columns` are text, translation, keywords (the index has the last two in one). */
interface Pool {
  items: QueryItem[];
  stats: ItemStats;
  ids: string[];
  candidates: Candidate[];
  /** Matches in the whole index. */
  matches: number;
}

const DEEPEST = 200;
const split = (indexed: string) => indexed.split(' ').filter(Boolean);

/** The index-only column's terms cut into the translation's (with the marker) and the keywords'. */
function hiddenColumns(hidden: string, indexed: string[]): [string[], string[]] {
  const keywords = readHidden(hidden).keywords;
  const k = keywords.length ? split(indexText(keywords.join(', '))).length : 0;
  return [indexed.slice(0, indexed.length - k), indexed.slice(indexed.length - k)];
}

function readPool(store: Parameters<typeof itemStats>[0], text: string, toSetId: Map<string, string>): Pool {
  const items = queryItems(text);
  if (!items.length) return { items, stats: { facts: 0, matching: [] }, ids: [], candidates: [], matches: 0 };
  const match = items.map(itemExpression).join(' OR ');
  // search.ts's pool statement and order (no filter, no preferred scope).
  const rows = store.db.all(
    `SELECT f.id, f.text, f.translation, i.c0 AS index_terms, i.c1 AS index_translation
     FROM (SELECT rowid AS row, bm25(fact_index) AS bm FROM fact_index WHERE fact_index MATCH ?) pool
     JOIN facts f ON f.rowid = pool.row JOIN fact_index_content i ON i.id = pool.row
     ORDER BY round(pool.bm, 6), f.created_at DESC LIMIT ?`,
    [match, DEEPEST],
  );
  const matches = Number(store.db.get('SELECT count(*) AS n FROM fact_index WHERE fact_index MATCH ?', [match])!.n);
  return {
    items,
    stats: itemStats(store, items),
    ids: rows.map((r) => toSetId.get(String(r.id))!),
    candidates: rows.map((r) => ({
      columns: [split(String(r.index_terms)), ...hiddenColumns(String(r.translation), split(String(r.index_translation)))],
      text: `${r.text} ${r.translation}`,
    })),
    matches,
  };
}

/** Item weights from how much each item's matches in the pool are also another item's. */
function overlapWeights(items: QueryItem[], candidates: Candidate[], w: number): number[] {
  const held = items.map((item) => candidates.map((c) => occurrencesIn(item, c) > 0));
  return held.map((mine, k) => {
    const n = mine.filter(Boolean).length;
    if (!n) return 1;
    const shared = held.reduce((s, other, j) => (j === k ? s : s + mine.filter((m, i) => m && other[i]).length / n), 0);
    return 1 / (1 + w * shared);
  });
}

function answer(pool: Pool, query: string, v: Variant): string[] {
  const n = Math.min(v.pool ?? 30, pool.candidates.length);
  if (!n) return [];
  const candidates = pool.candidates.slice(0, n);
  // Two columns as the index has them unless a variant weighs keywords on their own.
  const ranking = { ...RANKING, ...v.ranking };
  const threeColumns = ranking.columnWeights.length > 2 || ranking.columnCaps.length > 2;
  const used = threeColumns ? candidates : candidates.map((c) => ({ ...c, columns: [c.columns[0]!, [...c.columns[1]!, ...c.columns[2]!]] }));
  let items = pool.items;
  let stats = pool.stats;
  let scores: number[];
  if (v.overlap) {
    const weights = overlapWeights(items, used, v.overlap);
    scores = used.map(() => 0);
    // Each item scored alone and weighted: rescore's word score is a sum over items.
    items.forEach((item, k) => {
      const one = rescore(query, [item], { facts: stats.facts, matching: [stats.matching[k]!] }, used, { ...ranking, gramWeight: 0, diminish: 0 });
      one.forEach((s, i) => (scores[i]! += weights[k]! * s));
    });
    const grams = rescore(query, [], { facts: stats.facts, matching: [] }, used, ranking);
    grams.forEach((s, i) => (scores[i]! += s));
  } else scores = rescore(query, items, stats, used, ranking);
  const order = scores.map((s, i) => ({ s, i })).sort((a, b) => b.s - a.s || a.i - b.i).slice(0, v.limit ?? 5);
  const best = order[0]?.s ?? 0;
  return order.filter((o) => o.s >= best * (v.cutoff ?? 0.6)).map((o) => pool.ids[o.i]!);
}

const VARIANTS: Record<string, Variant> = {
  shipped: {},
  'no cut-off': { cutoff: 0 },
  // 26: the index-only column (translation + keywords) against the text
  'hidden 0.3': { ranking: { columnWeights: [1, 0.3] } },
  'hidden 0.5': { ranking: { columnWeights: [1, 0.5] } },
  'hidden 0.7': { ranking: { columnWeights: [1, 0.7] } },
  'hidden once': { ranking: { columnCaps: [Infinity, 1] } },
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
};

function recall(pools: Map<string, Pool>, judged: EvalQuery[]): void {
  const depths = [5, 30, 60, 100, DEEPEST];
  const within = (q: EvalQuery, d: number) => pools.get(q.id)!.ids.slice(0, d).some((id) => q.relevant.has(id));
  const share = (d: number) => (judged.filter((q) => within(q, d)).length / judged.length).toFixed(3);
  const deeper = judged.filter((q) => pools.get(q.id)!.matches > DEEPEST).length;
  console.log(`  recall@${depths.join(' / ')}: ${depths.map(share).join(' / ')}; ${deeper} of ${judged.length} questions match more than ${DEEPEST} facts`);
}

const chosen = process.argv.length > 2 ? process.argv.slice(2).filter((a) => a !== 'recall') : Object.keys(VARIANTS);
for (const name of chosen) if (!VARIANTS[name]) throw new Error(`no variant "${name}"`);
const work = mkdtempSync(join(tmpdir(), 'memcue-pool-lab-'));
try {
  await runLab(chosen, async (part, judged) => {
    const facts = parseFacts(part.facts);
    const pools = await withStore(join(work, `${part.name}-${part.style}.db`), true, (store) => {
      const external = loadFacts(store!, facts, 'bench');
      return new Map(judged.map((q) => [q.id, readPool(store!, q.text, external)]));
    });
    if (process.argv.includes('recall')) {
      console.log(`${part.dataset} ${part.name}`);
      recall(pools, judged);
    }
    return (name, query) => answer(pools.get(query.id)!, query.text, VARIANTS[name]!);
  });
} finally {
  rmSync(work, { recursive: true, force: true });
}
