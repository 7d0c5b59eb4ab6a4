// The search file's layout: a copy of the live index that `memcue search` reads without starting
// SQLite (issue 14: compiling the WASM and running FTS5 in JavaScriptCore's interpreter cost ~80 ms
// CPU of a cold search; reading this file costs a few). One JSON header, then typed arrays that are
// used in place (no parsing): the sorted term dictionary with its postings, each fact's terms in
// order (phrases need positions), and each fact's fields as JSON, decoded only for the results.
import { createRequire } from 'node:module';
import type { Fact } from '../store/facts.js';
import { KINDS } from '../store/schema.js';

const MAGIC = 'memcue-search\n';
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
  /** fact_usage (id → hits) when the file was built: the card keeps the most used first. */
  usage: Record<string, number>;
  sections: Record<SectionName, [offset: number, length: number]>;
  /** CRC-32 of everything after the header (null: written where no CRC-32 was at hand). */
  crc: number | null;
}

const SECTIONS = [
  'termStart', 'termBytes', 'postStart', 'posts', 'fwdStart', 'firstColumn', 'fwd',
  'rows', 'scope', 'kind', 'created', 'createdStart', 'createdBytes', 'factStart', 'factBytes',
] as const;
type SectionName = (typeof SECTIONS)[number];

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

const utf8 = new TextEncoder();

/** The file for `docs` (sorted by row), taken at `stamp`. Typed arrays throughout: it runs over every term of every fact. */
export function encodeSnapshot(docs: readonly SnapshotDoc[], stamp: string, indexVersion: number, scopesInUse: string[], usage: Record<string, number> = {}): Uint8Array {
  const termIds = new Map<string, number>();
  let tokens = 0;
  for (const doc of docs) {
    for (const column of doc.columns) {
      tokens += column.length;
      for (const term of column) termIds.set(term, 0);
    }
  }
  const sorted = sortByBytes([...termIds.keys()]);
  sorted.forEach((term, id) => termIds.set(term, id));
  const { starts: termStart, bytes: termBytes } = encodeLines(sorted);

  // Each doc's term ids in order, and its (term, tf in text, tf in translation) once per distinct term.
  const fwd = new Uint32Array(tokens);
  const fwdStart = new Uint32Array(docs.length + 1);
  const firstColumn = new Uint32Array(docs.length);
  const seenIn = new Int32Array(sorted.length).fill(-1);
  const tf = [new Uint32Array(sorted.length), new Uint32Array(sorted.length)];
  const perTerm = new Uint32Array(sorted.length);
  // (term, doc, tf in text, tf in translation) per distinct term of a doc: at most one per token.
  const entryTerm = new Uint32Array(tokens);
  const entryDoc = new Uint32Array(tokens);
  const entryTf = [new Uint32Array(tokens), new Uint32Array(tokens)];
  let entries = 0;
  let at = 0;
  docs.forEach((doc, d) => {
    const distinct: number[] = [];
    doc.columns.forEach((column, c) => {
      for (const term of column) {
        const id = termIds.get(term)!;
        fwd[at++] = id;
        if (seenIn[id] !== d) {
          seenIn[id] = d;
          tf[0]![id] = 0;
          tf[1]![id] = 0;
          distinct.push(id);
        }
        tf[c]![id]!++;
      }
    });
    for (const id of distinct) {
      entryTerm[entries] = id;
      entryDoc[entries] = d;
      entryTf[0]![entries] = tf[0]![id]!;
      entryTf[1]![entries] = tf[1]![id]!;
      entries++;
      perTerm[id]!++;
    }
    firstColumn[d] = doc.columns[0].length;
    fwdStart[d + 1] = at;
  });
  // Postings grouped by term (a counting sort); docs stay ascending within a term.
  const postStart = new Uint32Array(sorted.length + 1);
  for (let t = 0; t < sorted.length; t++) postStart[t + 1] = postStart[t]! + perTerm[t]!;
  const posts = new Uint32Array(3 * postStart[sorted.length]!);
  const next = postStart.slice(0, sorted.length);
  for (let e = 0; e < entries; e++) {
    const p = 3 * next[entryTerm[e]!]!++;
    posts[p] = entryDoc[e]!;
    posts[p + 1] = entryTf[0]![e]!;
    posts[p + 2] = entryTf[1]![e]!;
  }

  const scopes = [...new Set(docs.map((d) => d.fact.scope))];
  const scopeIndex = new Map(scopes.map((s, i) => [s, i]));
  // Ranks in SQLite's order for TEXT (the bytes of the UTF-8).
  const created = sortByBytes([...new Set(docs.map((d) => d.fact.created_at))]);
  const createdRank = new Map(created.map((c, i) => [c, i]));
  const createdLines = encodeLines(created);
  const factLines = encodeLines(docs.map((d) => JSON.stringify(factRecord(d))));

  const arrays: Record<SectionName, ArrayBufferView> = {
    termStart,
    termBytes,
    postStart,
    posts,
    fwdStart,
    firstColumn,
    fwd,
    rows: Float64Array.from(docs.map((d) => d.row)),
    scope: Uint32Array.from(docs.map((d) => scopeIndex.get(d.fact.scope)!)),
    kind: Uint8Array.from(docs.map((d) => KINDS.indexOf(d.fact.kind))),
    created: Uint32Array.from(docs.map((d) => createdRank.get(d.fact.created_at)!)),
    createdStart: createdLines.starts,
    createdBytes: createdLines.bytes,
    factStart: factLines.starts,
    factBytes: factLines.bytes,
  };
  const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  const header: Omit<SnapshotHeader, 'sections' | 'crc'> = {
    format: FORMAT, indexVersion, stamp, id, docs: docs.length, terms: sorted.length, tokens, scopes, scopesInUse, usage,
  };
  return layOut(header, arrays);
}

/**
 * Strings in the order of their UTF-8 bytes (SQLite's and the file's). JavaScript's own sort
 * compares UTF-16 units, which agrees unless a string holds a surrogate pair.
 */
function sortByBytes(values: string[]): string[] {
  if (!values.some((v) => SURROGATE.test(v))) return values.sort();
  const encoded = values.map((value) => ({ value, bytes: utf8.encode(value) }));
  return encoded.sort((a, b) => compareBytes(a.bytes, b.bytes)).map((e) => e.value);
}
const SURROGATE = /[\uD800-\uDFFF]/;

/** Texts without newlines, encoded in one go (one call instead of one per text): the bytes and where each starts. */
function encodeLines(values: readonly string[]): { starts: Uint32Array; bytes: Uint8Array } {
  if (values.some((v) => v.includes('\n'))) throw new Error('a value holds a newline'); // never for terms, dates or JSON
  const joined = utf8.encode(values.join('\n'));
  const bytes = new Uint8Array(joined.length - Math.max(0, values.length - 1));
  const starts = new Uint32Array(values.length + 1);
  let k = 1;
  let out = 0;
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === 10) starts[k++] = out;
    else bytes[out++] = joined[i]!;
  }
  starts[values.length] = out;
  return { starts, bytes };
}

/** Header length, header, then each section at an 8-byte boundary; the header holds the body's CRC-32. */
function layOut(header: Omit<SnapshotHeader, 'sections' | 'crc'>, arrays: Record<SectionName, ArrayBufferView>): Uint8Array {
  const sections = {} as SnapshotHeader['sections'];
  let at = 0;
  for (const name of SECTIONS) {
    sections[name] = [at, arrays[name].byteLength];
    at = align(at + arrays[name].byteLength);
  }
  const body = new Uint8Array(at);
  for (const name of SECTIONS) {
    const view = arrays[name];
    body.set(new Uint8Array(view.buffer, view.byteOffset, view.byteLength), sections[name][0]);
  }
  const head = utf8.encode(JSON.stringify({ ...header, sections, crc: crc32(body) ?? null }));
  const base = align(MAGIC.length + 4 + head.length);
  const out = new Uint8Array(base + at);
  out.set(utf8.encode(MAGIC));
  new DataView(out.buffer).setUint32(MAGIC.length, head.length, true);
  out.set(head, MAGIC.length + 4);
  out.set(body, base);
  return out;
}

/**
 * CRC-32 of the bytes, where the runtime has it built in (Bun, Node ≥ 20.15: ~0.2 ms for 2.5 MB);
 * undefined elsewhere (the file is then used unchecked, as SQLite uses its own pages).
 */
function crc32(bytes: Uint8Array): number | undefined {
  const bun = (globalThis as { Bun?: { hash: { crc32(b: Uint8Array): number } } }).Bun;
  if (bun) return bun.hash.crc32(bytes);
  return nodeCrc32?.(bytes);
}
const nodeCrc32 = (() => {
  try {
    return (createRequire(import.meta.url)('node:zlib') as { crc32?: (b: Uint8Array) => number }).crc32;
  } catch {
    return undefined;
  }
})();

/** Views into a file's bytes; undefined when the bytes are not a search file of this format. */
export function decodeSnapshot(bytes: Uint8Array): SnapshotData | undefined {
  if (bytes.length < MAGIC.length + 4 || new TextDecoder().decode(bytes.subarray(0, MAGIC.length)) !== MAGIC) return undefined;
  // Typed arrays need aligned offsets: a buffer that starts unaligned is copied once.
  if (bytes.byteOffset % 8 !== 0) bytes = bytes.slice();
  const headLength = new DataView(bytes.buffer, bytes.byteOffset).getUint32(MAGIC.length, true);
  let header: SnapshotHeader;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(MAGIC.length + 4, MAGIC.length + 4 + headLength)));
  } catch {
    return undefined;
  }
  if (header.format !== FORMAT) return undefined;
  const base = bytes.byteOffset + align(MAGIC.length + 4 + headLength);
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

type FactRecord = [...(string | number)[]];
const FIELDS = ['id', 'version', 'text', 'translation', 'kind', 'scope', 'source', 'quote', 'created_at', 'host', 'state'] as const;

function factRecord(doc: SnapshotDoc): FactRecord {
  return [...FIELDS.map((f) => doc.fact[f]), doc.columns[0].join(' '), doc.columns[1].join(' ')];
}

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

function align(n: number): number {
  return (n + 7) & ~7;
}
