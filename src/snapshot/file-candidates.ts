// "Already known" (audit/same-text.ts) answered from the search file, when it and its delta describe
// the index as the write transaction found it (delta.ts offers them): the FTS5 query it replaces was
// ~3.5 ms of an add's CPU (a cold FTS5 query path in the WASM), the dictionary lookups here a fraction
// of that (docs/add-cost.md). The candidates are the facts holding the clause term fewest facts hold:
// every fact saying the same text holds it, and same-text.ts compares the texts. None hold it (a new
// word: most adds) — no candidate, no posting read. Too many hold it: SQLite answers instead, whose
// query intersects every clause.
import type { Fact } from '../facts/facts.js';
import type { Delta } from './delta-file.js';
import { utf8 } from './format.js';
import type { SearchFile, TermEntry } from './reader.js';

/** Past this many facts holding the rarest term, FTS5's intersection of all of them is cheaper than reading each. */
export const MAX_FILE_CANDIDATES = 64;

export function fileCandidates(file: SearchFile, delta: Delta, clauses: readonly (readonly string[])[], scope: string): Fact[] | undefined {
  let rarest: { term: string; entry?: TermEntry; docs: number } | undefined;
  for (const clause of clauses) {
    // A clause of alternatives (an acronym's plural) would need a union: the others narrow enough.
    if (clause.length !== 1) continue;
    const term = clause[0]!;
    const entry = file.terms(utf8.encode(term), false)[0];
    const docs = (entry?.docs ?? 0) + delta.added.filter((doc) => holds(doc.columns, term)).length;
    if (!rarest || docs < rarest.docs) rarest = { term, entry, docs };
    if (docs === 0) break;
  }
  if (!rarest || rarest.docs > MAX_FILE_CANDIDATES) return undefined;
  const facts: Fact[] = [];
  const scopeIndex = file.header.scopes.indexOf(scope);
  if (rarest.entry && scopeIndex >= 0) {
    const removed = new Set(delta.removed);
    for (const d of file.postings(rarest.entry).docs) {
      const record = file.doc(d);
      if (record.scope === scopeIndex && !removed.has(record.row)) facts.push(file.stored(d).fact);
    }
  }
  for (const doc of delta.added) if (doc.fact.scope === scope && holds(doc.columns, rarest.term)) facts.push(doc.fact);
  return facts;
}

function holds(columns: readonly [readonly string[], readonly string[]], term: string): boolean {
  return columns[0].includes(term) || columns[1].includes(term);
}
