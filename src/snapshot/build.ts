// Builds the search file from the database: every live fact with the terms FTS5 holds for it (made
// again from its text, indexTerms: the index may keep no copy, and sameTotals checks them). Runs
// after a search that found the file missing or outdated (in its read transaction: no commit lands
// meanwhile), and after a write too big for the delta (still holding RESERVED, connections.ts).
// A state that moved anyway (another program wrote) is not written down.
import { COLUMNS } from '../facts/facts.js';
import type { Database } from '../sqlite/sqlite.js';
import { toFact } from '../store/rows.js';
import { hasChangesInPlace } from '../store/fact-index.js';
import { INDEX_VERSION, indexTerms } from '../text/tokenize.js';
import { restoreJit } from '../util/jit.js';
import { mark } from '../util/profile.js';
import { collectLeftGarbage, garbageBound } from '../util/garbage.js';
import { SearchFileWriter } from './encode.js';
import type { SnapshotDoc } from './format.js';
import { currentStamp, removeFile, replaceFileWith, snapshotFiles, unlessBroken } from './files.js';


/** Between the fields of one fact as the query joins them (validate.ts keeps controls out of every field). */
const SEPARATOR = '\x1e';
const JOINED = ['i.id', ...COLUMNS.map((c) => `f.${c}`)].map((c) => `coalesce(${c}, '')`).join(' || char(30) || ');

/**
 * The live facts as the index holds them, in rowid order (FTS5's scan order), one by one; false if a
 * field holds the separator (an old or foreign row). Each fact comes as one text: every column read
 * is a call across the WASM boundary, and in a cold process the interpreter runs it.
 */
export function eachIndexedDoc(db: Database, rows: readonly number[] | undefined, visit: (doc: SnapshotDoc) => void): boolean {
  const where = rows ? `WHERE i.id IN (${rows.map(() => '?').join(', ')})` : '';
  // fact_index_docsize has a row for each indexed fact, keyed by its rowid, in both index layouts.
  for (const r of db.iterate(`SELECT ${JOINED} AS doc FROM fact_index_docsize i JOIN facts f ON f.rowid = i.id ${where} ORDER BY i.id`, rows ?? [])) {
    const [row, ...values] = String(r.doc).split(SEPARATOR);
    if (values.length !== COLUMNS.length) return false;
    const fact = toFact(Object.fromEntries(COLUMNS.map((c, k) => [c, values[k]!])));
    visit({ row: Number(row), fact, columns: [indexTerms(fact.text), indexTerms(fact.translation)] });
  }
  return true;
}

/** The given rows' docs (a delta's few). */
export function indexedDocs(db: Database, rows: readonly number[]): SnapshotDoc[] | undefined {
  const docs: SnapshotDoc[] = [];
  return eachIndexedDoc(db, rows, (doc) => docs.push(doc)) ? docs : undefined;
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
  // Made from the rows' text, the file would answer otherwise than the index, which still holds the
  // old terms of rows another program changed in place: SQLite answers until memcue's next write.
  if (hasChangesInPlace(db)) return false;
  restoreJit(); // a loop over every fact
  collectLeftGarbage();
  const scopesInUse = db.all('SELECT DISTINCT scope FROM facts').map((r) => String(r.scope));
  const files = snapshotFiles(real);
  // Streamed: the facts go to the file as SQLite yields them (encode.ts), never all in memory.
  const written = replaceFileWith(files.base, real, (fd, scratch) => {
    const writer = new SearchFileWriter(fd, scratch);
    const totals = [0, 0, 0];
    const tick = garbageBound();
    let complete: boolean;
    try {
      complete = eachIndexedDoc(db, undefined, (doc) => {
        writer.add(doc);
        tick();
        totals[0]!++;
        totals[1]! += doc.columns[0].length;
        totals[2]! += doc.columns[1].length;
      });
    } catch (err) {
      writer.abandon(); // its runs' temporaries (a full disk fails a run's write)
      throw err;
    }
    mark('search file: facts read');
    if (!complete || !sameTotals(db, totals) || currentStamp(real) !== stamp) {
      writer.abandon();
      throw new Error('not a copy of the index as it is');
    }
    writer.finish({ stamp, indexVersion: INDEX_VERSION, scopesInUse });
    mark('search file: encoded');
  });
  if (!written) return false;
  removeFile(files.delta); // it belonged to the previous file
  return true;
}

/**
 * FTS5's own totals (the averages record of fact_index_data: rows, then tokens per column, as
 * varints) against our split: a fact FTS5 tokenized otherwise would make the copy rank otherwise.
 */
function sameTotals(db: Database, [docs, text, translation]: number[]): boolean {
  const record = db.get('SELECT hex(block) AS block FROM fact_index_data WHERE id = 1');
  const [rows, textTotal, translationTotal] = varints(String(record?.block ?? ''));
  return rows === docs && text === textTotal && translation === translationTotal;
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
