// Writing migrated facts (from --raw or from the model's answer) and remembering which notes are done,
// by content hash in `migrated_notes`, so a rerun adds nothing.
import { fitField } from '../facts/validate.js';
import type { Database } from '../sqlite/sqlite.js';
import { newId, type Fact } from '../facts/facts.js';
import type { Kind } from '../facts/validate.js';
import type { Store } from '../store/store.js';
import type { Note } from './notes.js';

/** What the writers need of a note: its content hash and the path people see. */
export type NoteRef = Pick<Note, 'hash' | 'display'>;

export interface NewFact {
  text: string;
  kind: Kind;
  scope: string;
  quote: string;
}

export function migratedHashes(db: Database): Set<string> {
  return new Set(db.all('SELECT hash FROM migrated_notes').map((r) => String(r.hash)));
}

/** Adds the fact unless the same text is already an active fact of that scope; its id when added. */
export function addMigratedFact(store: Store, note: NoteRef, fact: NewFact, host: string): string | undefined {
  const present = store.db.get(
    `SELECT 1 AS x FROM heads h JOIN facts f ON f.rowid = h.fact_row WHERE f.text = ? AND f.scope = ? AND f.state = 'active'`,
    [fact.text, fact.scope],
  );
  if (present) return undefined;
  const row: Fact = {
    id: newId(),
    version: 1,
    translation: '',
    ...fact,
    // A note's path may hold any character: escaped and cut so the row passes every machine's checks.
    source: fitField('source', `migrate:${note.display}`),
    created_at: new Date().toISOString(),
    host,
    state: 'active',
  };
  store.insertVersion(row);
  return row.id;
}

export function markMigrated(db: Database, note: NoteRef, facts: number): void {
  db.run('INSERT OR REPLACE INTO migrated_notes (hash, path, migrated_at, facts) VALUES (?, ?, ?, ?)', [
    note.hash,
    note.display,
    new Date().toISOString(),
    facts,
  ]);
}
