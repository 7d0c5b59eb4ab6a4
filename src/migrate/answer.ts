// `memcue migrate apply`: the facts the model extracted from a batch of notes, validated completely
// (the JSON, every field, every note id, every text) before one transaction adds them and marks all
// the batch's notes migrated.
import { arrayField, asObject, atItem, badInput, checkFields, inField, readAnswerJson, stringField } from '../dream/answer-json.js';
import { dropBatch, loadBatch } from '../dream/records.js';
import { recordApplied } from '../dream/undo.js';
import { checkNoSecret, checkText } from '../facts/check-text.js';
import { checkKind, checkScope } from '../facts/facts.js';
import { checkField } from '../facts/validate.js';
import type { Store } from '../store/store.js';
import type { MigrateRecord } from './prepare.js';
import { addMigratedFact, markMigrated, migratedHashes, type NewFact, type NoteRef } from './write.js';

export interface MigratePlan {
  batch: string;
  record: MigrateRecord;
  facts: { note: string; fact: NewFact }[];
}

export interface MigrateSummary {
  batch: string;
  notes: number;
  added: number;
  already_present: number;
}

export function validateMigrateAnswer(store: Store, content: string, host: string): MigratePlan {
  const answer = readAnswerJson(content);
  atItem('the answer', () => checkFields(answer, ['batch', 'facts']));
  const batch = atItem('the answer', () => stringField(answer, 'batch', { nonEmpty: true }));
  const record = loadBatch<MigrateRecord>(store.db, 'migrate', batch);
  if (!record) throw badInput(`batch "${batch}" is unknown or was applied already`, 'nothing was changed; run `memcue migrate` for a new batch and answer that');
  const done = migratedHashes(store.db);
  for (const [id, note] of Object.entries(record.notes)) {
    if (done.has(note.hash)) throw badInput(`note ${id} (${note.path}) was migrated since batch ${batch} was prepared`, 'nothing was changed; run `memcue migrate` again');
  }
  const items = atItem('the answer', () => arrayField(answer, 'facts', 0));
  const facts = items.map((item, index) =>
    atItem(`fact ${index + 1}`, () => {
      const o = asObject(item, 'a fact');
      checkFields(o, ['note', 'text', 'kind', 'scope', 'quote']);
      const noteId = stringField(o, 'note');
      const note = record.notes[noteId];
      if (!note) throw new Error(`unknown note "${noteId}" (not in batch ${batch})`);
      const field = <T>(name: string, check: (v: string) => T): T => inField(name, () => check(stringField(o, name)));
      return {
        note: noteId,
        fact: {
          text: field('text', (v) => checkText(v)),
          kind: field('kind', checkKind),
          scope: field('scope', (v) => answerScope(v, note.scope, host)),
          quote: field('quote', (v) => {
            if (!v.trim()) throw new Error('is empty: give the words of the note the fact rests on');
            return checkNoSecret('quote', checkField('quote', v));
          }),
        },
      };
    }),
  );
  return { batch, record, facts };
}

/** `repo` is the note's own scope; `machine` this machine; else a literal scope. */
function answerScope(value: string, noteScope: string | null, host: string): string {
  if (value === 'repo') {
    if (noteScope?.startsWith('repo:')) return noteScope;
    throw new Error('"repo": this note belongs to no repository; use "global" or "repo:<id>"');
  }
  if (value === 'machine') return `machine:${host}`;
  return checkScope(value);
}

/** Adds the facts and marks every note of the batch migrated; the caller wraps it in one transaction. */
export function applyMigrate(store: Store, plan: MigratePlan, host: string): MigrateSummary {
  const summary: MigrateSummary = { batch: plan.batch, notes: 0, added: 0, already_present: 0 };
  const perNote = new Map<string, number>();
  const addedIds: string[] = [];
  for (const { note, fact } of plan.facts) {
    const added = addMigratedFact(store, asNote(plan.record, note), fact, host);
    if (added) perNote.set(note, (perNote.get(note) ?? 0) + 1);
    if (added) addedIds.push(added);
    summary[added ? 'added' : 'already_present']++;
  }
  for (const id of Object.keys(plan.record.notes)) {
    markMigrated(store.db, asNote(plan.record, id), perNote.get(id) ?? 0);
    summary.notes++;
  }
  dropBatch(store.db, 'migrate', plan.batch);
  const hashes = Object.values(plan.record.notes).map((n) => n.hash);
  recordApplied(store, 'migrate', plan.batch, addedIds, new Map(), host, hashes);
  return summary;
}

function asNote(record: MigrateRecord, id: string): NoteRef {
  const n = record.notes[id]!;
  return { hash: n.hash, display: n.path };
}
