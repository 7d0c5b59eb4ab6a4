// Writing the search file (format.ts has its layout): one pass over every term of every fact, in
// typed arrays, since it runs over the whole memory.
import { KINDS } from '../store/schema.js';
import { align, compareBytes, crc32, FIELDS, FORMAT, MAGIC, PREFIX, SECTIONS, utf8, type FactRecord, type SectionName, type SnapshotDoc, type SnapshotHeader } from './format.js';

/** The file for `docs` (sorted by row), taken at `stamp`. Typed arrays throughout: it runs over every term of every fact. */
export function encodeSnapshot(docs: readonly SnapshotDoc[], stamp: string, indexVersion: number, scopesInUse: string[]): Uint8Array {
  // One pass over the tokens: each term gets an id in first-seen order (one map lookup per token,
  // the costly part at 50k facts), then the ids are renumbered into the dictionary's byte order.
  let tokens = 0;
  for (const doc of docs) tokens += doc.columns[0].length + doc.columns[1].length;
  const firstSeen = new Map<string, number>();
  const names: string[] = [];
  const fwd = new Uint32Array(tokens);
  const fwdStart = new Uint32Array(docs.length + 1);
  const firstColumn = new Uint32Array(docs.length);
  let at = 0;
  docs.forEach((doc, d) => {
    for (const column of doc.columns) {
      for (const term of column) {
        let id = firstSeen.get(term);
        if (id === undefined) {
          id = names.length;
          firstSeen.set(term, id);
          names.push(term);
        }
        fwd[at++] = id;
      }
    }
    firstColumn[d] = doc.columns[0].length;
    fwdStart[d + 1] = at;
  });
  const sorted = sortByBytes([...names]);
  const renumber = new Uint32Array(names.length);
  sorted.forEach((term, id) => (renumber[firstSeen.get(term)!] = id));
  for (let i = 0; i < tokens; i++) fwd[i] = renumber[fwd[i]!]!;
  const { starts: termStart, bytes: termBytes } = encodeLines(sorted);

  // (term, doc, tf in text, tf in translation) once per distinct term of a doc: at most one per token.
  const seenIn = new Int32Array(sorted.length).fill(-1);
  const tf = [new Uint32Array(sorted.length), new Uint32Array(sorted.length)];
  const perTerm = new Uint32Array(sorted.length);
  const distinct = new Uint32Array(tokens);
  const entryTerm = new Uint32Array(tokens);
  const entryDoc = new Uint32Array(tokens);
  const entryTf = [new Uint32Array(tokens), new Uint32Array(tokens)];
  let entries = 0;
  for (let d = 0; d < docs.length; d++) {
    let count = 0;
    for (let i = fwdStart[d]!; i < fwdStart[d + 1]!; i++) {
      const id = fwd[i]!;
      if (seenIn[id] !== d) {
        seenIn[id] = d;
        tf[0]![id] = 0;
        tf[1]![id] = 0;
        distinct[count++] = id;
      }
      tf[i < fwdStart[d]! + firstColumn[d]! ? 0 : 1]![id]!++;
    }
    for (let k = 0; k < count; k++) {
      const id = distinct[k]!;
      entryTerm[entries] = id;
      entryDoc[entries] = d;
      entryTf[0]![entries] = tf[0]![id]!;
      entryTf[1]![entries] = tf[1]![id]!;
      entries++;
      perTerm[id]!++;
    }
  }
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
    format: FORMAT, indexVersion, stamp, id, docs: docs.length, terms: sorted.length, tokens, scopes, scopesInUse,
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
  const base = align(PREFIX + head.length);
  const out = new Uint8Array(base + at);
  out.set(utf8.encode(MAGIC));
  new DataView(out.buffer).setUint32(MAGIC.length, head.length, true);
  out.set(head, PREFIX);
  out.set(body, base);
  return out;
}

function factRecord(doc: SnapshotDoc): FactRecord {
  return [...FIELDS.map((f) => doc.fact[f]), doc.columns[0].join(' '), doc.columns[1].join(' ')];
}
