// The facts a dream walks through, a page at a time and never all at once (issue 38: 500,000 facts
// loaded whole took 2.45 GB): the active facts in the order of their rows in the FTS5 index (the
// facts rowid: the order they were written in), after a cursor. The cursor is kept in `settings`
// (local, never synced), so the next `dream` continues where the last one stopped; a fact that gets
// a new version gets a new row after every cursor, so nothing changed is left behind.
import { COLUMNS, type Fact } from '../facts/facts.js';
import { filterClause, toFact } from '../store/rows.js';
import type { Database } from '../sqlite/sqlite.js';

const FACT_COLUMNS = COLUMNS.map((c) => `f.${c}`).join(', ');
/** Rows read per statement: large enough to cost few statements, small enough to hold. */
const PAGE = 500;

export interface Seed {
  row: number;
  fact: Fact;
}

/** Which walk a cursor belongs to: the cluster search or the index work, per set of scopes. */
export type Walk = 'clusters' | 'index';

/** The active facts after row `after`, in row order, a page at a time; `every`: only rows that are its multiples (a sample). */
export function* factsAfter(db: Database, after: number, scopes?: readonly string[], every = 1): Generator<Seed> {
  const { where, params } = filterClause({ scopes: scopes && [...scopes] });
  const sampled = every > 1 ? `AND d.id % ${every} = 0` : '';
  let last = after;
  for (;;) {
    const rows = db.all(
      `SELECT d.id AS row, ${FACT_COLUMNS} FROM fact_index_docsize d JOIN facts f ON f.rowid = d.id WHERE d.id > ? ${sampled} ${where} ORDER BY d.id LIMIT ${PAGE}`,
      [last, ...params],
    );
    for (const r of rows) yield { row: Number(r.row), fact: toFact(r) };
    if (rows.length < PAGE) return;
    last = Number(rows[rows.length - 1]!.row);
  }
}

/** How many active facts (in `scopes`) lie after row `after`. */
export function countAfter(db: Database, after: number, scopes?: readonly string[]): number {
  const { where, params } = filterClause({ scopes: scopes && [...scopes] });
  const sql = scopes
    ? `SELECT COUNT(*) AS n FROM fact_index_docsize d JOIN facts f ON f.rowid = d.id WHERE d.id > ? ${where}`
    : 'SELECT COUNT(*) AS n FROM fact_index_docsize d WHERE d.id > ?';
  return Number(db.get(sql, [after, ...params])?.n ?? 0);
}

/** The facts of the given rows, by row. */
export function factsByRow(db: Database, rows: readonly number[]): Map<number, Fact> {
  const out = new Map<number, Fact>();
  for (let i = 0; i < rows.length; i += BY_ROW) {
    // Always BY_ROW parameters (0 is no row): one statement compiled, not one per count.
    const part = Array.from({ length: BY_ROW }, (_, j) => rows[i + j] ?? 0);
    for (const r of db.all(BY_ROW_SQL, part)) out.set(Number(r.row), toFact(r));
  }
  return out;
}
const BY_ROW = 32;
const BY_ROW_SQL = `SELECT f.rowid AS row, ${FACT_COLUMNS} FROM facts f WHERE f.rowid IN (${Array(BY_ROW).fill('?').join(', ')})`;

function cursorKey(walk: Walk, scopes?: readonly string[]): string {
  return `dream:cursor:${walk}:${scopes ? [...scopes].sort().join(',') : '*'}`;
}

/** Where the walk stopped last time (0: at the start). The cursor names the fact at its row too: if
 * rows were ever renumbered (a copy of the file rebuilt), the walk starts again rather than skip facts. */
export function readCursor(db: Database, walk: Walk, scopes?: readonly string[]): number {
  const [row, id] = String(db.get('SELECT value FROM settings WHERE key = ?', [cursorKey(walk, scopes)])?.value ?? '').split(' ');
  const value = Number(row);
  if (!Number.isSafeInteger(value) || value <= 0) return 0;
  return db.get('SELECT id FROM facts WHERE rowid = ?', [value])?.id === id ? value : 0;
}

export function saveCursor(db: Database, walk: Walk, row: number, scopes?: readonly string[]): void {
  const id = row > 0 ? db.get('SELECT id FROM facts WHERE rowid = ?', [row])?.id : undefined;
  if (id === undefined) db.run('DELETE FROM settings WHERE key = ?', [cursorKey(walk, scopes)]);
  else db.run('INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)', [cursorKey(walk, scopes), `${row} ${String(id)}`]);
}
