// The search file's layout: a copy of the live index that `memcue search` reads without starting
// SQLite (issue 14: compiling the WASM and running FTS5 in JavaScriptCore's interpreter cost ~80 ms
// CPU of a cold search; reading this file costs a few). One JSON header, then typed arrays that are
// used in place (no parsing): the sorted term dictionary with its postings, each fact's terms in
// order (phrases need positions), and each fact's fields as JSON, decoded only for the results.
import { createRequire } from 'node:module';
import type { Fact } from '../store/facts.js';

export const MAGIC = 'memcue-search\n';
/** Bump when the layout changes: an older file is then simply rebuilt. */
export const FORMAT = 1;

/** One live (current, active) fact as the index holds it. */
export interface SnapshotDoc {
  /** The facts rowid, which is also the FTS5 rowid. */
  row: number;
  fact: Fact;
  /** Index terms of each column (text, translation), as FTS5 counts them. */
  columns: [string[], string[]];
}

export interface SnapshotHeader {
  format: number;
  /** The tokenizer the terms were made with (tokenize.ts INDEX_VERSION). */
  indexVersion: number;
  /** The database file's state the copy was taken at (file-state.ts). */
  stamp: string;
  /** Names this build, so a delta is never applied to another build of the same state. */
  id: string;
  docs: number;
  terms: number;
  /** All index terms of all docs: FTS5's xColumnTotalSize(-1). */
  tokens: number;
  /** The scopes of the docs (a doc stores an index into this). */
  scopes: string[];
  /** Every scope any fact row has, in any state (for `--in NAME` checks). */
  scopesInUse: string[];
  sections: Record<SectionName, [offset: number, length: number]>;
  /** CRC-32 of everything after the header (null: written where no CRC-32 was at hand). */
  crc: number | null;
}

export const SECTIONS = [
  'termStart', 'termBytes', 'postStart', 'posts', 'fwdStart', 'firstColumn', 'fwd',
  'rows', 'scope', 'kind', 'created', 'createdStart', 'createdBytes', 'factStart', 'factBytes',
] as const;
export type SectionName = (typeof SECTIONS)[number];

/** The decoded views; nothing is copied out of the file's buffer. */
export interface SnapshotData {
  header: SnapshotHeader;
  /** termBytes[termStart[t]..termStart[t+1]] is term t, in UTF-8 byte order. */
  termStart: Uint32Array;
  termBytes: Uint8Array;
  /** posts[3p..3p+2] = doc, tf in the text, tf in the translation; postStart[t] is term t's first. */
  postStart: Uint32Array;
  posts: Uint32Array;
  /** fwd[fwdStart[d]..] = doc d's term ids, the text's first (firstColumn[d] of them). */
  fwdStart: Uint32Array;
  firstColumn: Uint32Array;
  fwd: Uint32Array;
  rows: Float64Array;
  scope: Uint32Array;
  kind: Uint8Array;
  /** Rank of the doc's created_at among the sorted distinct values (createdStart/createdBytes). */
  created: Uint32Array;
  createdStart: Uint32Array;
  createdBytes: Uint8Array;
  /** JSON of [Fact fields…, text terms, translation terms] per doc. */
  factStart: Uint32Array;
  factBytes: Uint8Array;
}

export const utf8 = new TextEncoder();

/**
 * CRC-32 of the bytes, where the runtime has it built in (Bun, Node ≥ 20.15: ~0.2 ms for 2.5 MB);
 * undefined elsewhere (the file is then used unchecked, as SQLite uses its own pages).
 */
export function crc32(bytes: Uint8Array): number | undefined {
  const bun = (globalThis as { Bun?: { hash: { crc32(b: Uint8Array): number } } }).Bun;
  if (bun) return bun.hash.crc32(bytes);
  return nodeCrc32()?.(bytes);
}

/** node:zlib's, loaded only under Node (loading a node: module costs Bun milliseconds at start). */
function nodeCrc32(): ((b: Uint8Array) => number) | undefined {
  try {
    return (createRequire(import.meta.url)('node:zlib') as { crc32?: (b: Uint8Array) => number }).crc32;
  } catch {
    return undefined;
  }
}

/** Views into a file's bytes; undefined when the bytes are not a search file of this format. */
/** Bytes before the header: the magic and the header's length. */
export const PREFIX = MAGIC.length + 4;

/** The header's length from the file's first PREFIX bytes; undefined when they are not a search file's. */
export function headerLength(prefix: Uint8Array): number | undefined {
  if (prefix.length < PREFIX || new TextDecoder().decode(prefix.subarray(0, MAGIC.length)) !== MAGIC) return undefined;
  return new DataView(prefix.buffer, prefix.byteOffset).getUint32(MAGIC.length, true);
}

/** The header from its bytes; undefined when it is damaged or of another format. */
export function parseHeader(bytes: Uint8Array): SnapshotHeader | undefined {
  try {
    const header = JSON.parse(new TextDecoder().decode(bytes)) as SnapshotHeader;
    return header.format === FORMAT ? header : undefined;
  } catch {
    return undefined;
  }
}

export function decodeSnapshot(bytes: Uint8Array): SnapshotData | undefined {
  // Typed arrays need aligned offsets: a buffer that starts unaligned is copied once.
  if (bytes.byteOffset % 8 !== 0) bytes = bytes.slice();
  const headLength = headerLength(bytes);
  const header = headLength === undefined ? undefined : parseHeader(bytes.subarray(PREFIX, PREFIX + headLength));
  if (headLength === undefined || !header) return undefined;
  const base = bytes.byteOffset + align(PREFIX + headLength);
  const view = <T>(name: SectionName, Type: { new (b: ArrayBufferLike, o: number, n: number): T; BYTES_PER_ELEMENT: number }): T => {
    const [offset, length] = header.sections[name];
    return new Type(bytes.buffer, base + offset, length / Type.BYTES_PER_ELEMENT);
  };
  if (base + Object.values(header.sections).reduce((end, [o, n]) => Math.max(end, o + n), 0) > bytes.byteOffset + bytes.length) return undefined;
  // A damaged body (a bad disk block, a truncated copy) is never used: the search goes through SQLite.
  const sum = header.crc === null ? undefined : crc32(bytes.subarray(base - bytes.byteOffset));
  if (sum !== undefined && sum !== header.crc) return undefined;
  return {
    header,
    termStart: view('termStart', Uint32Array),
    termBytes: view('termBytes', Uint8Array),
    postStart: view('postStart', Uint32Array),
    posts: view('posts', Uint32Array),
    fwdStart: view('fwdStart', Uint32Array),
    firstColumn: view('firstColumn', Uint32Array),
    fwd: view('fwd', Uint32Array),
    rows: view('rows', Float64Array),
    scope: view('scope', Uint32Array),
    kind: view('kind', Uint8Array),
    created: view('created', Uint32Array),
    createdStart: view('createdStart', Uint32Array),
    createdBytes: view('createdBytes', Uint8Array),
    factStart: view('factStart', Uint32Array),
    factBytes: view('factBytes', Uint8Array),
  };
}

export type FactRecord = [...(string | number)[]];
export const FIELDS = ['id', 'version', 'text', 'translation', 'kind', 'scope', 'source', 'quote', 'created_at', 'host', 'state'] as const;

/** Doc d's fact and index columns, as the SQLite search reads them. */
export function readDoc(data: SnapshotData, d: number): { fact: Fact; terms: string; translationTerms: string } {
  const record = JSON.parse(new TextDecoder().decode(data.factBytes.subarray(data.factStart[d], data.factStart[d + 1]))) as FactRecord;
  const fact = Object.fromEntries(FIELDS.map((f, i) => [f, record[i]])) as unknown as Fact;
  return { fact, terms: String(record[FIELDS.length]), translationTerms: String(record[FIELDS.length + 1]) };
}

export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

export function align(n: number): number {
  return (n + 7) & ~7;
}
