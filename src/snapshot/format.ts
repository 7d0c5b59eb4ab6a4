// The search file's layout: a copy of the live index that `memcue search` reads without starting
// SQLite (issue 14: compiling the WASM and running FTS5 in JavaScriptCore's interpreter cost ~80 ms
// CPU of a cold search). A search reads only what it touches (issue 22): the dictionary blocks of
// its terms, those terms' postings, the records of the matching facts and the fields of the
// candidates, each with a positioned read. Every byte is checked (paged.ts): the body in 4 KiB
// pages, each with its CRC-32, the CRC table by chunks whose CRCs the header holds, the header by
// the CRC at the file's end.
//
//   MAGIC (16 bytes) | body: sections, 8-byte aligned | page CRCs | header JSON | u32 header length | u32 header CRC
//
// Sections of the body:
// - dict: the terms in UTF-8 byte order, front-coded in blocks of DICT_BLOCK (string-table.ts), each
//   with its number of facts and where its postings are; dictIndex: each block's offset and first term (string-table.ts);
// - posts: per term, (fact delta, tf) varints, facts ascending (skips.ts writePosting); a term in many
//   facts has before them a table of its ranges of docs with their largest tf and shortest doc, so a
//   search skips postings that cannot enter its pool (skips.ts, topk.ts);
// - docs: a fixed DOC_RECORD bytes per fact (row, created rank, length, scope, kind);
// - facts: the candidates' fields and index terms, deflated in blocks of FACT_BLOCK facts; factIndex
//   says where each block starts;
// - created / createdIndex: the distinct created_at values in byte order (a string table);
// - groups: for the session card, each (scope, kind) group's newest facts;
// - names / namesIndex: the name keys of the terms, by the head of their skeleton (names.ts);
// - ranges: per range of docs (skips.ts RANGE), the newest created rank in it (u32);
// - lengths: each doc's length as one byte, capped at MAX_SHORT_LENGTH: a search bounds a doc's score
//   from it before reading its record (topk.ts: a range's lengths lie in one page, its records in
//   thirteen times as many bytes);
// - masks: per scope (header.scopes' order), then per kind (KINDS' order), a bitmap of the docs of it
//   (bit d % 32 of u32 word d / 32): a filtered search reads those it allows, skips the ranges with no
//   doc it lets through and leaves the others' docs out before their records are read (topk.ts).
import { createRequire } from 'node:module';
import type { Fact } from '../facts/facts.js';

export const MAGIC = 'memcue-search\n\0\0';
/** Bump when the layout changes: an older file is then simply rebuilt. */
export const FORMAT = 7;
export const PAGE = 4096;
/** Page CRCs per chunk of the CRC table (one page of them). */
export const CRC_CHUNK = PAGE / 4;
export const DICT_BLOCK = 64;
/**
 * Facts per deflated block: a search inflates a whole block for each of its ~30 candidates, most in
 * blocks of their own (16 instead of 32: ~0.35 ms CPU less a search, ~10 bytes more a fact).
 */
export const FACT_BLOCK = 16;
/** row u32, created rank u32, length u16, scope u16, kind u8. */
export const DOC_RECORD = 13;
/** A doc's length in the lengths section: the real one up to this, this for longer docs (a lower bound). */
export const MAX_SHORT_LENGTH = 255;
/** The card keeps this many of each group beyond the newest it shows (a delta removes at most MAX_DELTA). */
export const GROUP_SLACK = 300;

export const SECTIONS = ['docs', 'facts', 'factIndex', 'posts', 'dict', 'dictIndex', 'created', 'createdIndex', 'groups', 'names', 'namesIndex', 'ranges', 'lengths', 'masks'] as const;
export type SectionName = (typeof SECTIONS)[number];

export interface SnapshotHeader {
  format: number;
  /** The tokenizer the terms were made with (tokenize.ts INDEX_VERSION). */
  indexVersion: number;
  /** The sound keys the names section holds (translit.ts NAME_KEYS). */
  nameKeys: number;
  /** The database file's state the copy was taken at (file-state.ts). */
  stamp: string;
  /** Names this build, so a delta is never applied to another build of the same state. */
  id: string;
  docs: number;
  terms: number;
  createdValues: number;
  /** All index terms of all docs: FTS5's xColumnTotalSize(-1). */
  tokens: number;
  /** The scopes of the docs (a doc stores an index into this). */
  scopes: string[];
  /** Every scope any fact row has, in any state (for `--in NAME` checks). */
  scopesInUse: string[];
  /** [offset in the body, length] */
  sections: Record<SectionName, [number, number]>;
  /** For the card: `scope\nkind` → [offset, length, facts in the group] of its newest facts' docs. */
  groups: Record<string, [number, number, number]>;
  /** Where the page CRCs start (after the body), and the CRC of each chunk of them. */
  crcTable: number;
  crcChunks: number[];
}

/** One live (current, active) fact as the index holds it. */
export interface SnapshotDoc {
  /** The facts rowid, which is also the FTS5 rowid. */
  row: number;
  fact: Fact;
  /** Index terms of each column (text, translation), as FTS5 counts them. */
  columns: [string[], string[]];
}

export const utf8 = new TextEncoder();
export const FIELDS = ['id', 'version', 'text', 'translation', 'kind', 'scope', 'source', 'quote', 'created_at', 'host', 'state'] as const;

type Runtime = { Bun?: { hash: { crc32(b: Uint8Array): number }; deflateSync(b: Uint8Array): Uint8Array; inflateSync(b: Uint8Array): Uint8Array } };
const bun = (globalThis as Runtime).Bun;

/** Whether typed arrays here are little-endian, as the file's numbers are (a copy can then be read as words). */
export const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/** CRC-32 of the bytes: Bun's, or node:zlib's (Node ≥ 20.15). */
export function crc32(bytes: Uint8Array): number {
  if (bun) return bun.hash.crc32(bytes);
  const zlib = nodeZlib() as { crc32?: (b: Uint8Array) => number };
  if (!zlib.crc32) throw new Error('no CRC-32 in this runtime');
  return zlib.crc32(bytes) >>> 0;
}

/** Raw DEFLATE both ways (Bun's own and node:zlib's write the same format). */
export function deflate(bytes: Uint8Array): Uint8Array {
  return bun ? bun.deflateSync(bytes) : (nodeZlib() as { deflateRawSync(b: Uint8Array): Uint8Array }).deflateRawSync(bytes);
}
export function inflate(bytes: Uint8Array): Uint8Array {
  return bun ? bun.inflateSync(bytes) : (nodeZlib() as { inflateRawSync(b: Uint8Array): Uint8Array }).inflateRawSync(bytes);
}

/** node:zlib, loaded only under Node (loading a node: module costs Bun milliseconds at start). */
function nodeZlib(): unknown {
  return createRequire(import.meta.url)('node:zlib');
}

/** The header from its bytes; undefined when it is of another format. */
export function parseHeader(bytes: Uint8Array): SnapshotHeader | undefined {
  try {
    const header = JSON.parse(new TextDecoder().decode(bytes)) as SnapshotHeader;
    return header.format === FORMAT ? header : undefined;
  } catch {
    return undefined;
  }
}

/** Unsigned LEB128 varints, appended to a growable byte buffer. */
export class ByteSink {
  bytes = new Uint8Array(1 << 12);
  length = 0;

  private room(n: number): void {
    if (this.length + n <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.length + n) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  varint(value: number): void {
    this.room(10);
    while (value >= 0x80) {
      this.bytes[this.length++] = (value % 0x80) | 0x80;
      value = Math.floor(value / 0x80);
    }
    this.bytes[this.length++] = value;
  }

  put(bytes: Uint8Array): void {
    this.room(bytes.length);
    this.bytes.set(bytes, this.length);
    this.length += bytes.length;
  }

  view(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }

  clear(): void {
    this.length = 0;
  }
}

/** Reads varints from `bytes`, advancing `at`. */
export class VarintReader {
  constructor(
    readonly bytes: Uint8Array,
    public at = 0,
  ) {}

  next(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      if (this.at >= this.bytes.length) throw new Error('search file: varint past its section');
      const byte = this.bytes[this.at++]!;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
    }
  }

  take(n: number): Uint8Array {
    if (this.at + n > this.bytes.length) throw new Error('search file: bytes past their section');
    return this.bytes.subarray(this.at, (this.at += n));
  }

  get done(): boolean {
    return this.at >= this.bytes.length;
  }
}

export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** Strings in the order of their UTF-8 bytes (SQLite's), without encoding them unless a surrogate pair makes UTF-16 order differ. */
export function compareStrings(a: string, b: string): number {
  if (SURROGATE.test(a) || SURROGATE.test(b)) return compareBytes(utf8.encode(a), utf8.encode(b));
  return a < b ? -1 : a > b ? 1 : 0;
}
const SURROGATE = /[\uD800-\uDFFF]/;
