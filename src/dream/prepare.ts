// `memcue dream`: one batch of work for the session's model — clusters of similar facts, facts to
// split, facts without a translation — within a character budget, recorded so `dream apply` can
// check that the answer touches only what the model was shown, as it was shown.
import type { Fact } from '../facts/facts.js';
import type { Store } from '../store/store.js';
import { DEFAULT_BUDGET, batchText, fixedSize, itemSize, pack, renderPayload, type Section } from './batch-text.js';
import { languageOf, splitReason } from './candidates.js';
import { memoryLanguages, translationTarget } from './languages.js';
import { readHidden } from '../text/hidden-index.js';
import { findClusters, oldestFirst } from './clusters.js';
import { dreamInstruction } from './instructions.js';
import { batchId, rowKey, saveBatch, settledRows } from './records.js';

export interface DreamOptions {
  scopes?: string[];
  limit?: number;
  budget?: number;
  /** The user's languages (`--languages`, MEMCUE_LANGUAGES); detected from the facts when unset. */
  languages?: string;
  /** Called once per fact while clusters are searched (for a progress bar). */
  onProgress?: (done: number, total: number) => void;
}

export interface DreamRecord {
  /** Every fact the batch shows → the version row it showed. */
  facts: Record<string, string>;
  /** Facts shown in a cluster or as a split candidate: marked reviewed when the answer mentions them. */
  review: string[];
}

export interface DreamBatch {
  id: string;
  /** What `saveBatch` records for `dream apply` (the caller saves it in its own short write). */
  record: DreamRecord;
  text: string;
  payload: string;
  counts: { clusters: number; split: number; translate: number; keywords: number };
  remaining: { clusters: number; split: number; translate: number; keywords: number };
}

const ID_PLACEHOLDER = '0'.repeat(12);

/**
 * Prepares the next batch from what `store` reads (a read snapshot: no lock is held meanwhile);
 * undefined when there is nothing to do. The caller records it with `recordBatch` in a write.
 */
export function prepareDream(store: Store, opts: DreamOptions = {}): DreamBatch | undefined {
  const facts = store.list({ scopes: opts.scopes }).sort(oldestFirst);
  const settled = settledRows(store.db);
  const reviewed = new Set(facts.filter((f) => settled.get(f.id) === rowKey(f)).map((f) => f.id));
  let seen = 0;
  // Clusters beyond what one batch holds are the next batch's: the search (one per fact) stops once
  // those found fill the budget or the limit, and the batch says more remain.
  const budget = opts.budget ?? DEFAULT_BUDGET;
  let size = 0;
  let full = false;
  const enough = (found: Fact[][]) => {
    size += itemSize(found[found.length - 1]!.map(factItem));
    full = size > budget || found.length > (opts.limit ?? Infinity);
    return full;
  };
  const clusters = findClusters(store, facts, reviewed, () => opts.onProgress?.(++seen, facts.length), enough);
  const clustered = new Set(clusters.flat().map((f) => f.id));
  const split = facts.filter((f) => !reviewed.has(f.id) && !clustered.has(f.id) && splitReason(f.text));
  // Index work: a translation where the memory has another language, keywords where there are none.
  const languages = memoryLanguages(facts, opts.languages);
  const target = new Map(facts.map((f) => [f.id, readHidden(f.translation).translation === '' ? translationTarget(f, languages) : undefined]));
  const translate = facts.filter((f) => target.get(f.id));
  const keywords = facts.filter((f) => !target.get(f.id) && readHidden(f.translation).keywords.length === 0);
  if (!clusters.length && !split.length && !translate.length && !keywords.length) return undefined;
  const translateItem = (f: Fact) => ({ id: f.id, from: languageOf(f.text), to: target.get(f.id), text: f.text });

  const sections: Section<any>[] = [
    { name: 'clusters', items: clusters, render: (c: Fact[]) => c.map(factItem) },
    { name: 'split', items: split, render: (f: Fact) => ({ ...factItem(f), reason: splitReason(f.text) }) },
    { name: 'translate', items: translate, render: translateItem },
    { name: 'keywords', items: keywords, render: indexItem },
  ];
  const fixed = fixedSize(dreamInstruction(ID_PLACEHOLDER), { batch: ID_PLACEHOLDER }, sections.map((s) => s.name));
  const packed = pack(sections, fixed, opts.budget ?? DEFAULT_BUDGET, opts.limit ?? Infinity);
  const [takenClusters, takenSplit, takenTranslate, takenKeywords] = packed.map((p) => p.taken) as [Fact[][], Fact[], Fact[], Fact[]];

  const shown = [...takenClusters.flat(), ...takenSplit, ...takenTranslate, ...takenKeywords];
  const record: DreamRecord = {
    facts: Object.fromEntries(shown.map((f) => [f.id, rowKey(f)])),
    review: [...takenClusters.flat(), ...takenSplit].map((f) => f.id),
  };
  const id = batchId(packed.flatMap((p) => [p.name, ...p.taken.flat().map((f: Fact) => `${f.id} ${rowKey(f)}`)]));
  // Stopped early, the search left facts unsearched: more may remain even if every cluster found fit.
  const clustersLeft = full ? Math.max(packed[0]!.left, 1) : packed[0]!.left;
  const remaining = { clusters: clustersLeft, split: packed[1]!.left, translate: packed[2]!.left, keywords: packed[3]!.left };
  const payload = renderPayload(
    { batch: id },
    packed.map((p, i) => ({ name: p.name, items: p.taken.map(sections[i]!.render) })),
    { remaining },
  );
  return {
    id,
    record,
    text: batchText(dreamInstruction(id), payload),
    payload,
    counts: { clusters: takenClusters.length, split: takenSplit.length, translate: takenTranslate.length, keywords: takenKeywords.length },
    remaining,
  };
}

/**
 * Records a prepared batch. Facts changed by another command since the batch was read need no care
 * here: `dream apply` refuses an answer about a fact that is no longer the version it showed.
 */
export function recordBatch(store: Store, batch: DreamBatch): void {
  saveBatch(store.db, 'dream', batch.id, batch.record);
}

function factItem(f: Fact) {
  return { id: f.id, kind: f.kind, scope: f.scope, date: f.created_at.slice(0, 10), text: f.text };
}

function indexItem(f: Fact) {
  return { id: f.id, text: f.text };
}
