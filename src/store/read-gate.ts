// Readers never wait for writers, writers never change the file under a reader.
//
// Our WASM SQLite has no working file locks (NODERAWFS cannot take POSIX locks), so SQLite's own
// locking is a no-op. This gate replaces it with files beside the database:
// - A writer holds the writers' lock (lock.ts) only around its write transaction, and its
//   connection runs with cache_spill=OFF: until COMMIT every change stays in SQLite's page cache
//   and in the rollback journal, and the database file itself is untouched (test/store/read-gate).
// - A reader registers one small file `<db>.reader-<pid>-<nonce>`, then checks for the writer's `<db>.pending`
//   marker (Dekker style: register first, then look), and reads through an `immutable=1`
//   connection, which neither takes locks nor treats a writer's in-flight journal as hot.
// - Just before COMMIT the writer raises `<db>.pending`, waits until no reader file is left, commits
//   (the only moment the file changes) and drops the marker. Readers that arrive meanwhile wait
//   those milliseconds. A reader file or marker of a dead process is broken as the lock is.
// - A journal with no live writer behind it (a writer killed while committing) is hot: it is rolled
//   back by a normal connection under the writers' lock, never by a reader (see Store).
// Long readers must not starve writers, nor a stopped one every other reader: a writer first lets new
// readers in while it waits (POLITE_MS), then raises the marker in windows (HOLD_MS, GAP_MS), and
// gives up with a BUSY error naming a reader after the busy timeout.
import { closeSync, constants, existsSync, lstatSync, openSync, readSync, readdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { oddKind } from '../util/safe-file.js';
import { basename, dirname, join } from 'node:path';
import { MemcueError } from '../errors.js';
import { sleepSync } from '../util/sleep.js';
import type { DbFile } from './db-file.js';
import { foreignHolder, foreignWaiter, trySharedLock } from './foreign-locks.js';
import { detectingForeignWrites } from './foreign-files.js';
import { isLockHeld } from './lock.js';
import { describeOwner, fileIsStale, newOwner, readOwner, writeMarker } from './owner.js';

/** How long a committing writer keeps letting new readers in before it makes them wait. */
const POLITE_MS = 1_000;
/** After that, how long the marker stays up at a time, and how long it comes down between. */
const HOLD_MS = 500;
const GAP_MS = 25;
const PAUSE_MS = 2;

export type Unguarded = 'unregistered' | 'unlocked';

export interface ReadTicket {
  leave(): void;
  /**
   * Some writers cannot know of this reader, so it reads a private copy (private-copy.ts):
   * 'unregistered': no reader file and no SQLite lock, no writer knows of it; 'unlocked': a reader
   * file but no SQLite lock (lockf cannot lock a file this user may only read), so memcue's writers
   * wait for it but other programs' writers do not.
   */
  unguarded?: Unguarded;
}

/** Errors for which a reader proceeds without a ticket: no writer can change that folder's files either. */
const CANNOT_REGISTER = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EDQUOT']);

/**
 * Registers this process as a reader of `file`. 'recover': a writer died while committing (or left a
 * journal), so the file must be rolled back under the writers' lock before anyone reads it.
 */
export function enterReader(file: DbFile, timeoutMs: number): ReadTicket | 'recover' {
  const deadline = Date.now() + timeoutMs;
  const waitForForeignWriter = foreignWaiter(file, timeoutMs, 'read it', 'nothing was read');
  for (;;) {
    const ticket = register(file);
    const pending = existsSync(file.pending) && !deadMarkerNobodyCanBreak(file, ticket);
    if (!pending) {
      // A journal is either a live writer's transaction in flight (the file is untouched: read
      // it) or hot (its writer died): then a writer must roll it back first.
      if (!journalInFlightOrAbsent(file)) {
        ticket.leave();
        return 'recover';
      }
      // Another program's writer must not change the file under us either (foreign-locks.ts).
      const shared = trySharedLock(file);
      if (shared === false || (shared === undefined && foreignHolder(file, true)?.changing)) {
        ticket.leave();
        waitForForeignWriter(foreignHolder(file, true));
        continue;
      }
      if (shared === 'unlockable') return { leave: ticket.leave, unguarded: ticket.unguarded ?? 'unlocked' };
      return shared ? { leave: () => (shared(), ticket.leave()) } : ticket;
    }
    ticket.leave();
    if (fileIsStale(file.pending)) return 'recover';
    if (Date.now() >= deadline) {
      throw new MemcueError(
        'BUSY',
        `memory database is busy: waited ${timeoutMs} ms to read ${file.given} while ${describeOwner(readOwner(file.pending))} commits`,
        'try again in a moment; if that process is stopped or hung, resume or end it',
      );
    }
    sleepSync(PAUSE_MS);
  }
}

/**
 * A dead writer's commit marker where this reader could not register (a read-only or full disk):
 * nobody can remove the marker or roll anything back there, so waiting for either would be forever.
 * With no hot journal the writer died before its commit began or after it ended: the file is whole.
 */
function deadMarkerNobodyCanBreak(file: DbFile, ticket: ReadTicket): boolean {
  return ticket.unguarded === 'unregistered' && fileIsStale(file.pending) && !journalIsHot(file);
}

/**
 * A journal of a live writer, ours (its lock file is held) or another program's (it holds SQLite's
 * lock). Where other programs' locks are out of sight, a hot journal while no memcue commit is
 * marked is theirs, whoever holds our lock: it is waited for under the lock (foreign-writes.ts).
 */
function journalInFlightOrAbsent(file: DbFile): boolean {
  if (!journalIsHot(file)) return true;
  if (detectingForeignWrites()) return false;
  return isLockHeld(file.lock) || foreignHolder(file, true)?.writing === true;
}

/**
 * SQLite's own test: a journal whose first byte is 0 is ignored. Its header's magic is written only
 * when a commit starts (synchronous=FULL), so a writer killed before that left the file untouched.
 */
export function journalIsHot(file: DbFile): boolean {
  refuseOddJournal(file);
  let fd: number;
  try {
    fd = openSync(file.journal, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch {
    return false; // no journal
  }
  try {
    const first = Buffer.alloc(1);
    return readSync(fd, first, 0, 1, 0) === 1 && first[0] !== 0;
  } finally {
    closeSync(fd);
  }
}

/**
 * SQLite's journal must be a regular file: a FIFO or device there would stall SQLite itself when it
 * looks for a hot journal. It is SQLite's file, not memcue's, so it is reported, not removed.
 */
export function refuseOddJournal(file: DbFile): void {
  let stat;
  try {
    stat = lstatSync(file.journal);
  } catch {
    return; // none
  }
  const odd = oddKind(stat);
  if (odd) {
    throw new MemcueError(
      'NOT_A_DATABASE',
      `${file.journal} is ${odd}, where SQLite keeps the database's rollback journal`,
      'remove it (`rm` that path) when no program is writing the database, then run the command again; the database was left untouched',
    );
  }
}

function register(file: DbFile): ReadTicket {
  const owner = newOwner();
  const path = `${file.readers}${owner.pid}-${owner.nonce}`;
  try {
    writeFileSync(path, JSON.stringify(owner), { flag: 'wx' });
  } catch (err) {
    // The file may have been created empty before its content failed (a full disk): an empty reader
    // file would hold writers off until it goes stale.
    safeUnlink(path);
    if (CANNOT_REGISTER.has((err as NodeJS.ErrnoException).code ?? '')) return { leave() {}, unguarded: 'unregistered' };
    throw err;
  }
  return { leave: () => safeUnlink(path) };
}

/**
 * Called by the lock holder just before COMMIT: raises the pending marker once no reader is left and
 * returns the function that drops it (after the commit, or after a rollback).
 */
export function drainReaders(file: DbFile, timeoutMs: number): () => void {
  const start = Date.now();
  const drop = () => safeUnlink(file.pending);
  for (;;) {
    writeMarker(file.pending, JSON.stringify(newOwner()));
    const readers = liveReaders(file);
    if (readers.length === 0) return drop;
    const waited = Date.now() - start;
    if (waited >= timeoutMs) {
      drop();
      throw new MemcueError(
        'BUSY',
        `memory database is busy: waited ${timeoutMs} ms for ${readers.length} reader(s) of ${file.given} to finish, e.g. ${describeOwner(readOwner(readers[0]!))}`,
        'nothing was written; try again when that command has finished',
      );
    }
    // Polite at first; then the marker stays up HOLD_MS at a time, so the readers ahead can finish
    // without new ones arriving, and comes down for a moment between: a reader that never finishes
    // (a stopped process) must not hold every other reader off for the whole timeout too.
    if (waited < POLITE_MS || (waited - POLITE_MS) % (HOLD_MS + GAP_MS) >= HOLD_MS) drop();
    sleepSync(PAUSE_MS + Math.random() * PAUSE_MS);
  }
}

/** Reader files of live processes; those of dead ones are removed. */
function liveReaders(file: DbFile): string[] {
  const prefix = basename(file.readers);
  let names: string[];
  try {
    names = readdirSync(dirname(file.readers)).filter((name) => name.startsWith(prefix));
  } catch {
    return [];
  }
  const live: string[] = [];
  for (const name of names) {
    const path = join(dirname(file.readers), name);
    if (fileIsStale(path)) safeUnlink(path);
    else if (existsSync(path)) live.push(path);
  }
  return live;
}

export function safeUnlink(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    /* already gone */
  }
}
