// Clusters of similar facts, found locally with the search index itself: each fact's own text is the
// query (BM25 over the stemmed text and translation, same scope), and the facts scoring close to the
// fact itself are its neighbours. No model call; the model only judges the clusters.
import type { Fact } from '../store/facts.js';
import type { Store } from '../store/store.js';
import { search } from '../search/search.js';

export const MIN_CLUSTER = 2;
export const MAX_CLUSTER = 8;
/** A neighbour scores at least this share of the fact's score against itself. */
export const NEIGHBOUR_RATIO = 0.5;
/** How many hits to look at per fact: enough for a full cluster after skipping taken facts. */
const CANDIDATES = 16;

/**
 * Groups `facts` into clusters of 2–8, each fact in at most one. Seeds are visited oldest first (ties by
 * id) so the result is the same for the same database; facts in `notSeeds` (already reviewed) join
 * a cluster only as a neighbour of a fact that is due.
 */
export function findClusters(store: Store, facts: readonly Fact[], notSeeds: ReadonlySet<string>, onSeed?: () => void): Fact[][] {
  const byId = new Map(facts.map((f) => [f.id, f]));
  const taken = new Set<string>();
  const clusters: Fact[][] = [];
  for (const seed of [...facts].sort(oldestFirst)) {
    onSeed?.();
    if (taken.has(seed.id) || notSeeds.has(seed.id)) continue;
    const hits = search(store, `${seed.text} ${seed.translation}`, { scopes: [seed.scope], limit: CANDIDATES, cutoff: 0 });
    const self = hits.find((h) => h.id === seed.id)?.score ?? hits[0]?.score ?? 0;
    const neighbours = hits
      .filter((h) => h.id !== seed.id && !taken.has(h.id) && byId.has(h.id) && h.score >= self * NEIGHBOUR_RATIO)
      .slice(0, MAX_CLUSTER - 1)
      .map((h) => byId.get(h.id)!);
    if (neighbours.length + 1 < MIN_CLUSTER) continue;
    const cluster = [seed, ...neighbours];
    for (const f of cluster) taken.add(f.id);
    clusters.push(cluster);
  }
  return clusters;
}

export function oldestFirst(a: Fact, b: Fact): number {
  return a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
