// The journal: one small JSON Lines file per sync holding the fact versions that machine had and the
// repo lacked (export format, one row per line). Files are never changed after they are committed and
// their names are unique (time, host, random), so two machines never touch the same journal file and
// git merges them without a driver. Each sync adds a blob the size of what changed, not of the memory.
//
// Journal files come from other machines through a remote anyone with push access can write: each
// line is checked like an imported row, and a damaged line, an oversized line or file, or a symlink
// is skipped and reported (Skipped), never allowed to stop the sync of everyone who pulls it.
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Fact } from '../facts/facts.js';
import { parseRow, reasonOf } from '../facts/import-lines.js';
import { fileLines, isSymlink, notRegularFile } from '../util/read-file.js';
import { replaceKeptFile } from '../util/safe-file.js';

export const JOURNAL_DIR = 'journal';
/** Far above the longest valid row (every field at its limit, 4 bytes per character): a longer line is not a row. */
export const MAX_LINE_BYTES = 128 * 1024;
/** A first sync of 500k facts writes ~200 MB; beyond this a file is not one memcue wrote. */
export const MAX_FILE_BYTES = 1024 * 1024 * 1024;

/** What was left out of the repo's rows and why: `where` is `journal/x.jsonl:7`, a file or the folder. */
export type Skipped = Map<string, string>;

/** Relative paths (journal/<name>.jsonl) of the journal files in the work tree, oldest first. */
export function journalFiles(repoDir: string, skipped: Skipped = new Map()): string[] {
  const dir = join(repoDir, JOURNAL_DIR);
  let names: string[];
  if (isSymlink(dir)) {
    skipped.set(JOURNAL_DIR, 'not a regular folder (a symlink)');
    return [];
  }
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.filter((n) => n.endsWith('.jsonl')).sort().map((n) => `${JOURNAL_DIR}/${n}`);
}

/** The valid rows of `files`; every line or file left out is added to `skipped`. */
export function readJournal(repoDir: string, files: string[], skipped: Skipped = new Map()): Fact[] {
  const rows: Fact[] = [];
  const now = new Date().toISOString();
  for (const file of files) {
    const path = join(repoDir, file);
    const refused = notRegularFile(path, { symlinks: false }) ?? (statSync(path).size > MAX_FILE_BYTES ? `file is over ${MAX_FILE_BYTES} bytes` : undefined);
    if (refused) {
      skipped.set(file, refused);
      continue;
    }
    for (const line of fileLines(path, MAX_LINE_BYTES)) {
      const where = `${file}:${line.n}`;
      if ('tooLong' in line) {
        skipped.set(where, `line is over ${MAX_LINE_BYTES} bytes`);
        continue;
      }
      const text = line.n === 1 ? line.text.replace(/^\ufeff/, '') : line.text;
      if (!text.trim()) continue;
      try {
        // Secrets are checked when rows are folded into the live database (sync.ts), not here: the repo keeps every row.
        rows.push(parseRow(text, { scope: 'global', host: '', source: '', allowSecret: true, rowsOnly: true }, now));
      } catch (err) {
        skipped.set(where, reasonOf(err));
      }
    }
  }
  return rows;
}

/**
 * Writes `rows` as a new journal file (complete or not at all: written aside, then renamed). The
 * temporary is made fresh (O_EXCL|O_NOFOLLOW, safe-file.ts): the work tree is anyone-with-push's, and
 * a link at its name must not be written through. `unique`: the name's random part (tests name it).
 */
export function writeJournal(repoDir: string, host: string, rows: Fact[], now = new Date(), unique = randomBytes(3).toString('hex')): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('.', '');
  const safeHost = host.replace(/[^0-9A-Za-z_.-]+/g, '_').slice(0, 40) || 'host';
  const file = `${JOURNAL_DIR}/${stamp}-${safeHost}-${unique}.jsonl`;
  // A journal folder that is a symlink (pushed by someone) goes: ours is a plain folder, and the
  // removal is committed with this file.
  if (isSymlink(join(repoDir, JOURNAL_DIR))) rmSync(join(repoDir, JOURNAL_DIR));
  mkdirSync(join(repoDir, JOURNAL_DIR), { recursive: true });
  const ordered = [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.version - b.version));
  replaceKeptFile(join(repoDir, file), ordered.map((r) => JSON.stringify(r)).join('\n') + '\n', 0o600);
  return file;
}
