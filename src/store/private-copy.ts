// A reader that cannot register (another user, a folder it may not write: read-gate.ts) is unknown
// to writers, which commit without waiting for it. Where it can hold SQLite's SHARED lock (the Bun
// binary on Linux) that keeps commits out; where it cannot (Node) it must not read the file in place,
// or a commit landing mid-read gives it half of each (rows silently missing, or "malformed"). The
// same for a reader that registered but cannot lock (lockf, a file it may only read): memcue's
// writers wait for it, other programs' do not. It reads a private copy instead, taken between two
// equal quiet states of the file: no commit in progress (no raised pending marker, no hot journal)
// and the same inode, size, mtime and change counter before and after copying. Every commit, ours
// or another SQLite program's, moves the change counter in page 1, so a commit that overlapped the
// copy is seen and the copy is taken again.
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemcueError } from '../errors.js';
import { sleepSync } from '../util/sleep.js';
import type { DbFile } from './db-file.js';
import { readFileState } from './integrity.js';
import { fileIsStale, newOwner } from './owner.js';
import { journalIsHot, type Unguarded } from './read-gate.js';

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
 * `unguarded`: why the reader needs a copy (a registered one need not mind the pending marker: no
 * memcue commit starts while its reader file is there, and a writer waiting for it raises one).
 */
export function privateCopy(file: DbFile, timeoutMs: number, unguarded: Unguarded): PrivateCopy {
  removeAbandonedCopies();
  const dir = mkdtempSync(join(tmpdir(), PREFIX));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    writeFileSync(join(dir, 'owner'), JSON.stringify(newOwner()));
    const path = join(dir, 'copy.db');
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const registered = unguarded === 'unlocked';
      const before = quietState(file, registered);
      if (before !== undefined) {
        copyInto(file, path);
        if (quietState(file, registered) === before) return { path, remove };
      }
      if (Date.now() >= deadline) {
        throw new MemcueError(
          'BUSY',
          `memory database is busy: ${file.given} kept changing for ${timeoutMs} ms while it was copied to be read (${registered ? 'this user may only read the file, so cannot lock it' : 'this user cannot register as its reader'})`,
          `try again in a moment; a user who may write ${registered ? 'the file' : 'its folder'} reads it without a copy`,
        );
      }
      sleepSync(PAUSE_MS);
    }
  } catch (err) {
    remove();
    throw err;
  }
}

/** The copy, or one line saying the temporary folder (not the database) has no room for it. */
function copyInto(file: DbFile, path: string): void {
  try {
    copyFileSync(file.real, path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOSPC' && code !== 'EDQUOT') throw err;
    throw new MemcueError(
      'DISK_FULL',
      `no room in ${tmpdir()} for a private copy of ${file.given} (${statSync(file.real).size} bytes), which this reader needs to read it`,
      'free space there or point TMPDIR at a folder with room; the database was not touched',
    );
  }
}

/**
 * The file's state when no commit is under way, else undefined. A dead writer's marker (on a
 * read-only disk nobody can remove it) is no commit: the journal says whether it left one half-way.
 */
function quietState(file: DbFile, registered: boolean): string | undefined {
  if ((!registered && existsSync(file.pending) && !fileIsStale(file.pending)) || journalIsHot(file)) return undefined;
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
