// `memcue migrate` (without --raw): the pending notes as one batch for the session's model, within
// a character budget, recorded so `migrate apply` knows which notes the answer covers.
import { DEFAULT_BUDGET, batchText, fixedSize, pack, renderPayload, type Section } from '../dream/batch-text.js';
import { batchId, saveBatch } from '../dream/records.js';
import type { Database } from '../sqlite/sqlite.js';
import { migrateInstruction } from './instructions.js';
import { redactSecrets, type Note } from './notes.js';

export interface MigrateRecord {
  notes: Record<string, { hash: string; path: string; scope: string | null }>;
}

export interface MigrateBatch {
  id: string;
  text: string;
  payload: string;
  notes: number;
  remaining: number;
}

const ID_PLACEHOLDER = '0'.repeat(12);

export function prepareMigrate(db: Database, pending: Note[], opts: { budget?: number; limit?: number }): MigrateBatch {
  const section: Section<Note> = { name: 'notes', items: pending, render: noteItem };
  const fixed = fixedSize(migrateInstruction(ID_PLACEHOLDER), { batch: ID_PLACEHOLDER }, ['notes']);
  const [packed] = pack([section], fixed, opts.budget ?? DEFAULT_BUDGET, opts.limit ?? Infinity);
  const taken = packed!.taken as Note[];
  const id = batchId(taken.map((n) => n.hash));
  const record: MigrateRecord = {
    notes: Object.fromEntries(taken.map((n) => [n.id, { hash: n.hash, path: n.display, scope: n.file.scope ?? null }])),
  };
  saveBatch(db, 'migrate', id, record);
  const payload = renderPayload({ batch: id }, [{ name: 'notes', items: taken.map(noteItem) }], { remaining: { notes: packed!.left } });
  return { id, text: batchText(migrateInstruction(id), payload), payload, notes: taken.length, remaining: packed!.left };
}

function noteItem(n: Note) {
  const scope = n.file.scope ?? 'unknown project: choose global or repo:<id>';
  return { note: n.id, path: n.display, from: n.file.from, scope, text: redactSecrets(n.text) };
}
