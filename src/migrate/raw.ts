// `migrate --raw`: every paragraph of every pending note becomes a `note` fact, no model involved.
// Secret-looking paragraphs are left out (and counted); a paragraph already stored is not added twice.
import { findSecret } from '../text/secrets.js';
import type { Store } from '../store/store.js';
import type { Note } from './notes.js';
import { paragraphs } from './paragraphs.js';
import { addMigratedFact, markMigrated } from './write.js';
import type { MigrateSummary } from './answer.js';
import { batchId } from '../dream/records.js';
import { recordApplied } from '../dream/undo.js';

/** `batch`: the id `memcue migrate undo` takes back (a hash of the notes, as for a model's batch). */
export interface RawReport extends MigrateSummary {
  secrets_skipped: number;
}

/** What --raw would add for a note: its paragraphs, minus those that look like secrets. */
export function rawParagraphs(note: Note): { texts: string[]; secrets: number } {
  const all = paragraphs(note.text);
  const texts = all.filter((p) => !findSecret(p));
  return { texts, secrets: all.length - texts.length };
}

/** Imports the notes; the caller runs it in one transaction. */
export function importRaw(store: Store, notes: Note[], host: string, onProgress?: (done: number, total: number) => void): RawReport {
  const batch = batchId(['raw', ...notes.map((n) => n.hash)]);
  const report: RawReport = { batch, notes: notes.length, added: 0, already_present: 0, secrets_skipped: 0 };
  const addedIds: string[] = [];
  notes.forEach((note, i) => {
    const { texts, secrets } = rawParagraphs(note);
    report.secrets_skipped += secrets;
    let added = 0;
    for (const text of texts) {
      const id = addMigratedFact(store, note, { text, kind: 'note', scope: note.file.scope ?? 'global', quote: '' }, host);
      if (id) addedIds.push(id);
      if (id) added++;
      else report.already_present++;
    }
    report.added += added;
    markMigrated(store.db, note, added);
    onProgress?.(i + 1, notes.length);
  });
  recordApplied(store, 'migrate', batch, addedIds, new Map(), host, notes.map((n) => n.hash));
  return report;
}
