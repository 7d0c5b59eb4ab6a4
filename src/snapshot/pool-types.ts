// What the pool works on and gives back: the index as it is now (the search file and its delta) and
// the candidates (pool.ts computes them, topk.ts without scoring every posting).
import type { Fact } from '../facts/facts.js';
import type { SearchFile } from './reader.js';

/** A fact a writer added since the search file was built (delta.ts). */
export interface AddedDoc {
  row: number;
  fact: Fact;
  columns: [string[], string[]];
}

/** The search file plus the changes recorded since: the index as it is now. */
export interface LiveIndex {
  file: SearchFile;
  /** Docs of the file no longer in the index (edited, forgotten). */
  removed: ReadonlySet<number>;
  added: readonly AddedDoc[];
  docs: number;
  tokens: number;
  scopesInUse: readonly string[];
}

export interface PoolFact {
  fact: Fact;
  columns: [string[], string[]];
}

export interface Pool {
  candidates: PoolFact[];
  /** Facts in the index, and facts matching each item (FTS5's count for the same MATCH). */
  facts: number;
  matching: number[];
}

/** created_at as SQLite orders it: a file doc's rank, an added doc's place among the ranks and its own text. */
export interface CreatedKey {
  /** Twice the rank; for an added value between two of the file's, the odd number between. */
  key: number;
  text?: string;
}
