// How the pruned pool (topk.ts) decides that docs cannot enter it: the pool's order (score rounded as
// SQLite rounds it, then the preferred scope, then the newest) applied to an upper bound of a score.
import type { AddedDoc, CreatedKey } from './pool-types.js';
import type { DocRecords } from './reader.js';
import type { SetScratch } from './range-lists.js';
import { round6 } from './bm25.js';

/** What the pool keeps and how it orders ties (pool.ts gives both paths the same). */
export interface PoolRules {
  allow: { base: (r: DocRecords, i: number) => boolean; added: (doc: AddedDoc) => boolean };
  created: { added: (doc: AddedDoc) => CreatedKey; compare: (a: CreatedKey, b: CreatedKey) => number };
  preferScope: string;
  /** The oldest created rank the filter lets through (0: any). */
  firstRank: number;
  /** The docs of the scopes and kind it lets through, 4 words a range (undefined: all; pool.ts filterMask). */
  docs?: Int32Array;
  /** Per range, 1 where it holds no such doc (undefined: none is empty; emptyRanges). */
  empty?: Uint8Array;
}

/** Whether range r holds a doc the filter's scopes and kind let through. */
export function rangeAllowed(rules: PoolRules, r: number): boolean {
  return !rules.empty?.[r];
}

/** `done` (ranges not to bound or read) plus those holding no doc the filter lets through. */
export function notAllowed(done: Uint8Array, rules: PoolRules): Uint8Array {
  const empty = rules.empty;
  if (!empty) return done;
  const out = new Uint8Array(done.length);
  for (let r = 0; r < done.length; r++) out[r] = done[r]! | empty[r]!;
  return out;
}

/** Per range, 1 where the mask holds no doc; undefined when every range holds one (the usual case of a spread memory). */
export function emptyRanges(docs: Int32Array): Uint8Array | undefined {
  let empty: Uint8Array | undefined;
  for (let r = 0, w = 0; w < docs.length; r++, w += 4) {
    if ((docs[w]! | docs[w + 1]! | docs[w + 2]! | docs[w + 3]!) !== 0) continue;
    (empty ??= new Uint8Array(docs.length / 4))[r] = 1;
  }
  return empty;
}

export interface Entry {
  bm: number;
  preferred: boolean;
  created: CreatedKey;
  row: number;
  base: boolean;
  index: number;
}

/** A bound is a sum taken in another order than the score's: widened by far more than rounding. */
export const SLACK = 1 + 1e-9;

/** Whether no doc of a range with this bound key, preferred-ness and newest created key can come before `last`. */
export function cannotBeat(bm: number, anyPreferred: boolean, created: number, last: Entry): boolean {
  if (bm !== last.bm) return bm > last.bm;
  if (last.preferred !== anyPreferred) return last.preferred;
  return created < last.created.key;
}

/** cannotBeat for a bound not yet rounded: SQLite's rounding only where it can decide. */
export function boundCannotBeat(bound: number, context: { anyPreferred: boolean; newest: number }, last: Entry): boolean {
  const bm = -bound * SLACK;
  if (bm > last.bm + 1e-6) return true;
  if (bm < last.bm - 1e-6) return false;
  return cannotBeat(round6(bm), context.anyPreferred, context.newest, last);
}

export interface RangeContext {
  rules: PoolRules;
  anyPreferred: boolean;
  /** The range's newest created key. */
  newest: number;
  /** The pool's last fact when the range is started, if the pool is full. */
  last: Entry | undefined;
  /** Per range, the bitmap of its docs not to score: removed since the build, or scored already. */
  skip: Map<number, Uint32Array>;
  /** Only these docs of the range, when given. */
  only?: Uint32Array;
  /** Scratch reused range after range: per item a bitmap, the docs to read, the items' figures. */
  masks: Uint32Array[];
  wanted: Uint32Array;
  set: SetScratch & { parts: Float64Array };
}
