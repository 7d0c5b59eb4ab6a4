// Clusters of similar facts, found locally with the search index itself (neighbours.ts): each due
// fact in turn is a seed, and the facts of its scope sharing enough of its weighted terms join it.
// No model call; the model only judges the clusters. The walk goes through the memory a page at a
// time from where the last dream stopped, and stops when the batch is full or after SEEDS_PER_BATCH
// seeds, so a batch costs the same in a memory of 500 facts or 500,000.
import type { Fact } from '../facts/facts.js';
import type { Database } from '../sqlite/sqlite.js';
import { IndexNeighbours, type NeighbourWork } from './neighbours.js';
import type { Seed } from './seeds.js';

export const MIN_CLUSTER = 2;
export const MAX_CLUSTER = 8;
/** Seeds one batch looks at, at most: a few seconds of search on a slow machine (bench:robust "dream at 60k"). */
export const SEEDS_PER_BATCH = 1000;

export interface ClusterWalk {
  clusters: Fact[][];
  /** Seeds looked at (skipped ones too). */
  seeds: number;
  /** The row before the first seed that gave a cluster (or the last seed looked at): every seed up
   * to it gave none, so the next dream need not look at them again. */
  clean: number;
  /** Every seed was looked at. */
  exhausted: boolean;
  work: NeighbourWork;
}

export interface WalkOptions {
  /** Whether a fact was reviewed as it is now: it starts no cluster. */
  reviewed: (fact: Fact) => boolean;
  maxSeeds?: number;
  onSeed?: () => void;
  /** Asked after each new cluster; true stops the walk there (the batch is full). */
  enough?: (clusters: Fact[][]) => boolean;
}

/**
 * Groups facts into clusters of 2–8, each fact in at most one. Seeds come in row order (the order
 * facts were written: oldest first), neighbours most similar first (ties by id), so the same
 * database gives the same clusters; a reviewed fact joins a cluster only as a neighbour of a due one.
 * `start`: the row the seeds come after.
 */
export function findClusters(db: Database, seeds: Iterable<Seed>, start: number, opts: WalkOptions): ClusterWalk {
  const neighbours = new IndexNeighbours(db);
  const taken = new Set<string>();
  const clusters: Fact[][] = [];
  const max = opts.maxSeeds ?? SEEDS_PER_BATCH;
  let count = 0;
  let clean = start;
  let full = false;
  const iterator = seeds[Symbol.iterator]();
  for (;;) {
    const next = iterator.next();
    if (next.done) return { clusters, seeds: count, clean, exhausted: true, work: neighbours.work };
    if (full || count >= max) return { clusters, seeds: count, clean, exhausted: false, work: neighbours.work };
    const { row, fact: seed } = next.value;
    count++;
    opts.onSeed?.();
    if (!taken.has(seed.id) && !opts.reviewed(seed)) {
      const near = neighbours.find(seed, row, (id) => taken.has(id)).slice(0, MAX_CLUSTER - 1).map((n) => n.fact);
      if (near.length + 1 >= MIN_CLUSTER) {
        const cluster = [seed, ...near];
        for (const f of cluster) taken.add(f.id);
        clusters.push(cluster);
        full = opts.enough?.(clusters) ?? false;
        continue;
      }
    }
    if (!clusters.length) clean = row;
  }
}
