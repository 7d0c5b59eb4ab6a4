// The FTS5 index's rows: added, removed and cleared for both layouts memcue reads. Schema v5's index
// keeps no copy of its terms (`content=''`, ~140 B a fact), so a row leaves it through FTS5's
// 'delete' command given the very terms it was added with: memcue makes them again from the facts
// row (indexText), which memcue never updates in place. Another program may (sqlite3, DB Browser):
// triggers that run inside any SQLite program record such a row as it was (trigger-guard.ts), and
// memcue's next write takes it out of the index with those terms before anything else. A 'delete'
// with other terms than the row's would leave postings and totals that no row holds.
// Schema v4's index (terms copied) deletes by rowid; such files are converted by `memcue compact`.
import type { Database } from '../sqlite/sqlite.js';
import { indexText } from '../text/tokenize.js';
import { guardProblems } from './trigger-guard.js';

/** Terms are produced by src/text/tokenize.ts; the FTS tokenizer only has to split on spaces and
 * keep the identifier connectors `- _ . /` inside a term. */
const INDEX_TOKENIZER = `unicode61 remove_diacritics 0 tokenchars '-_./' categories 'L* N* Co M*'`;

/** The index over current active versions; its rowid is the facts rowid. `compact`: without a copy
 * of the terms (old syntax: SQLite 3.40 shells read and query it). */
export function indexTableSql(compact: boolean): string {
  return `CREATE VIRTUAL TABLE fact_index USING fts5(terms, translation_terms, ${compact ? "content = '', " : ''}tokenize = "${INDEX_TOKENIZER}");`;
}

/** Whether the file's index keeps no copy of its terms: schema v5 and later (schema.ts). */
export function isCompact(db: Database): boolean {
  return Number(db.get('PRAGMA user_version')?.user_version ?? 0) >= COMPACT_SINCE;
}
const COMPACT_SINCE = 5;

export function addToIndex(db: Database, row: number, text: string, translation: string): void {
  db.run('INSERT INTO fact_index (rowid, terms, translation_terms) VALUES (?, ?, ?)', [row, indexText(text), indexText(translation)]);
}

/**
 * Takes `row` out of the index; `text` and `translation` are what it was indexed with (unknown when
 * another program deleted the row: a compact index then had it taken out already, takeOutChangedRows).
 */
export function removeFromIndex(db: Database, compact: boolean, row: number, text: unknown, translation: unknown): void {
  if (!compact) {
    db.run('DELETE FROM fact_index WHERE rowid = ?', [row]);
    return;
  }
  // FTS5 does not check that the row is there: a 'delete' of an absent row would subtract terms
  // nobody added. Every indexed row has a docsize row.
  if (text == null || !db.get('SELECT 1 AS x FROM fact_index_docsize WHERE id = ?', [row])) return;
  db.run("INSERT INTO fact_index (fact_index, rowid, terms, translation_terms) VALUES ('delete', ?, ?, ?)", [
    row,
    indexText(String(text)),
    indexText(String(translation)),
  ]);
}

/** Empties the index (before it is built again). */
export function clearIndex(db: Database, compact: boolean): void {
  db.exec(compact ? "INSERT INTO fact_index (fact_index) VALUES ('delete-all')" : 'DELETE FROM fact_index');
}

/** Whether rows another program changed in place wait for memcue's next write to leave the index
 * (until then it holds their old terms, which their text no longer gives), or may have: the guard
 * that records them is not as memcue made it (trigger-guard.ts), and the next write rebuilds it. */
export function hasChangesInPlace(db: Database): boolean {
  if (!isCompact(db)) return false;
  return guardProblems(db).length > 0 || db.get('SELECT 1 AS x FROM facts_changed_in_place LIMIT 1') !== undefined;
}

/**
 * Takes the rows another program changed or deleted in place out of the index, with the terms they
 * were indexed with; returns the ids of the facts whose head must be worked out again (the store
 * does that), none when nothing was changed in place.
 */
export function takeOutChangedRows(db: Database): Set<string> {
  const changed = db.all('SELECT c.row, c.id AS old_id, c.text, c.translation, f.id AS new_id FROM facts_changed_in_place c LEFT JOIN facts f ON f.rowid = c.row');
  const ids = new Set<string>();
  if (changed.length === 0) return ids;
  for (const c of changed) {
    removeFromIndex(db, true, Number(c.row), String(c.text), String(c.translation));
    ids.add(String(c.old_id));
    if (c.new_id !== null && c.new_id !== undefined) ids.add(String(c.new_id));
  }
  db.exec('DELETE FROM facts_changed_in_place');
  return ids;
}
