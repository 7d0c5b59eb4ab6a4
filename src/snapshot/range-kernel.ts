// The lean range loop (lean-range.ts) in WebAssembly (wasm/range-kernel.wat): a query of several
// common words reads every range, and a cold process runs JavaScript in JavaScriptCore's interpreter,
// where WebAssembly is compiled once its loop runs hot. Setting it up costs: the module compiled
// (~0.5 ms), the pass's lists, bounds and short lengths copied in, the kernel tiered up; so a pass
// starts in JavaScript and hands over only on a long pass (takesOver). The kernel only
// narrows: near a tie it hands the range back (a bound within SQLite's rounding of the pool's last
// fact) or emits the doc, and every doc it emits is scored here, exactly, from its record.
import { RANGE_KERNEL } from './range-kernel-bytes.js';
import { lengthNorms, round6 } from './bm25.js';
import { MAX_SHORT_LENGTH } from './format.js';
import { DENSE, RANGE } from './skips.js';
import { cannotBeat } from './pool-bounds.js';
import { MAX_SETS, WORDS, type List } from './range-lists.js';
import type { SearchFile } from './reader.js';
import type { RangeEntry } from './skips.js';
import type { KernelExports, KernelPass, LeanItems, LeanPass } from './lean-types.js';
import { mark } from '../util/profile.js';

/**
 * A pass of several items hands over once it has read AFTER ranges in JavaScript and at least LEFT of
 * the ranges left in its order can still beat the pool's last fact (asked again every AGAIN ranges).
 * The kernel's set-up (its compile, the pass copied in, tiering up) costs ~1-2 ms at 100k facts, what
 * the JavaScript loop spends on ~300 ranges; a pass of three common words reads all 782 there, and
 * its first ranges cost the most in JavaScript (the loop still cold, the pool's last fact low): from
 * the first range is cheapest. A pass of one item has tight range bounds and stops early (`deploy
 * --kind decision` at 100k reads 151 of 782 ranges): it hands over only past ONE_AFTER ranges with
 * ONE_LEFT left (docs/benchmarks.md, "Issue 36, sixth part").
 */
const DEFAULT_AFTER = 0;
const DEFAULT_LEFT = 384;
let AFTER = DEFAULT_AFTER;
let LEFT = DEFAULT_LEFT;
const AGAIN = 64;
const ONE_AFTER = 256;
const ONE_LEFT = 1024;

/** Tests: when the kernel takes over (0, 0: from the first lean range; Infinity: never); returns the previous values. */
export function kernelAfter(after: number, left: number): [number, number] {
  const previous: [number, number] = [AFTER, LEFT];
  AFTER = after;
  LEFT = left;
  return previous;
}

/** Passes the kernel read ranges for (tests check it ran). */
export let kernelPasses = 0;

/** Whether a pass (of these items) that has read `read` ranges in JavaScript goes on in the kernel from order[i], the pool's last fact's key being `last`. */
export function takesOver(pass: LeanPass, items: LeanItems, i: number, read: number, last: number): boolean {
  // (Tests' settings, kernelAfter, apply to every pass.)
  const one = items.starts.length < 2 && AFTER === DEFAULT_AFTER && LEFT === DEFAULT_LEFT;
  const after = one ? ONE_AFTER : AFTER;
  const left = one ? ONE_LEFT : LEFT;
  if (read < after || (read - after) % AGAIN !== 0) return false;
  const { order, key } = pass;
  if (order.length - i < left) return false;
  // The order is by key (minus the bound), ascending: the ranges that can still beat `last` come first.
  let lo = i;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (key[order[mid]!]! <= last + 1e-6) lo = mid + 1;
    else hi = mid;
  }
  return lo - i >= left;
}

let instance: KernelExports | null | undefined;

/** The kernel, compiled once a process; null where WebAssembly is not to be had (the loop stays in JavaScript). */
function kernel(): KernelExports | null {
  if (instance !== undefined) return instance;
  try {
    // Decoded natively (a callback per byte cost a cold process ~0.5 ms for the 4 KB).
    const fromBase64 = (Uint8Array as { fromBase64?: (text: string) => Uint8Array<ArrayBuffer> }).fromBase64;
    const bytes = fromBase64 ? fromBase64(RANGE_KERNEL) : new Uint8Array(Buffer.from(RANGE_KERNEL, 'base64'));
    instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), {}).exports as unknown as KernelExports;
  } catch {
    instance = null;
  }
  return instance;
}

// Places in the kernel's configuration (range-kernel.wat's header): 32-bit words, and the average length's 64-bit one.
const A_EMITTED = 21;
const B_EMITTED = 22;
const READ = 23;
const AVGDL = 13;

/** A query's lists as the kernel reads them (copied once: the bounds, then the pass, use them). */
interface Prepared {
  k: KernelExports;
  lists: List[];
  avgdl: number;
  /** Where each item's bytes are, and the first free byte after the lists. */
  bases: number[];
  at: number;
}

let prepared: Prepared | undefined;

/** The first free byte from `at`, 8-aligned, after `bytes`. */
const after = (at: number, bytes: number) => (at + bytes + 7) & ~7;

/**
 * Copies the items with postings of `lists` (their range tables, bytes and IDF, the length terms, the
 * short lengths) into the kernel's memory; undefined without a kernel or the memory for it.
 */
function prepare(file: SearchFile, lists: List[], idf: readonly number[], avgdl: number): Prepared | undefined {
  if (prepared && prepared.lists === lists && prepared.avgdl === avgdl) return prepared;
  const k = kernel();
  if (!k) return undefined;
  const present: number[] = [];
  for (let x = 0; x < lists.length; x++) if (lists[x]) present.push(x);
  const n = present.length;
  const R = Math.ceil(file.header.docs / RANGE);
  const docs = file.header.docs;
  let at = 1024;
  const take = (bytes: number) => {
    const start = at;
    at = after(at, bytes);
    return start;
  };
  const starts = take(4 * n * R);
  const tfs = take(4 * n * R);
  const mins = take(4 * n * R);
  const idfs = take(8 * n);
  const norms = take(8 * (MAX_SHORT_LENGTH + 1));
  const short = take(docs);
  const notLean = take(R);
  const bytesOf = present.map((x) => ('bytes' in lists[x]! ? lists[x]!.bytes : undefined));
  const bases = bytesOf.map((bytes) => (bytes ? take(bytes.length) : 0));
  if (!grown(k, at)) return undefined;
  const buffer = k.memory.buffer;
  const i32 = new Int32Array(buffer);
  const f64 = new Float64Array(buffer);
  const u8 = new Uint8Array(buffer);
  // The header's places of what is copied here (range-kernel.wat); the pass writes the rest.
  i32.set([n, R], 0);
  i32.set([starts, tfs, mins, idfs, norms, short], 5);
  i32[24] = notLean;
  f64[AVGDL] = avgdl;
  i32.fill(-1, starts >> 2, (starts >> 2) + n * R);
  i32.fill(0, tfs >> 2, (tfs >> 2) + n * R);
  u8.fill(0, notLean, notLean + R);
  f64.set(Float64Array.from(present, (x) => idf[x]!), idfs >> 3);
  f64.set(lengthNorms(avgdl, MAX_SHORT_LENGTH), norms >> 3);
  u8.set(file.shortLengths(0, docs), short);
  for (let j = 0; j < n; j++) {
    const bytes = bytesOf[j];
    if (bytes) u8.set(bytes, bases[j]!);
    // Each range's bitmap, largest tf and shortest doc; a range where an item is not a bitmap (a
    // short list's ranges never are) is marked, the JavaScript side reads it.
    const ranges = lists[present[j]!]!.ranges as (RangeEntry | undefined)[];
    const base = bases[j]!;
    for (let r = 0, x = j * R; r < R; r++, x++) {
      const entry = ranges[r];
      if (!entry) continue;
      if (bytes && entry.count >= DENSE) i32[(starts >> 2) + x] = base + entry.start;
      else u8[notLean + r] = 1;
      i32[(tfs >> 2) + x] = entry.maxTf;
      i32[(mins >> 2) + x] = entry.minLength;
    }
  }
  return (prepared = { k, lists, avgdl, bases, at });
}

/** Grows the kernel's memory to `bytes`; false where it cannot. */
function grown(k: KernelExports, bytes: number): boolean {
  const grow = Math.ceil(bytes / 65536) - k.memory.buffer.byteLength / 65536;
  if (grow <= 0) return true;
  try {
    k.memory.grow(grow);
    return true;
  } catch {
    return false; // no memory for it: the pass goes on in JavaScript
  }
}

/**
 * Each range's bound as rangeBounds gives it (the same floats), worked out in the kernel for a query
 * whose pass will read most ranges there: several long lists and no short one (a rare word's docs
 * fill the pool first and the pass then stops early), at least LEFT ranges to bound, at most
 * MAX_SETS items. Undefined otherwise: rangeBounds in JavaScript.
 */
export function kernelBounds(file: SearchFile, lists: List[], idf: readonly number[], avgdl: number, done: Uint8Array): Float64Array | undefined {
  let n = 0;
  for (const list of lists) {
    if (!list) continue;
    if (!('bytes' in list)) return undefined;
    n++;
  }
  if (n < 2 || n > MAX_SETS) return undefined;
  let left = 0;
  for (let r = 0; r < done.length; r++) left += 1 - done[r]!;
  if (left < LEFT) return undefined;
  const ready = prepare(file, lists, idf, avgdl);
  if (!ready) return undefined;
  const R = done.length;
  const into = ready.at;
  const out = after(into, R);
  if (!grown(ready.k, out + 8 * R)) return undefined;
  new Uint8Array(ready.k.memory.buffer).set(done, into);
  ready.k.bounds(into, out);
  mark('pool: kernel bounds');
  return new Float64Array(ready.k.memory.buffer, out, R).slice();
}

/** Copies the pass's order, bounds, filter and skips into the kernel's memory beside its lists; undefined without a kernel. */
export function kernelPass(pass: LeanPass, items: LeanItems): KernelPass | undefined {
  const ready = prepare(pass.live.file, pass.lists, pass.idf, pass.avgdl);
  if (!ready) return undefined;
  const { k } = ready;
  const n = items.starts.length;
  const R = pass.key.length;
  const own = items.own;
  let at = ready.at;
  const take = (bytes: number) => {
    const start = at;
    at = after(at, bytes);
    return start;
  };
  const order = take(4 * pass.order.length);
  const key = take(8 * R);
  const done = take(R);
  const listA = take(4 * n);
  const listB = take(4 * n);
  const skipA = pass.skip.size > 0 ? take(16 * R) : 0;
  const skipB = pass.companion && pass.companion.skip.size > 0 ? take(16 * R) : 0;
  const allowed = pass.rules.docs ? take(16 * R) : 0;
  const outA = take(4 * RANGE);
  const outB = take(4 * RANGE);
  if (!grown(k, at)) return undefined;
  const buffer = k.memory.buffer;
  const i32 = new Int32Array(buffer);
  const f64 = new Float64Array(buffer);
  const u8 = new Uint8Array(buffer);
  // The header's other places (range-kernel.wat): the order's length and where it is, the keys, the filter, the pools.
  i32.set([pass.order.length, order, key], 2);
  i32.set([allowed, done, listA, n, skipA, outA, listB, own?.length ?? 0, skipB, outB, 0, 0, 0], 11);
  i32.set(pass.order, order >> 2);
  f64.set(pass.key, key >> 3);
  for (let j = 0; j < n; j++) i32[(listA >> 2) + j] = j;
  if (own) i32.set(own, listB >> 2);
  if (pass.rules.docs) i32.set(pass.rules.docs, allowed >> 2);
  const other = pass.companion;
  if (other) u8.set(other.done, done);
  for (const [skip, into] of [[pass.skip, skipA], [other?.skip, skipB]] as const) {
    if (!into || !skip) continue;
    i32.fill(0, into >> 2, (into >> 2) + WORDS * R);
    for (const [r, mask] of skip) i32.set(mask, (into >> 2) + WORDS * r);
  }
  kernelPasses++;
  mark('pool: kernel set up');
  return { k, outA, outB, done, ranges: R };
}

/**
 * Reads order[from]… as leanRanges does, in the kernel: returns where it ended (at the end, at a range
 * whose bound stops the reading, or at one that is not all bitmaps, which the caller reads).
 */
export function kernelRanges(pass: LeanPass, items: LeanItems, kp: KernelPass, from: number, offerDocs: (pool: 'a' | 'b', r: number, docs: Uint32Array) => void): { next: number; read: number; stop: boolean } {
  const { k } = kp;
  const i32 = new Int32Array(k.memory.buffer);
  i32[READ] = 0;
  let i = from;
  let force = 0;
  const other = pass.companion;
  const result = (next: number, stop: boolean) => {
    if (other) other.done.set(new Uint8Array(k.memory.buffer, kp.done, kp.ranges));
    return { next, read: i32[READ]!, stop };
  };
  for (;;) {
    const last = pass.last()!;
    const code = k.run(i, last.bm, other?.last()?.bm ?? Infinity, force);
    force = 0;
    const at = code >>> 3;
    switch (code & 7) {
      case 0:
        return result(at, false);
      case 1:
        return result(at, true);
      case 2: {
        // A bound within SQLite's rounding of the last fact: the tie rules decide (leanRanges' own test).
        const r = pass.order[at]!;
        const bm = round6(pass.key[r]!);
        if (bm > last.bm) return result(at, true);
        if (cannotBeat(bm, pass.anyPreferred, 2 * pass.newest[r]!, last)) i = at + 1;
        else {
          i = at;
          force = 1;
        }
        continue;
      }
      case 3:
        return result(at, false);
      default: {
        const r = pass.order[at]!;
        items.r = r;
        if (i32[A_EMITTED]) offerDocs('a', r, new Uint32Array(k.memory.buffer, kp.outA, i32[A_EMITTED]));
        if (i32[B_EMITTED]) offerDocs('b', r, new Uint32Array(k.memory.buffer, kp.outB, i32[B_EMITTED]));
        i = at + 1;
      }
    }
  }
}
