// A reader that cannot register (another user, a folder it may not write: read-gate.ts) is unknown
// to writers, which commit without waiting for it. Where it can hold SQLite's SHARED lock (the Bun
// binary on Linux) that keeps commits out; where it cannot (Node) it must not read the file in place,
// or a commit landing mid-read gives it half of each (rows silently missing, or "malformed"). It reads
// a private copy instead, taken between two equal quiet states of the file: no commit in progress
// (no raised pending marker, no hot journal) and the same inode, size, mtime and change counter
// before and after copying. Every commit moves the change counter in page 1, so a commit that
// overlapped the copy is seen and the copy is taken again.
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemcueError } from '../errors.js';
import { sleepSync } from '../util/sleep.js';
import type { DbFile } from './db-file.js';
import { readFileState } from './integrity.js';
import { fileIsStale, newOwner } from './owner.js';
import { journalIsHot } from './read-gate.js';

const PREFIX = 'memcue-reader-copy-';
const PAUSE_MS = 5;

export interface PrivateCopy {
  path: string;
  remove(): void;
}

/**
 * Copies the database into a folder of its own under the temporary folder (mode 700: the copy holds
 * every fact's text). Disk use is one database file for as long as the read lasts; no memory beyond
 * the kernel's copy. Gives up with a BUSY error when no quiet moment came within `timeoutMs`.
 */
export function privateCopy(file: DbFile, timeoutMs: number): PrivateCopy {
  removeAbandonedCopies();
  const dir = mkdtempSync(join(tmpdir(), PREFIX));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    writeFileSync(join(dir, 'owner'), JSON.stringify(newOwner()));
    const path = join(dir, 'copy.db');
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const before = quietState(file);
      if (before !== undefined) {
        copyFileSync(file.real, path);
        if (quietState(file) === before) return { path, remove };
      }
      if (Date.now() >= deadline) {
        throw new MemcueError(
          'BUSY',
          `memory database is busy: ${file.given} kept changing for ${timeoutMs} ms while it was copied to be read (this user cannot register as its reader)`,
          'try again in a moment; a user who may write its folder reads it without a copy',
        );
      }
      sleepSync(PAUSE_MS);
    }
  } catch (err) {
    remove();
    throw err;
  }
}

/** The file's state when no commit is under way, else undefined. */
function quietState(file: DbFile): string | undefined {
  if (existsSync(file.pending) || journalIsHot(file)) return undefined;
  return readFileState(file.real)?.state;
}

/** Copies left by readers that were killed (their owner file names a dead process). */
function removeAbandonedCopies(): void {
  let names: string[];
  try {
    names = readdirSync(tmpdir()).filter((name) => name.startsWith(PREFIX));
  } catch {
    return;
  }
  for (const name of names) {
    const dir = join(tmpdir(), name);
    try {
      if (fileIsStale(join(dir, 'owner'))) rmSync(dir, { recursive: true, force: true });
    } catch {
      /* another user's: not ours to remove */
    }
  }
}
