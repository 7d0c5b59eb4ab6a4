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
import { copyFileSync, existsSync, linkSync, lstatSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemcueError } from '../errors.js';
import { sleepSync } from '../util/sleep.js';
import type { DbFile } from './db-file.js';
import { readFileState } from './integrity.js';
import { fileIsStale, newOwner } from './owner.js';
import { journalIsHot, type Unguarded } from './read-gate.js';

const PREFIX = 'memcue-reader-copy-';
const CLAIM_PREFIX = 'memcue-reader-claim-';
const PAUSE_MS = 5;
/** How long a reader waits for another's copy of the same state (a 159 MB copy takes ~0.2 s on tmpfs). */
const CLAIM_WAIT_MS = 5_000;

export interface PrivateCopy {
  path: string;
  remove(): void;
}

/**
 * Copies the database into a folder of its own under the temporary folder (mode 700: the copy holds
 * every fact's text). Disk use is one database file for as long as the read lasts, whatever the number
 * of readers of the same unchanged file (they share it: linkShared, claimCopy); no memory beyond the
 * kernel's copy. Gives up with a BUSY error when no quiet moment came within `timeoutMs`.
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
    let waitingSince: number | undefined;
    for (;;) {
      const registered = unguarded === 'unlocked';
      const before = quietState(file, registered);
      if (before !== undefined) {
        const key = shareKey(file, before);
        let claim: Claim | 'taken' | undefined;
        try {
          if (!linkShared(key, path)) {
            claim = claimCopy(key);
            // Another reader is copying this very state: wait for its copy rather than make one more,
            // as long as the wait fits this read's time; past it, copy (a stopped copier costs space, not a hang).
            waitingSince ??= Date.now();
            if (claim === 'taken' && Date.now() < Math.min(deadline, waitingSince + CLAIM_WAIT_MS)) {
              sleepSync(PAUSE_MS);
              continue;
            }
            if (!(typeof claim === 'function' && linkShared(key, path))) copyInto(file, path);
          }
          if (quietState(file, registered) === before) {
            writeFileSync(join(dir, 'state'), key); // from now on other readers of this state link to it
            return { path, remove };
          }
          rmSync(path, { force: true });
        } finally {
          if (typeof claim === 'function') claim();
        }
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

/**
 * A name for one state of one file: readers that saw the same quiet state can use the same copy (the
 * state holds inode, size, mtime and change counter; the path tells files on other disks apart).
 */
function shareKey(file: DbFile, state: string): string {
  let hash = 0x811c9dc5; // FNV-1a of the path: node:crypto is not worth loading for a file name
  for (let i = 0; i < file.real.length; i++) hash = Math.imul(hash ^ file.real.charCodeAt(i), 0x01000193) >>> 0;
  return `${hash.toString(16)}-${state.replace(/[^0-9]+/g, '-')}`;
}

/**
 * Links another reader's finished copy of this state into `path`. A hard link, not a reference
 * count: the kernel frees the copy when the last reader's folder is gone, whichever ends first, and
 * a killed reader's folder removed by the next run takes only its own link. Only this user's folders
 * count (mode 700, owned by us): nobody else can plant a "copy" for us to read.
 */
function linkShared(key: string, path: string): boolean {
  const uid = process.getuid?.();
  let names: string[];
  try {
    names = readdirSync(tmpdir()).filter((name) => name.startsWith(PREFIX));
  } catch {
    return false;
  }
  for (const name of names) {
    const dir = join(tmpdir(), name);
    try {
      const folder = lstatSync(dir);
      if (!folder.isDirectory() || (folder.mode & 0o077) !== 0 || (uid !== undefined && folder.uid !== uid)) continue;
      const state = join(dir, 'state');
      if (!lstatSync(state).isFile() || readFileSync(state, 'utf8') !== key) continue;
      const copy = join(dir, 'copy.db');
      const found = lstatSync(copy);
      if (!found.isFile() || (uid !== undefined && found.uid !== uid)) continue;
      linkSync(copy, path);
      return true;
    } catch {
      /* gone meanwhile, half-written, or not ours: look further */
    }
  }
  return false;
}

/** Releases a claim. */
type Claim = () => void;

/**
 * Claims the copying of one state (a file made with O_EXCL naming this process), so readers that
 * start together make one copy, not one each. 'taken': a live reader of this user holds it. A claim
 * that cannot be made (another user's file, an odd folder) claims nothing and the reader copies.
 */
function claimCopy(key: string): Claim | 'taken' | undefined {
  const path = join(tmpdir(), `${CLAIM_PREFIX}${key}`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, JSON.stringify(newOwner()), { flag: 'wx', mode: 0o600 });
      return () => rmSync(path, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return undefined;
    }
    try {
      const held = lstatSync(path);
      const uid = process.getuid?.();
      if (!held.isFile() || (uid !== undefined && held.uid !== uid)) return undefined;
      if (!fileIsStale(path)) return 'taken';
      rmSync(path, { force: true }); // its reader was killed while copying
    } catch {
      /* released meanwhile: claim again */
    }
  }
  return undefined;
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

/** Copies and claims left by readers that were killed (their owner file names a dead process). */
function removeAbandonedCopies(): void {
  let names: string[];
  try {
    names = readdirSync(tmpdir()).filter((name) => name.startsWith(PREFIX) || name.startsWith(CLAIM_PREFIX));
  } catch {
    return;
  }
  for (const name of names) {
    const path = join(tmpdir(), name);
    try {
      if (name.startsWith(CLAIM_PREFIX)) {
        if (lstatSync(path).isFile() && fileIsStale(path)) rmSync(path, { force: true });
      } else if (fileIsStale(join(path, 'owner'))) rmSync(path, { recursive: true, force: true });
    } catch {
      /* another user's: not ours to remove */
    }
  }
}
