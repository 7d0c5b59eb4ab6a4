// Builds the search file from the database: every live fact with the terms FTS5 holds for it. Runs
// after a search that found the file missing or outdated, under that search's reader ticket (no
// memcue commit can land meanwhile, read-gate.ts); a state that moved anyway (another program wrote)
// is not written down.
import { COLUMNS, type Fact } from '../store/facts.js';
import type { Store } from '../store/store.js';
import { toFact } from '../store/store.js';
import { INDEX_VERSION } from '../text/tokenize.js';
import { encodeSnapshot, type SnapshotDoc } from './format.js';
import { currentStamp, removeFile, replaceFile, snapshotFiles } from './files.js';

const FACT_COLUMNS = COLUMNS.map((c) => `f.${c}`).join(', ');

/** The live facts as the index holds them, in rowid order (FTS5's scan order). */
export function indexedDocs(store: Store, rows?: readonly number[]): SnapshotDoc[] {
  const where = rows ? `WHERE i.id IN (${rows.map(() => '?').join(', ')})` : '';
  return store.db
    .all(`SELECT i.id AS row, ${FACT_COLUMNS}, i.c0, i.c1 FROM fact_index_content i JOIN facts f ON f.rowid = i.id ${where} ORDER BY i.id`, rows ?? [])
    .map((r) => ({ row: Number(r.row), fact: toFact(r) as Fact, columns: [split(r.c0), split(r.c1)] as [string[], string[]] }));
}

/**
 * Writes a new search file for the database as `store` reads it. Returns whether it did: not when the
 * state moved during the read, when FTS5 counts a fact's terms otherwise than we split them (the
 * copy would then rank differently), or when the folder is not writable.
 */
export function buildSearchFile(store: Store): boolean {
  const real = store.file.real;
  const stamp = currentStamp(real);
  if (stamp === undefined) return false;
  const docs = indexedDocs(store);
  if (!sameLengths(store, docs)) return false;
  const scopesInUse = store.db.all('SELECT DISTINCT scope FROM facts').map((r) => String(r.scope));
  if (currentStamp(real) !== stamp) return false;
  const files = snapshotFiles(real);
  if (!replaceFile(files.base, encodeSnapshot(docs, stamp, INDEX_VERSION, scopesInUse))) return false;
  removeFile(files.delta); // it belonged to the previous file
  return true;
}

/** FTS5's own token counts (fact_index_docsize: a varint per column) against our split. */
function sameLengths(store: Store, docs: readonly SnapshotDoc[]): boolean {
  const sizes = store.db.all('SELECT id, hex(sz) AS sz FROM fact_index_docsize ORDER BY id');
  if (sizes.length !== docs.length) return false;
  return sizes.every((r, i) => {
    const doc = docs[i]!;
    const [text, translation] = varints(String(r.sz));
    return Number(r.id) === doc.row && text === doc.columns[0].length && translation === doc.columns[1].length;
  });
}

/** SQLite varints (big-endian groups of 7 bits) from a hex string. */
function varints(hex: string): number[] {
  const out: number[] = [];
  let value = 0;
  for (let i = 0; i < hex.length; i += 2) {
    const byte = parseInt(hex.slice(i, i + 2), 16);
    value = value * 128 + (byte & 0x7f);
    if (byte < 0x80) {
      out.push(value);
      value = 0;
    }
  }
  return out;
}

function split(value: unknown): string[] {
  return String(value ?? '').split(' ').filter(Boolean);
}
