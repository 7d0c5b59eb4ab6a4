// Clusters of similar facts, found locally with the search index itself: each fact's own text (and
// translation) is the query, BM25 over the stemmed terms within the fact's scope gives the
// candidates, and those sharing enough of its weighted terms are its neighbours. No model call; the
// model only judges the clusters.
import type { Fact } from '../facts/facts.js';
import type { Store } from '../store/store.js';
import { search } from '../search/search.js';
import { TermWeights } from './similarity.js';

export const MIN_CLUSTER = 2;
export const MAX_CLUSTER = 8;
/** Weighted share of terms two facts must have in common to be neighbours (see similarity.ts). */
export const NEIGHBOUR_SIMILARITY = 0.5;
/** How many BM25 hits to look at per fact: enough for a full cluster after skipping taken facts. */
const CANDIDATES = 16;

/**
 * Groups `facts` into clusters of 2–8, each fact in at most one. Seeds are visited oldest first (ties by
 * id) and neighbours taken most similar first (ties by id), so the same database gives the same
 * clusters; facts in `notSeeds` (already reviewed) join a cluster only as a neighbour of a fact that
 * is due. `enough`: asked after each new cluster; true stops the search there (each seed costs a
 * search: a batch that is full needs no more, however big the memory).
 */
export function findClusters(store: Store, facts: readonly Fact[], notSeeds: ReadonlySet<string>, onSeed?: () => void, enough?: (clusters: Fact[][]) => boolean): Fact[][] {
  const byId = new Map(facts.map((f) => [f.id, f]));
  const weights = new TermWeights(facts);
  const taken = new Set<string>();
  const clusters: Fact[][] = [];
  for (const seed of [...facts].sort(oldestFirst)) {
    onSeed?.();
    if (taken.has(seed.id) || notSeeds.has(seed.id)) continue;
    const hits = search(store, `${seed.text} ${seed.translation}`, { scopes: [seed.scope], limit: CANDIDATES, cutoff: 0 });
    const neighbours = hits
      .filter((h) => h.id !== seed.id && !taken.has(h.id) && byId.has(h.id))
      .map((h) => ({ fact: byId.get(h.id)!, similarity: weights.similarity(seed.id, h.id) }))
      .filter((n) => n.similarity >= NEIGHBOUR_SIMILARITY)
      .sort((a, b) => b.similarity - a.similarity || (a.fact.id < b.fact.id ? -1 : 1))
      .slice(0, MAX_CLUSTER - 1)
      .map((n) => n.fact);
    if (neighbours.length + 1 < MIN_CLUSTER) continue;
    const cluster = [seed, ...neighbours];
    for (const f of cluster) taken.add(f.id);
    clusters.push(cluster);
    if (enough?.(clusters)) break;
  }
  return clusters;
}

export function oldestFirst(a: Fact, b: Fact): number {
  return a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
