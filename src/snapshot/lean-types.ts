// What a lean pass (lean-range.ts) works on, apart so that its kernel (range-kernel.ts) reads the
// same figures without importing the loop that calls it.
import type { LiveIndex } from './pool-types.js';
import type { List } from './range-lists.js';
import type { RangeEntry } from './skips.js';
import type { Entry, PoolRules } from './pool-bounds.js';

/** What leanRanges reads the ranges of a query with (prunedPool's figures). */
export interface LeanPass {
  live: LiveIndex;
  lists: List[];
  idf: number[];
  avgdl: number;
  /** The ranges in the order read, each one's key (minus its bound, widened) and newest created rank. */
  order: readonly number[];
  key: Float64Array;
  newest: Uint32Array;
  rules: PoolRules;
  anyPreferred: boolean;
  /** Per range, its docs not to score: removed since the build, or seeded. */
  skip: Map<number, Uint32Array>;
  last: () => Entry | undefined;
  offer: (e: Entry) => void;
  /** A second pool of some of the items, read in the same pass (the query's own words, search.ts). */
  companion?: Companion;
  /** Set up by the first leanRanges of the pass (null: the pass cannot be read lean). */
  lean?: LeanItems | null;
  /** Ranges read lean in JavaScript so far; the kernel once it took over (null: not to be had). */
  leanRead?: number;
  kernel?: KernelPass | null;
}

/** A second pool read range by range beside the first: the ranges it was read in are marked done. */
export interface Companion {
  /** Its items' places among the pass's items, in its own order. */
  items: readonly number[];
  last: () => Entry | undefined;
  offer: (e: Entry) => void;
  skip: Map<number, Uint32Array>;
  done: Uint8Array;
}

/** The items of a lean pass (those with postings), indexed by their place j among them, and the range being read. */
export interface LeanItems {
  ranges: (RangeEntry | undefined)[][];
  bytes: (Uint8Array | undefined)[];
  /** A long list's bytes as 32-bit words, copied at each of the four shifts (alignedCopies) when first read. */
  aligned: (Int32Array[] | undefined)[];
  /** The places of the pass's items, and of the own words' pool's (in its order). */
  all: Int32Array;
  own: Int32Array | undefined;
  idf: Float64Array;
  /** Per item, where its bitmap starts in its bytes in the range read (-1: not in it), its words, largest tf and part at its shortest doc there. */
  starts: Int32Array;
  words: Int32Array;
  tfs: Float64Array;
  parts: Float64Array;
  /** Per item and short length, its part at tf 1, worked out when first wanted (NaN: not yet). */
  once: Float64Array;
  r: number;
  /** The range's short lengths, read when first wanted. */
  lengths: Uint8Array | undefined;
  /** Scratch: the items of a pool in the range, their parts sorted, the docs to read. */
  here: Int32Array;
  sorted: Float64Array;
  docs: number[];
  /** boundCannotBeat's figures for the range. */
  context: { anyPreferred: boolean; newest: number };
}

/** A pass set up in the kernel's memory: where its pools' emitted docs are. */
export interface KernelPass {
  k: KernelExports;
  outA: number;
  outB: number;
  done: number;
  ranges: number;
}

/** The kernel's exports (wasm/range-kernel.wat). */
export interface KernelExports {
  memory: WebAssembly.Memory;
  run: (from: number, lastA: number, lastB: number, force: number) => number;
  bounds: (done: number, out: number) => void;
}
