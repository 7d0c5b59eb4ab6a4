// Builds the search file from the database: every live fact with the terms FTS5 holds for it. Runs
// after a search that found the file missing or outdated (under its reader ticket: no memcue commit
// lands meanwhile, read-gate.ts), and after a write too big for the delta (under the writers' lock).
// A state that moved anyway (another program wrote) is not written down.
import { COLUMNS } from '../store/facts.js';
import type { Database } from '../store/sqlite.js';
import { toFact } from '../store/rows.js';
import { INDEX_VERSION } from '../text/tokenize.js';
import { restoreJit } from '../util/jit.js';
import { mark } from '../util/profile.js';
import { encodeSnapshot } from './encode.js';
import type { SnapshotDoc } from './format.js';
import { currentStamp, removeFile, replaceFile, snapshotFiles, unlessBroken } from './files.js';


/** Between the fields of one fact as the query joins them (validate.ts keeps controls out of every field). */
const SEPARATOR = '\x1e';
const JOINED = ['i.id', ...COLUMNS.map((c) => `f.${c}`), 'i.c0', 'i.c1'].map((c) => `coalesce(${c}, '')`).join(' || char(30) || ');

/**
 * The live facts as the index holds them, in rowid order (FTS5's scan order); undefined if a field
 * holds the separator (an old or foreign row). Each fact comes as one text: every column read is a
 * call across the WASM boundary, and in a cold process the interpreter runs it.
 */
export function indexedDocs(db: Database, rows?: readonly number[]): SnapshotDoc[] | undefined {
  const where = rows ? `WHERE i.id IN (${rows.map(() => '?').join(', ')})` : '';
  const docs: SnapshotDoc[] = [];
  for (const r of db.iterate(`SELECT ${JOINED} AS doc FROM fact_index_content i JOIN facts f ON f.rowid = i.id ${where} ORDER BY i.id`, rows ?? [])) {
    const [row, ...values] = String(r.doc).split(SEPARATOR);
    if (values.length !== COLUMNS.length + 2) return undefined;
    const fact = toFact(Object.fromEntries(COLUMNS.map((c, k) => [c, values[k]!])));
    docs.push({ row: Number(row), fact, columns: [split(values[COLUMNS.length]), split(values[COLUMNS.length + 1])] });
  }
  return docs;
}

/**
 * Writes a new search file for the database as `store` reads it. Returns whether it did: not when the
 * state moved during the read, when FTS5 counts a fact's terms otherwise than we split them (the
 * copy would then rank differently), or when the folder is not writable.
 */
export function buildSearchFile(db: Database, realDbPath: string): boolean {
  // The search itself has answered; on any failure the next one tries again.
  return unlessBroken(() => build(db, realDbPath)) ?? false;
}

function build(db: Database, real: string): boolean {
  const stamp = currentStamp(real);
  if (stamp === undefined) return false;
  restoreJit(); // a loop over every fact
  const docs = indexedDocs(db);
  mark('search file: facts read');
  if (!docs || !sameTotals(db, docs)) return false;
  const scopesInUse = db.all('SELECT DISTINCT scope FROM facts').map((r) => String(r.scope));
  if (currentStamp(real) !== stamp) return false;
  const files = snapshotFiles(real);
  const bytes = encodeSnapshot(docs, stamp, INDEX_VERSION, scopesInUse);
  mark('search file: encoded');
  if (!replaceFile(files.base, bytes, real)) return false;
  removeFile(files.delta); // it belonged to the previous file
  return true;
}

/**
 * FTS5's own totals (the averages record of fact_index_data: rows, then tokens per column, as
 * varints) against our split: a fact FTS5 tokenized otherwise would make the copy rank otherwise.
 */
function sameTotals(db: Database, docs: readonly SnapshotDoc[]): boolean {
  const record = db.get('SELECT hex(block) AS block FROM fact_index_data WHERE id = 1');
  const [rows, text, translation] = varints(String(record?.block ?? ''));
  const sum = (c: 0 | 1) => docs.reduce((n, d) => n + d.columns[c].length, 0);
  return rows === docs.length && text === sum(0) && translation === sum(1);
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
