// What the files say about other programs' writes where their SQLite locks are out of sight (see
// foreign-writes.ts): the database header's change counter, the journal's header, and the watch that
// file-syscalls.ts consults as SQLite syncs a commit. Kept apart from foreign-writes.ts because the
// WASM's syscalls (loaded by sqlite.ts) consult it.
import { statSync } from 'node:fs';
import type { DbFile } from './db-file.js';
import { canSeeForeignLocks } from './foreign-locks.js';
import { readFileBytes } from './native-locks.js';

/** Whether other programs' writes must be detected from the files (their locks are out of sight). */
export function detectingForeignWrites(): boolean {
  return !canSeeForeignLocks();
}

/** The file change counter: a big-endian u32 at offset 24 of the database header, bumped by every commit. */
const CHANGE_COUNTER_AT = 24;
/** Journal header: the nonce (checksum initializer) at 12, sector size at 20, page size at 24. */
const NONCE_AT = 12;
const SECTOR_AT = 20;
const PAGE_SIZE_AT = 24;
/** One journal record: the page number and checksum beside the page. */
const RECORD_OVERHEAD = 8;

let playback = false;

/**
 * Whether SQLite may play a journal back now (file-syscalls.ts): only while memcue rolls back a
 * journal it knows a dead memcue writer left. Otherwise a journal is taken for a live writer's.
 */
export function playbackAllowed(): boolean {
  return playback;
}

export function withPlayback<T>(fn: () => T): T {
  playback = true;
  try {
    return fn();
  } finally {
    playback = false;
  }
}

/** The commit under way (see fileSyncing). */
let committing: { db: DbFile; counter: number; nonce: number; stopped: boolean; disturbed: boolean; written?: FileMark } | undefined;

/** The database file as a commit left it: its counter, and when and how long it was last written. */
export interface FileMark {
  counter: number;
  mtimeNs: bigint;
  size: bigint;
}

export function fileMark(db: DbFile): FileMark | undefined {
  try {
    const stat = statSync(db.real, { bigint: true });
    return { counter: changeCounter(db), mtimeNs: stat.mtimeNs, size: stat.size };
  } catch {
    return undefined;
  }
}

/** Watches the commit about to run: its journal's nonce and the counter it began from. */
export function watchCommit(db: DbFile, counter: number, nonce: number): void {
  committing = { db, counter, nonce, stopped: false, disturbed: false };
}

/** Whether a commit is watched, i.e. a failure came from COMMIT itself. */
export function commitWatched(): boolean {
  return committing !== undefined;
}

/** What another program did while the watched commit ran (fileSyncing); ends the watch. */
export function endWatch(): { stopped: boolean; disturbed: boolean; written?: FileMark } {
  const seen = { stopped: committing?.stopped === true, disturbed: committing?.disturbed === true, written: committing?.written };
  committing = undefined;
  return seen;
}

/**
 * Called as SQLite is about to sync a file (file-syscalls.ts); false makes the sync fail. In a commit,
 * SQLite syncs the journal before it writes a page of the database: another program's commit or
 * write since the last look stops the commit there (SQLite then rolls back, the database untouched).
 * At the database's sync the new pages are written and the journal not yet deleted: a journal no
 * longer memcue's means another program began writing during the commit, from pages read before it,
 * and its own commit may undo this one.
 */
export function fileSyncing(path: string): boolean {
  if (!committing) return true;
  const ours = journalHeader(committing.db)?.nonce === committing.nonce;
  if (path === committing.db.journal && (!ours || changeCounter(committing.db) !== committing.counter)) {
    committing.stopped = true;
    return false;
  }
  if (path === committing.db.real) {
    if (!ours) committing.disturbed = true;
    committing.written = fileMark(committing.db); // every page of this commit is written now
  }
  return true;
}

/** `length` bytes at `at`, or undefined if the file is missing or unreadable. */
function readAt(path: string, at: number, length: number): { bytes: Buffer; read: number; size: number } | undefined {
  try {
    return readFileBytes(path, length, at);
  } catch {
    return undefined;
  }
}

/** The database's file change counter, read from the file; -1 while it has no header (new or empty). */
export function changeCounter(file: DbFile): number {
  const got = readAt(file.real, CHANGE_COUNTER_AT, 4);
  return got && got.read === 4 ? got.bytes.readUInt32BE(0) : -1;
}

export interface JournalHeader {
  nonce: number;
  /** Whether the journal is exactly one writer's header and `pages` records long. */
  sizeFor(pages: number): boolean;
}

export function journalHeader(file: DbFile): JournalHeader | undefined {
  const got = readAt(file.journal, 0, 28);
  if (!got || got.read < 28) return undefined;
  const sector = got.bytes.readUInt32BE(SECTOR_AT);
  const pageSize = got.bytes.readUInt32BE(PAGE_SIZE_AT);
  return { nonce: got.bytes.readUInt32BE(NONCE_AT), sizeFor: (pages) => got.size === sector + pages * (pageSize + RECORD_OVERHEAD) };
}
