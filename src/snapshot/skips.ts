// What a search needs to skip postings that cannot make its pool (issue 36). The docs are cut into
// ranges of RANGE consecutive docs; a term in many of them (isLong) stores before its postings
// a table with, per range it occurs in, where its postings of that range lie, how many there are, and
// their largest tf and smallest doc length. Those two bound the term's BM25 part in the range for any
// IDF and average length (the part grows with tf and falls with length), so the bounds stay valid as
// facts are added and removed since the build (delta.ts): the search computes them with the live
// figures. Each range's postings start from the range's first doc, so one range decodes alone.
//
// A dense range (DENSE postings or more) is a bitmap of its RANGE docs and the tf of those whose tf
// is not 1: a search ANDs the bitmaps of its words instead of decoding a varint per posting.
//
//   long list:  varint ranges | per range: varint (range - previous range), byte length, count, max tf, min length | the ranges' postings
//   a range's postings: sparse, as a short list's from the range's first doc; dense, RANGE/8 bytes of
//               bitmap (bit o of byte o/8: doc first + o), varint n, n × (varint o, varint tf)
//   short list: the postings (writePosting), deltas from doc 0
import type { ByteSink } from './format.js';

/** Docs per range: a common word's range holds ~40 of its postings, decoded together. */
export const RANGE = 128;
/** Terms holding fewer docs are read whole (their table would outweigh their postings). */
export const SKIP_MIN = 128;
/** Postings from which a range is a bitmap (16 bytes: fewer than ~10 varint postings). */
export const DENSE = 12;

/**
 * Whether a term of `docs` of `total` facts has a range table: at least SKIP_MIN docs and one a range
 * on average (a sparser term's table, an entry per posting, would triple its bytes and save nothing).
 */
export function isLong(docs: number, total: number): boolean {
  return docs >= SKIP_MIN && docs * RANGE >= total;
}

export interface RangeEntry {
  range: number;
  /** Offset of the range's postings from the start of the term's bytes. */
  start: number;
  length: number;
  count: number;
  maxTf: number;
  minLength: number;
}

/** One term's postings as the writer collects them: docs ascending, tf in text and translation. */
export interface TermPostings {
  docs: number[];
  tf0: number[];
  tf1: number[];
}

/**
 * A term's bytes: its postings, and before them its range table when it is long. `lengthOf`: a doc's
 * length (terms in both columns).
 */
export function writeTerm(out: ByteSink, scratch: ByteSink, term: TermPostings, total: number, lengthOf: (d: number) => number): void {
  const n = term.docs.length;
  if (!isLong(n, total)) {
    let last = 0;
    for (let k = 0; k < n; k++) {
      writePosting(out, term.docs[k]! - last, term.tf0[k]!, term.tf1[k]!);
      last = term.docs[k]!;
    }
    return;
  }
  scratch.clear();
  const table: number[] = [];
  let ranges = 0;
  let previous = 0;
  for (let k = 0; k < n; ) {
    const range = Math.floor(term.docs[k]! / RANGE);
    const begin = scratch.length;
    let last = range * RANGE;
    let maxTf = 0;
    let minLength = Infinity;
    let count = 0;
    let end = k;
    while (end < n && Math.floor(term.docs[end]! / RANGE) === range) end++;
    const dense = end - k >= DENSE;
    const bitmap = new Uint8Array(RANGE / 8);
    const others: number[] = [];
    for (; k < end; k++, count++) {
      const tf = term.tf0[k]! + term.tf1[k]!;
      if (dense) {
        const o = term.docs[k]! - range * RANGE;
        bitmap[o >> 3]! |= 1 << (o & 7);
        if (tf !== 1) others.push(o, tf);
      } else writePosting(scratch, term.docs[k]! - last, term.tf0[k]!, term.tf1[k]!);
      last = term.docs[k]!;
      maxTf = Math.max(maxTf, tf);
      minLength = Math.min(minLength, lengthOf(term.docs[k]!));
    }
    if (dense) {
      scratch.put(bitmap);
      scratch.varint(others.length / 2);
      for (const value of others) scratch.varint(value);
    }
    table.push(range - previous, scratch.length - begin, count, maxTf, minLength);
    previous = range;
    ranges++;
  }
  out.varint(ranges);
  for (const value of table) out.varint(value);
  out.put(scratch.view());
}

/**
 * One posting: the doc delta times two, plus 1 for the common case (once in the text, not in the
 * translation); otherwise then tf in the text times two (plus 1 when the translation has it) and
 * tf in the translation.
 */
export function writePosting(sink: ByteSink, docDelta: number, tf0: number, tf1: number): void {
  const once = tf0 === 1 && tf1 === 0;
  sink.varint(docDelta * 2 + (once ? 1 : 0));
  if (once) return;
  sink.varint(tf0 * 2 + (tf1 > 0 ? 1 : 0));
  if (tf1 > 0) sink.varint(tf1);
}

/** A long list's range table, each entry's start counted from the term's first byte. */
export function readRanges(bytes: Uint8Array): RangeEntry[] {
  let at = 0;
  const next = (): number => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = bytes[at++];
      if (byte === undefined) throw new Error('search file: a range table past its term');
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
    }
  };
  const n = next();
  const entries: RangeEntry[] = new Array(n);
  let range = 0;
  let start = 0;
  for (let i = 0; i < n; i++) {
    range += next();
    const length = next();
    entries[i] = { range, start, length, count: next(), maxTf: next(), minLength: next() };
    start += length;
  }
  for (const entry of entries) entry.start += at;
  if (start + at !== bytes.length) throw new Error('search file: a range table that does not add up');
  return entries;
}

/**
 * A dense range's postings into docs/tf at `into` (docs from `first`); returns the last doc. The
 * count must match the bitmap's.
 */
export function decodeDense(bytes: Uint8Array, from: number, to: number, count: number, first: number, docs: Uint32Array, tf: Uint32Array, into: number): number {
  if (to - from < RANGE / 8) throw new Error('search file: a dense range past its end');
  let k = into;
  for (let o = 0; o < RANGE; o++) {
    if (!(bytes[from + (o >> 3)]! & (1 << (o & 7)))) continue;
    if (k >= into + count) throw new Error('search file: a dense range that does not add up');
    docs[k] = first + o;
    tf[k++] = 1;
  }
  if (k !== into + count) throw new Error('search file: a dense range that does not add up');
  const others = readOthers(bytes, from, to);
  for (let i = 0; i < others.length; i += 2) {
    const at = docs.subarray(into, k).indexOf(first + others[i]!);
    if (at < 0) throw new Error('search file: a tf for a doc not in its range');
    tf[into + at] = others[i + 1]!;
  }
  return k > into ? docs[k - 1]! : first;
}

/** A dense range's (offset, tf) pairs of the docs whose tf is not 1. */
export function readOthers(bytes: Uint8Array, from: number, to: number): number[] {
  let at = from + RANGE / 8;
  const next = () => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = bytes[at++];
      if (byte === undefined || at > to) throw new Error('search file: a dense range past its end');
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
    }
  };
  const n = next();
  const pairs: number[] = [];
  for (let i = 0; i < 2 * n; i++) pairs.push(next());
  if (at !== to) throw new Error('search file: a dense range that does not add up');
  return pairs;
}

/**
 * Decodes `count` postings from bytes[from, to) into docs/tf at `into`, deltas from `first`; returns
 * the last doc. Varints inline: this loop runs once per posting read.
 */
export function decodePostings(bytes: Uint8Array, from: number, to: number, count: number, first: number, docs: Uint32Array, tf: Uint32Array, into: number): number {
  let at = from;
  let doc = first;
  const next = () => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = bytes[at++];
      if (byte === undefined || at > to) throw new Error('search file: postings past their end');
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
    }
  };
  for (let k = into; k < into + count; k++) {
    const head = at < to && bytes[at]! < 0x80 ? bytes[at++]! : next();
    doc += Math.floor(head / 2);
    docs[k] = doc;
    if (head % 2 === 1) {
      tf[k] = 1;
      continue;
    }
    const code = next();
    tf[k] = Math.floor(code / 2) + (code % 2 ? next() : 0);
  }
  if (at !== to) throw new Error('search file: postings that do not add up');
  return doc;
}
