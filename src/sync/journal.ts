// The journal: one small JSON Lines file per sync holding the fact versions that machine had and the
// repo lacked (export format, one row per line). Files are never changed after they are committed and
// their names are unique (time, host, random), so two machines never touch the same journal file and
// git merges them without a driver. Each sync adds a blob the size of what changed, not of the memory.
import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { MemcueError } from '../errors.js';
import type { Fact } from '../store/facts.js';
import { parseImport } from '../store/import-lines.js';

export const JOURNAL_DIR = 'journal';

/** Relative paths (journal/<name>.jsonl) of the journal files in the work tree, oldest first. */
export function journalFiles(repoDir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(join(repoDir, JOURNAL_DIR));
  } catch {
    return [];
  }
  return names.filter((n) => n.endsWith('.jsonl')).sort().map((n) => `${JOURNAL_DIR}/${n}`);
}

export function readJournal(repoDir: string, files: string[]): Fact[] {
  const rows: Fact[] = [];
  for (const file of files) {
    const content = readFileSync(join(repoDir, file), 'utf8');
    try {
      // Secrets are checked when rows are folded into the live database (sync.ts), not here: the repo keeps every row.
      rows.push(...parseImport(content, { scope: 'global', host: '', source: '', allowSecret: true }));
    } catch (err) {
      const why = err instanceof MemcueError ? err.message : String(err);
      throw new MemcueError('BAD_INPUT', `memory repo file ${file} is damaged: ${why}`, 'restore it with git (`git log -- ' + file + '`) and sync again');
    }
  }
  return rows;
}

/** Writes `rows` as a new journal file (complete or not at all: written aside, then renamed). */
export function writeJournal(repoDir: string, host: string, rows: Fact[], now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('.', '');
  const safeHost = host.replace(/[^0-9A-Za-z_.-]+/g, '_').slice(0, 40) || 'host';
  const file = `${JOURNAL_DIR}/${stamp}-${safeHost}-${randomBytes(3).toString('hex')}.jsonl`;
  mkdirSync(join(repoDir, JOURNAL_DIR), { recursive: true });
  const ordered = [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.version - b.version));
  const tmp = join(repoDir, `${file}.tmp`);
  writeFileSync(tmp, ordered.map((r) => JSON.stringify(r)).join('\n') + '\n');
  renameSync(tmp, join(repoDir, file));
  return file;
}
