// Experiments 26– (bench/RESULTS.md): the re-ranker on the real index, with keywords. Each part's
// facts go into a real memcue database (as `memcue eval` loads them); each question's FTS5 pool is
// read once with the shipped pool statement's order, deeper than search() reads it, and then every
// variant re-scores its first `pool` candidates with src/search/rerank.ts's own `rescore`. So the
// `shipped` row is `memcue eval`'s figure, and a variant is a change of `Ranking`, the pool's size,
// the limit or the cut-off.
// `npx bun bench/labs/pool-lab.ts [variant...]`; LAB_STYLE=agent+keywords, agent or raw (the default);
// LAB_SPLIT, LAB_DIFF as in bench/labs/lab-runner.ts. `recall` prints how often a relevant fact is in
// FTS5's first 5 / 30 / 60 / 100 / 200 matches: the ceiling of any re-ranking of that pool.
// LAB_RANKS=variant and LAB_MISSES=variant print where the relevant facts end up and what beat them;
// LAB_RANDOM=n adds n random settings (bench/labs/pool-variants.ts); LAB_PREFIX_MIN=n lets shorter query
// words match as prefixes (45).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFacts, type EvalFact, type EvalQuery } from '../../src/eval/dataset.js';
import { loadFacts } from '../../src/eval/run.js';
import { expandItems } from '../../src/search/expand.js';
import { itemExpression, queryItems, type QueryItem } from '../../src/search/query.js';
import { occurrencesIn, RANKING, rescore, type Candidate, type ItemStats, type Ranking } from '../../src/search/rerank.js';
import { itemStats } from '../../src/search/search.js';
import { withStore } from '../../src/store/store.js';
import { sqliteVocabulary } from '../../src/search/sqlite-vocabulary.js';
import { readHidden } from '../../src/text/hidden-index.js';
import { fold, indexTerms, stemWord } from '../../src/text/tokenize.js';
import { runBaseline } from '../fts-baseline.js';
import { peerIndex, type Peer } from '../peers.js';
import { runLab } from './lab-runner.js';
import { deltaScores, diverse, earlyScores, overlapWeights, surfaceScores, wordsHeld } from './pool-signals.js';
import { VARIANTS, type Variant } from './pool-variants.js';

/** What a question's pool holds, read once; `columns` are text, translation, keywords (the index has the last two in one). */
interface Pool {
  items: QueryItem[];
  stats: ItemStats;
  ids: string[];
  candidates: Candidate[];
  /** Matches in the whole index. */
  matches: number;
  /** FTS5's bm25() of each candidate, negated (higher is better). */
  bm25: number[];
}

const DEEPEST = 200;

/** The index-only column's terms cut into the translation's (with the marker) and the keywords'. */
function hiddenColumns(hidden: string, indexed: string[]): [string[], string[]] {
  const keywords = readHidden(hidden).keywords;
  const k = keywords.length ? indexTerms(keywords.join(', ')).length : 0;
  return [indexed.slice(0, indexed.length - k), indexed.slice(indexed.length - k)];
}

/** LAB_PREFIX_MIN=n: a query's own one-word items of n letters or more also match as a prefix (MiniSearch's `prefix: true`; query.ts: 8). */
function withShorterPrefixes(items: QueryItem[]): QueryItem[] {
  const min = Number(process.env.LAB_PREFIX_MIN ?? 0);
  if (!min) return items;
  return items.map((item) => (item.terms.length === 1 && item.terms[0]!.length >= min && /\p{L}/u.test(item.terms[0]!) ? { ...item, prefix: true } : item));
}

function readPool(store: Parameters<typeof itemStats>[0], text: string, toSetId: Map<string, string>): Pool {
  // The items search() uses: the query's own and what expand.ts adds from the index's vocabulary.
  const items = withShorterPrefixes(expandItems(text, queryItems(text), sqliteVocabulary(store.db)).items);
  if (!items.length) return { items, stats: { facts: 0, matching: [] }, ids: [], candidates: [], matches: 0, bm25: [] };
  const match = items.map(itemExpression).join(' OR ');
  // search.ts's pool statement and order (no filter, no preferred scope).
  const rows = store.db.all(
    `SELECT f.id, f.text, f.translation, pool.bm
     FROM (SELECT rowid AS row, bm25(fact_index) AS bm FROM fact_index WHERE fact_index MATCH ?) pool
     JOIN facts f ON f.rowid = pool.row
     ORDER BY round(pool.bm, 6), f.created_at DESC LIMIT ?`,
    [match, DEEPEST],
  );
  const matches = Number(store.db.get('SELECT count(*) AS n FROM fact_index WHERE fact_index MATCH ?', [match])!.n);
  return {
    items,
    stats: itemStats(store, items),
    ids: rows.map((r) => toSetId.get(String(r.id))!),
    candidates: rows.map((r) => ({
      columns: [indexTerms(String(r.text)), ...hiddenColumns(String(r.translation), indexTerms(String(r.translation)))],
      text: `${r.text} ${r.translation}`,
    })),
    matches,
    bm25: rows.map((r) => -Number(r.bm)),
  };
}

function answer(pool: Pool, query: string, v: Variant): string[] {
  const n = Math.min(v.pool ?? 30, pool.candidates.length);
  if (!n) return [];
  const candidates = pool.candidates.slice(0, n);
  // Two columns as the index has them unless a variant weighs keywords on their own.
  const ranking = { ...RANKING, ...v.ranking };
  const threeColumns = ranking.columnWeights.length > 2 || ranking.columnCaps.length > 2;
  // Without the keyword terms the fact's text already holds (RESULTS 32: 65–84 % of them).
  const fresh = (c: Candidate) => (v.freshKeywords ? { ...c, columns: [c.columns[0]!, c.columns[1]!, c.columns[2]!.filter((t) => !c.columns[0]!.includes(t))] } : c);
  const used = candidates.map(fresh).map((c) => (threeColumns ? c : { ...c, columns: [c.columns[0]!, [...c.columns[1]!, ...c.columns[2]!]] }));
  let items = pool.items;
  let stats = pool.stats;
  let scores: number[];
  if (v.overlap || v.position) {
    const weights = v.overlap ? overlapWeights(items, used, v.overlap) : items.map((_, k) => 1 / (1 + v.position! * k));
    scores = used.map(() => 0);
    // Each item scored alone and weighted: rescore's word score is a sum over items.
    items.forEach((item, k) => {
      const one = rescore(query, [item], { facts: stats.facts, matching: [stats.matching[k]!] }, used, { ...ranking, gramWeight: 0, diminish: 0 });
      one.forEach((s, i) => (scores[i]! += weights[k]! * s));
    });
    const grams = rescore(query, [], { facts: stats.facts, matching: [] }, used, ranking);
    grams.forEach((s, i) => (scores[i]! += s));
  } else if (v.fts) scores = pool.bm25.slice(0, n);
  else scores = rescore(query, items, stats, used, ranking);
  if (v.phrases) {
    const words = items.filter((item) => item.terms.length === 1 && !item.prefix);
    const idf = (item: QueryItem) => Math.log(1 + (stats.facts - stats.matching[items.indexOf(item)]! + 0.5) / (stats.matching[items.indexOf(item)]! + 0.5));
    const pairs = words.slice(1).map((b, k) => ({ phrase: { terms: [words[k]!.terms[0]!, b.terms[0]!], prefix: false }, weight: Math.min(idf(words[k]!), idf(b)) }));
    scores = scores.map((s, i) => s + v.phrases! * pairs.reduce((sum, p) => sum + (occurrencesIn(p.phrase, used[i]!) > 0 ? p.weight : 0), 0));
  }
  if (v.early) scores = earlyScores(query, items, stats, used, ranking, v.early);
  if (v.delta) scores = deltaScores(query, items, stats, used, ranking, v.delta);
  if (v.surface) scores = surfaceScores(query, items, stats, used, ranking, v.surface);
  // The share of the query's words (a word and its spellings one) each candidate holds.
  if (v.coverage) scores = scores.map((s, i) => s * (1 + (v.coverage! * wordsHeld(items, used[i]!)) / wordsHeld(items)));
  // `matched`: × the number of the query's words the fact holds, as MiniSearch multiplies by the query
  // terms matched; `base` is the score before it.
  const base = scores;
  if (v.matched) scores = scores.map((s, i) => s * wordsHeld(items, used[i]!));
  if (v.ftsMix) scores = scores.map((s, i) => s + v.ftsMix! * pool.bm25[i]!);
  if (v.names) {
    const names = new Set((query.match(/\p{Lu}[\p{Ll}\p{Lu}]+/gu) ?? []).map((w) => stemWord(fold(w))));
    const nameItems = items.filter((item) => item.terms.length === 1 && names.has(item.terms[0]!));
    if (nameItems.length) scores = scores.map((s, i) => s * (1 + (v.names! * nameItems.filter((item) => occurrencesIn(item, used[i]!) > 0).length) / nameItems.length));
  }
  let order = scores.map((s, i) => ({ s, i })).sort((a, b) => b.s - a.s || a.i - b.i);
  const best = order[0]?.s ?? 0;
  if (v.diversity) order = diverse(order, used, best, v.diversity, v.limit ?? 5);
  order = order.slice(0, v.limit ?? 5);
  if (v.matched?.cutOnBase) {
    // The cut-off on the score before the multiplier, relative to the best such score among the results.
    const top = Math.max(...order.map((o) => base[o.i]!));
    return order.filter((o) => base[o.i]! >= top * (v.cutoff ?? 0.6)).map((o) => pool.ids[o.i]!);
  }
  return order.filter((o) => o.s >= best * (v.cutoff ?? 0.6)).map((o) => pool.ids[o.i]!);
}

function recall(pools: Map<string, Pool>, judged: EvalQuery[]): void {
  const depths = [5, 30, 60, 100, DEEPEST];
  const within = (q: EvalQuery, d: number) => pools.get(q.id)!.ids.slice(0, d).some((id) => q.relevant.has(id));
  const share = (d: number) => (judged.filter((q) => within(q, d)).length / judged.length).toFixed(3);
  const deeper = judged.filter((q) => pools.get(q.id)!.matches > DEEPEST).length;
  console.log(`  recall@${depths.join(' / ')}: ${depths.map(share).join(' / ')}; ${deeper} of ${judged.length} questions match more than ${DEEPEST} facts`);
}

/** LAB_RANKS=variant: where the first relevant fact ends up after re-scoring (no limit, no cut-off). */
function ranks(pools: Map<string, Pool>, judged: EvalQuery[], v: Variant): void {
  const bins = [1, 2, 3, 5, 10, 20, 30, Infinity];
  const counts = bins.map(() => 0);
  for (const q of judged) {
    const returned = answer(pools.get(q.id)!, q.text, { ...v, limit: Infinity, cutoff: 0 });
    const rank = returned.findIndex((id) => q.relevant.has(id)) + 1 || Infinity;
    counts[bins.findIndex((b) => rank <= b)]!++;
  }
  console.log(`  first relevant at rank ≤ ${bins.join(' / ')}: ${counts.join(' / ')} of ${judged.length}`);
}

/** LAB_MISSES=variant: the questions whose relevant fact is in the pool but not in the results, with what beat it. */
function misses(pools: Map<string, Pool>, judged: EvalQuery[], facts: EvalFact[], v: Variant): void {
  const byId = new Map(facts.map((f) => [f.id, f]));
  const show = (id: string) => `${byId.get(id)!.text} {${readHidden(byId.get(id)!.hidden ?? '').keywords.join(', ')}}`;
  for (const q of judged) {
    const pool = pools.get(q.id)!;
    const returned = answer(pool, q.text, { ...v, cutoff: 0 });
    if (returned.some((id) => q.relevant.has(id))) continue;
    const rank = pool.ids.slice(0, v.pool ?? 30).findIndex((id) => q.relevant.has(id));
    console.log(`\nMISS ${q.id} «${q.text}» relevant at FTS5 rank ${rank < 0 ? '>pool' : rank + 1}`);
    for (const id of q.relevant) console.log(`  want: ${show(id)}`);
    console.log(`  got:  ${show(returned[0]!)}`);
  }
}

/** LAB_VS_PEER=peer: the questions the peer answers and memcue's variant (LAB_VS_VARIANT) does not, or the other way, at the variant's result count, with where each wanted fact stands. */
function vsPeer(pools: Map<string, Pool>, judged: EvalQuery[], facts: EvalFact[], peer: (q: string, n: number) => string[], v: Variant): void {
  const byId = new Map(facts.map((f) => [f.id, f]));
  for (const q of judged) {
    const pool = pools.get(q.id)!;
    const mine = answer(pool, q.text, v);
    const theirs = peer(q.text, v.cutoff === 0 ? 5 : mine.length);
    const hit = (r: string[]) => r.some((id) => q.relevant.has(id));
    if (hit(mine) === hit(theirs)) continue;
    const held = (id: string) => {
      const i = pool.ids.indexOf(id);
      if (i < 0) return 'not in pool';
      const c = pool.candidates[i]!;
      const items = pool.items.filter((item) => occurrencesIn(item, c) > 0).map((item) => item.terms.join(' '));
      return `pool #${i + 1}, holds ${items.length}: ${items.join(',')}`;
    };
    console.log(`\n${hit(theirs) ? 'PEER ONLY' : 'MEMCUE ONLY'} ${q.id} «${q.text}» items: ${pool.items.map((i) => i.terms.join(' ')).join(',')}`);
    for (const id of (hit(theirs) ? theirs : mine).filter((id) => q.relevant.has(id))) console.log(`  want (${held(id)}): ${byId.get(id)!.text}`);
    for (const id of (hit(theirs) ? mine : theirs)) console.log(`  other (${held(id)}): ${byId.get(id)!.text.slice(0, 100)}`);
  }
}

const named = process.argv.slice(2).filter((a) => a !== 'recall');
const chosen = named.length ? [...named, ...Object.keys(VARIANTS).filter((k) => k.startsWith('random #'))] : Object.keys(VARIANTS);
for (const name of chosen) if (!VARIANTS[name]) throw new Error(`no variant "${name}"`);
const work = mkdtempSync(join(tmpdir(), 'memcue-pool-lab-'));
try {
  await runLab(chosen, async (part, judged) => {
    const facts = parseFacts(part.facts);
    const pools = await withStore(join(work, `${part.name}-${part.style}.db`), true, async (store) => {
      const external = await loadFacts(store!, facts, 'bench');
      return new Map(judged.map((q) => [q.id, readPool(store!, q.text, external)]));
    });
    if (process.argv.includes('recall')) {
      console.log(`${part.dataset} ${part.name}`);
      recall(pools, judged);
    }
    if (process.env.LAB_RANKS) ranks(pools, judged, VARIANTS[process.env.LAB_RANKS]!);
    if (process.env.LAB_MISSES) misses(pools, judged, facts, VARIANTS[process.env.LAB_MISSES]!);
    const porter = new Map<number, Map<string, string[]>>();
    for (const cutoff of new Set(chosen.flatMap((name) => VARIANTS[name]!.porter ?? []))) {
      const runs = runBaseline('porter', facts, judged, cutoff);
      porter.set(cutoff, new Map(judged.map((q, i) => [q.id, runs[i]!.returned])));
    }
    const peers = new Map<Peer, ReturnType<typeof peerIndex>>();
    for (const peer of new Set(chosen.flatMap((name) => VARIANTS[name]!.peer ?? []))) peers.set(peer, peerIndex(peer, facts));
    // A peer returns as many facts as memcue's `equalTo` variant does for the same question (LAB_EQUAL, else shipped).
    const equalTo = VARIANTS[process.env.LAB_EQUAL ?? 'shipped']!;
    if (process.env.LAB_VS_PEER) vsPeer(pools, judged, facts, peers.get(process.env.LAB_VS_PEER as Peer)!, VARIANTS[process.env.LAB_VS_VARIANT ?? 'no cut-off']!);
    return (name, query) => {
      const v = VARIANTS[name]!;
      if (v.peer) return peers.get(v.peer)!(query.text, v.limit ?? answer(pools.get(query.id)!, query.text, equalTo).length);
      return v.porter !== undefined ? porter.get(v.porter)!.get(query.id)! : answer(pools.get(query.id)!, query.text, v);
    };
  });
} finally {
  rmSync(work, { recursive: true, force: true });
}
