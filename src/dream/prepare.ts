// `memcue dream`: one batch of work for the session's model — clusters of similar facts, facts to
// split, facts without a translation — within a character budget, recorded so `dream apply` can
// check that the answer touches only what the model was shown, as it was shown.
import type { Fact } from '../facts/facts.js';
import type { Store } from '../store/store.js';
import { DEFAULT_BUDGET, batchText, fixedSize, itemSize, pack, renderPayload, type Section } from './batch-text.js';
import { languageOf, splitReason } from './candidates.js';
import { findClusters, type ClusterWalk } from './clusters.js';
import { findIndexWork, sampledLanguages } from './index-work.js';
import { dreamInstruction } from './instructions.js';
import { batchId, isReviewed, rowKey, saveBatch } from './records.js';
import { countAfter, factsAfter, readCursor, saveCursor } from './seeds.js';

export interface DreamOptions {
  scopes?: string[];
  limit?: number;
  budget?: number;
  /** The user's languages (`--languages`, MEMCUE_LANGUAGES); detected from the facts when unset. */
  languages?: string;
  /** Called once per seed while clusters are searched (for progress): seeds looked at, of how many are left. */
  onProgress?: (done: number, total: number) => void;
  /** Seeds one call looks at, at most (the default: clusters.ts). */
  maxSeeds?: number;
}

export interface DreamRecord {
  /** Every fact the batch shows → the version row it showed. */
  facts: Record<string, string>;
  /** Facts shown in a cluster or as a split candidate: marked reviewed when the answer mentions them. */
  review: string[];
}

type Counts = { clusters: number; split: number; translate: number; keywords: number };

export interface DreamBatch {
  id: string;
  /** What `saveBatch` records for `dream apply` (the caller saves it in its own short write). */
  record: DreamRecord;
  text: string;
  payload: string;
  counts: Counts;
  /** Items found but not shown; `facts`: facts not looked at yet (present only when some are). */
  remaining: Counts & { facts?: number };
}

/** One step of the walk through the memory: a batch when it found work, and where it got to. */
export interface DreamStep {
  batch?: DreamBatch;
  cursors: { clusters: number; index: number };
  /** Both walks reached the end of the memory. */
  done: boolean;
  /** Facts looked at as cluster seeds in this step, and those still ahead of the walk. */
  searched: number;
  unsearched: number;
  work: ClusterWalk['work'] & { rows: number };
}

const ID_PLACEHOLDER = '0'.repeat(12);

/**
 * Prepares the next batch from what `store` reads (a read snapshot: no lock is held meanwhile), from
 * where the last step left off; no batch when this step found nothing to do. The caller records the
 * step with `recordStep` in a write.
 */
export function dreamStep(store: Store, opts: DreamOptions = {}): DreamStep {
  const db = store.db;
  const scopes = opts.scopes;
  const budget = opts.budget ?? DEFAULT_BUDGET;
  const limit = opts.limit ?? Infinity;
  const from = readCursor(db, 'clusters', scopes);
  const ahead = countAfter(db, from, scopes);
  let seen = 0;
  // Clusters beyond what one batch holds are the next batch's: the walk stops once those found fill
  // the budget or the limit, or after its share of seeds, and the batch says more remain.
  let size = 0;
  const enough = (found: Fact[][]) => {
    size += itemSize(found[found.length - 1]!.map(factItem));
    return size > budget || found.length > limit;
  };
  const walk = findClusters(db, factsAfter(db, from, scopes), from, {
    reviewed: (f) => isReviewed(db, f),
    maxSeeds: opts.maxSeeds,
    onSeed: () => opts.onProgress?.(++seen, ahead),
    enough,
  });
  const clusters = walk.clusters;
  const clustered = new Set(clusters.flat().map((f) => f.id));
  // Index work: a translation where the memory has another language, keywords where there are none.
  const languages = sampledLanguages(db, scopes, opts.languages);
  const indexFrom = readCursor(db, 'index', scopes);
  const work = findIndexWork(db, indexFrom, scopes, languages, clustered, budget, limit);
  const cursors = { clusters: walk.clean, index: work.clean };
  const unsearched = Math.max(walk.exhausted ? 0 : ahead - walk.seeds, work.exhausted ? 0 : countAfter(db, indexFrom, scopes) - work.rows);
  const step: DreamStep = { cursors, done: walk.exhausted && work.exhausted, searched: walk.seeds, unsearched, work: { ...walk.work, rows: work.rows } };
  const { split, translate, keywords } = work;
  if (!clusters.length && !split.length && !translate.length && !keywords.length) return step;
  const translateItem = (f: Fact) => ({ id: f.id, from: languageOf(f.text), to: work.target.get(f.id), text: f.text });

  const sections: Section<any>[] = [
    { name: 'clusters', items: clusters, render: (c: Fact[]) => c.map(factItem) },
    { name: 'split', items: split, render: (f: Fact) => ({ ...factItem(f), reason: splitReason(f.text) }) },
    { name: 'translate', items: translate, render: translateItem },
    { name: 'keywords', items: keywords, render: indexItem },
  ];
  const fixed = fixedSize(dreamInstruction(ID_PLACEHOLDER), { batch: ID_PLACEHOLDER }, sections.map((s) => s.name));
  const packed = pack(sections, fixed, budget, limit);
  const [takenClusters, takenSplit, takenTranslate, takenKeywords] = packed.map((p) => p.taken) as [Fact[][], Fact[], Fact[], Fact[]];

  const shown = [...takenClusters.flat(), ...takenSplit, ...takenTranslate, ...takenKeywords];
  const record: DreamRecord = {
    facts: Object.fromEntries(shown.map((f) => [f.id, rowKey(f)])),
    review: [...takenClusters.flat(), ...takenSplit].map((f) => f.id),
  };
  const id = batchId(packed.flatMap((p) => [p.name, ...p.taken.flat().map((f: Fact) => `${f.id} ${rowKey(f)}`)]));
  // Stopped early, the walk left facts unsearched: more may remain even if every cluster found fit.
  const clustersLeft = walk.exhausted ? packed[0]!.left : Math.max(packed[0]!.left, 1);
  const remaining: DreamBatch['remaining'] = {
    clusters: clustersLeft,
    split: packed[1]!.left + work.extra.split,
    translate: packed[2]!.left + work.extra.translate,
    keywords: packed[3]!.left + work.extra.keywords,
  };
  if (unsearched > 0) remaining.facts = unsearched;
  const payload = renderPayload(
    { batch: id },
    packed.map((p, i) => ({ name: p.name, items: p.taken.map(sections[i]!.render) })),
    { remaining },
  );
  step.batch = {
    id,
    record,
    text: batchText(dreamInstruction(id), payload),
    payload,
    counts: { clusters: takenClusters.length, split: takenSplit.length, translate: takenTranslate.length, keywords: takenKeywords.length },
    remaining,
  };
  return step;
}

/**
 * Records a step: its batch, and where the walks got to (the next `dream` starts there: facts before
 * them need nothing now). Facts changed by another command since the batch was read need no care
 * here: `dream apply` refuses an answer about a fact that is no longer the version it showed.
 */
export function recordStep(store: Store, step: DreamStep, scopes?: readonly string[]): void {
  if (step.batch) saveBatch(store.db, 'dream', step.batch.id, step.batch.record);
  saveCursor(store.db, 'clusters', step.cursors.clusters, scopes);
  saveCursor(store.db, 'index', step.cursors.index, scopes);
}

function factItem(f: Fact) {
  return { id: f.id, kind: f.kind, scope: f.scope, date: f.created_at.slice(0, 10), text: f.text };
}

function indexItem(f: Fact) {
  return { id: f.id, text: f.text };
}
