// Heads: which row is each fact's current version, and the FTS index kept to those rows alone (active
// ones). Facts rows are never updated in place, so a head moves by pointing at a newer row; the row it
// leaves goes out of the index with the terms it was indexed with (fact-index.ts).
import { INDEX_VERSION } from '../text/tokenize.js';
import { indexAdded, indexRebuilt, indexRemoved } from './write-watch.js';
import { garbageBound } from '../util/garbage.js';
import { mark } from '../util/profile.js';
import { addToIndex, clearIndex, isCompact, removeFromIndex } from './fact-index.js';
import type { Database, Row } from '../sqlite/sqlite.js';
import { MAX_VERSION } from '../facts/validate.js';

const INDEX_VERSION_KEY = 'index_version';
/** Rowids read at a time by refreshHeadsBetween. */
const HEADS_WINDOW = 20_000;

/**
 * Rows over MAX_VERSION are forged (validate.ts): stored before versions were bounded, they are never
 * read, so a fact's history, export and sync go on from its real versions.
 */
export const REAL_VERSION = `f.version <= ${MAX_VERSION}`;
/** `columns` of the current version of the fact whose id is `id` (a parameter, or a column outside): the highest (version, created_at, host). */
const currentVersion = (columns: string, id: string) => `SELECT ${columns} FROM facts f WHERE id = ${id} AND ${REAL_VERSION}
  ORDER BY version DESC, created_at DESC, host DESC LIMIT 1`;
const CURRENT_VERSION = currentVersion('rowid AS row, version, state, text, translation', '?');
/** A fact's head row and the texts it was indexed with (none if another program deleted the row). */
export const HEAD_ROW = 'SELECT h.fact_row, f.text, f.translation FROM heads h LEFT JOIN facts f ON f.rowid = h.fact_row WHERE h.id = ?';

/** Points the head at the current version and keeps the index to current active versions only. */
export function refreshHead(db: Database, compact: boolean, id: string): void {
  const old = db.get(HEAD_ROW, [id]);
  const top = db.get(CURRENT_VERSION, [id]);
  if (!top || (old && old.fact_row === top.row)) return;
  if (old) {
    // The row as it was indexed: facts rows are never updated in place (Store.beginIndexWork takes
    // care of those another program changed).
    removeFromIndex(db, compact, Number(old.fact_row), old.text, old.translation);
    indexRemoved(db, Number(old.fact_row));
  }
  writeHead(db, id, top);
}

/**
 * refreshHead for every fact with a row in (from, last] (after a bulk insert), a window of rowids at
 * a time: memory stays bounded, and no statement reads facts while heads and the index are written
 * (that interleaving cost a fifth more CPU). A fact in two windows is refreshed twice, harmlessly.
 */
export function refreshHeadsBetween(db: Database, compact: boolean, from: number, last: number): void {
  const tick = garbageBound();
  for (let start = from; start < last; start += HEADS_WINDOW) {
    const ids = db.all('SELECT DISTINCT id FROM facts WHERE rowid > ? AND rowid <= ?', [start, start + HEADS_WINDOW]);
    for (const { id } of ids) {
      refreshHead(db, compact, String(id));
      tick();
    }
  }
  mark('heads refreshed');
}

/**
 * Rebuilds the head table and the index from the fact rows (after a migration, a merge or a change
 * of tokenizer) and records that the index now holds this tokenizer's terms.
 */
export function rebuildDerived(db: Database): void {
  db.exec('DELETE FROM heads');
  clearIndex(db, isCompact(db));
  // Rows recorded as changed in place were in the index just emptied.
  if (isCompact(db)) db.exec('DELETE FROM facts_changed_in_place');
  indexRebuilt(db);
  const ids = db.all('SELECT DISTINCT id FROM facts');
  const tick = garbageBound();
  for (const { id } of ids) {
    const top = db.get(CURRENT_VERSION, [id!]);
    if (top) writeHead(db, String(id), top); // a fact with only forged rows has no head
    tick();
  }
  db.run(`INSERT OR REPLACE INTO settings (key, value) VALUES ('${INDEX_VERSION_KEY}', ?)`, [String(INDEX_VERSION)]);
}

/** The INDEX_VERSION the index was built with; databases from before it was recorded hold 1. */
export function indexVersion(db: Database): number {
  // The key as a parameter: the guard's cookie (trigger-guard.ts) is read with the same statement,
  // compiled once per connection (each compile costs a write ~0.4 ms in the cold WASM).
  const row = db.get('SELECT value FROM settings WHERE key = ?', [INDEX_VERSION_KEY]);
  return row ? Number(row.value) : 1;
}

/** Records `top` as the head of `id` and indexes it if it is active. */
export function writeHead(db: Database, id: string, top: Row): void {
  db.run('INSERT OR REPLACE INTO heads (id, version, fact_row) VALUES (?, ?, ?)', [id, top.version!, top.row!]);
  if (top.state !== 'active') return;
  addToIndex(db, Number(top.row), String(top.text), String(top.translation));
  indexAdded(db, Number(top.row));
}

/**
 * How heads and the index disagree with the facts, one phrase per kind (empty: they agree). memcue
 * keeps them itself; another program writing `heads` (or the index) is not guarded by any trigger, so
 * `memcue doctor` asks this and `memcue compact` rebuilds them (rebuildDerived) when it finds any.
 */
export function derivedDisagreement(db: Database): string[] {
  const count = (sql: string) => Number(db.get(sql)?.n ?? 0);
  const found: [number, string][] = [
    [count(`SELECT count(*) AS n FROM (SELECT DISTINCT id FROM facts f WHERE ${REAL_VERSION}) f WHERE NOT EXISTS (SELECT 1 FROM heads h WHERE h.id = f.id)`), 'facts without a head'],
    [count('SELECT count(*) AS n FROM heads h LEFT JOIN facts f ON f.rowid = h.fact_row WHERE f.rowid IS NULL OR f.id <> h.id OR f.version <> h.version'), 'heads pointing at no row of their fact'],
    [
      count(`SELECT count(*) AS n FROM heads h JOIN facts f ON f.rowid = h.fact_row
        WHERE f.rowid <> (${currentVersion('rowid', 'h.id')})`),
      "heads not at their fact's current version",
    ],
  ];
  const problems = found.filter(([n]) => n > 0).map(([n, what]) => `${what}: ${n}`);
  const indexed = count('SELECT count(*) AS n FROM fact_index_docsize');
  const active = count("SELECT count(*) AS n FROM heads h JOIN facts f ON f.rowid = h.fact_row WHERE f.state = 'active'");
  if (indexed !== active) problems.push(`rows in the search index: ${indexed}, active facts: ${active}`);
  return problems;
}
