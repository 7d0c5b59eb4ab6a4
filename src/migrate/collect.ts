// Every note the chosen sources hold, once each (the same text in two places is one note), with
// whether it was migrated already.
import type { Database } from '../sqlite/sqlite.js';
import { readNotes, type Note } from './notes.js';
import { findNoteFiles, type SourceSpec } from './sources.js';
import { migratedHashes } from './write.js';

export interface Found {
  notes: Note[];
  pending: Note[];
  /** Claude Code project folders of pending notes whose project could not be told (facts default to global). */
  unknownProjects: string[];
}

export function collectNotes(spec: SourceSpec, where: { home: string; cwd: string }, db: Database | undefined): Found {
  const seen = new Set<string>();
  const notes: Note[] = [];
  for (const file of findNoteFiles(spec, where)) {
    for (const note of readNotes(file, where.home)) {
      if (seen.has(note.hash)) continue;
      seen.add(note.hash);
      notes.push(note);
    }
  }
  const done = db ? migratedHashes(db) : new Set<string>();
  const pending = notes.filter((n) => !done.has(n.hash));
  const unknownProjects = [...new Set(pending.flatMap((n) => (n.file.unknownProject ? [n.file.unknownProject] : [])))];
  return { notes, pending, unknownProjects };
}
