// The store's reads of facts: which fact an id names, its current version and history, listings and
// export rows. Plain queries on the connection the store gives (store.ts decides which one: a
// reader's, or the writer's inside a transaction), apart from opening, locking and writing.
import { MemcueError } from '../errors.js';
import { COLUMNS, type Fact } from '../facts/facts.js';
import { REAL_VERSION } from './heads.js';
import { filterClause, toFact, type ListFilter } from './rows.js';
import type { Database } from '../sqlite/sqlite.js';

const FACT_COLUMNS = COLUMNS.map((c) => `f.${c}`).join(', ');

/** The key of a version row: the same fact version written on two machines is two rows. */
export type RowKey = Pick<Fact, 'id' | 'version' | 'created_at' | 'host'>;

/** The full id for an id or a unique prefix of one (at least 4 characters). */
export function resolveId(db: Database, idOrPrefix: string): string {
  const wanted = idOrPrefix.trim().toLowerCase();
  // A prefix of 1–3 characters picks a fact by luck more than by intent.
  if (wanted.length < 4) throw new MemcueError('USAGE', `id "${idOrPrefix}" is too short`, 'give at least 4 characters of the id');
  if (/^[0-9a-z]+$/.test(wanted)) {
    // An exact id wins over being the prefix of a longer one (imported ids may have any length).
    if (db.get('SELECT 1 AS x FROM heads WHERE id = ?', [wanted])) return wanted;
    const rows = db.all('SELECT id FROM heads WHERE id >= ? AND id < ? LIMIT 2', [wanted, `${wanted}\u{10ffff}`]);
    if (rows.length === 1) return String(rows[0]!.id);
    if (rows.length > 1) {
      throw new MemcueError('USAGE', `id prefix "${idOrPrefix}" matches several facts`, 'give more characters of the id');
    }
  }
  throw new MemcueError('NOT_FOUND', `no fact with id "${idOrPrefix}"`, 'find ids with `memcue search` or `memcue list`');
}

/** The current version of the fact with this exact id, if there is one. */
export function headOf(db: Database, id: string): Fact | undefined {
  const row = db.get(`SELECT ${FACT_COLUMNS} FROM heads h JOIN facts f ON f.rowid = h.fact_row WHERE h.id = ?`, [id]);
  return row ? toFact(row) : undefined;
}

/** Every version of a fact, oldest first (rows over the version bound are not versions: heads.ts). */
export function versionsOf(db: Database, id: string): Fact[] {
  return db.all(`SELECT ${FACT_COLUMNS} FROM facts f WHERE f.id = ? AND ${REAL_VERSION} ORDER BY f.version, f.created_at, f.host`, [id]).map(toFact);
}

/** Current facts (active unless `filter.state` says otherwise), newest first, one at a time; with a
 * limit SQLite keeps only the newest `limit` while it sorts (after skipping `offset`: the viewer's later pages). */
export function* listedFacts(db: Database, filter: ListFilter, limit?: number, offset = 0): Generator<Fact> {
  const { where, params } = filterClause({ ...filter, state: filter.state ?? 'active' });
  const sql = `SELECT ${FACT_COLUMNS} FROM heads h JOIN facts f ON f.rowid = h.fact_row
       WHERE 1 ${where} ORDER BY f.created_at DESC, f.id${limit === undefined ? '' : ' LIMIT ? OFFSET ?'}`;
  for (const row of db.iterate(sql, limit === undefined ? params : [...params, limit, offset])) yield toFact(row);
}

/** How many facts listedFacts gives, without reading them (the viewer's "100 of 10,000"). */
export function countListedFacts(db: Database, filter: ListFilter): number {
  const { where, params } = filterClause({ ...filter, state: filter.state ?? 'active' });
  return Number(db.get(`SELECT COUNT(*) AS n FROM heads h JOIN facts f ON f.rowid = h.fact_row WHERE 1 ${where}`, params)?.n ?? 0);
}

/** Every version row (superseded and forgotten ones too), newest first, one at a time (with a limit,
 * only the newest `limit`): the history behind a listing. */
export function* listedVersions(db: Database, filter: ListFilter, limit?: number): Generator<Fact> {
  const { where, params } = filterClause(filter);
  const sql = `SELECT ${FACT_COLUMNS} FROM facts f WHERE ${REAL_VERSION} ${where} ORDER BY f.created_at DESC, f.id, f.version DESC${limit === undefined ? '' : ' LIMIT ?'}`;
  for (const row of db.iterate(sql, limit === undefined ? params : [...params, limit])) yield toFact(row);
}

/** Every version row (or only current ones), in a stable order, for export: one at a time. */
export function* exportRows(db: Database, allVersions: boolean): Generator<Fact> {
  // Both orders are those of a key, so SQLite reads in order and never sorts in memory (ORDER BY
  // f.id on the join did: 0.8 GB at 500k facts).
  const sql = allVersions
    ? `SELECT ${FACT_COLUMNS} FROM facts f WHERE ${REAL_VERSION} ORDER BY f.id, f.version`
    : `SELECT ${FACT_COLUMNS} FROM heads h JOIN facts f ON f.rowid = h.fact_row ORDER BY h.id`;
  for (const row of db.iterate(sql)) yield toFact(row);
}

/** The rowid of this exact version row, if stored. */
export function rowOf(db: Database, key: RowKey): number | undefined {
  const row = db.get('SELECT rowid AS row FROM facts WHERE id = ? AND version = ? AND created_at = ? AND host = ?', [key.id, key.version, key.created_at, key.host]);
  return row ? Number(row.row) : undefined;
}

/** The highest rowid of the fact rows: rows inserted later (rows are never deleted) lie above it. */
export function lastRow(db: Database): number {
  return Number(db.get('SELECT max(rowid) AS row FROM facts')?.row ?? 0);
}
