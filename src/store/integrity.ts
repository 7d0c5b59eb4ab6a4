// Never write into a damaged file: a write could spread the damage, and the user must hear of it.
//
// `PRAGMA integrity_check` reads and parses every page: 21 ms CPU at 5k facts but 480 ms at 100k
// (quick_check 13 / 248 ms), too much for every `add` (an add is ~47 ms). So it runs only when the
// file is not byte for byte the one memcue left: each writer records, after its commit, the file's
// state (inode, size, mtime, SQLite's change counter) and its CRC-32 (`<db>.checked`), and the next
// writer checks the file when either differs or the record is missing. The state alone missed bit
// rot, which keeps size, mtime and change counter (18 of the 19 damaged files of
// test/store/bit-rot.test.ts took an add); the CRC reads the whole file, 1.3 ms CPU at 5k facts,
// 6 ms at 100k (file-digest.ts; the figures and the choice: docs/ARCHITECTURE.md), once per write:
// the record after the commit is the verified CRC moved by the pages the write wrote
// (write-digest.ts), not a second read. A read or write that meets damage also drops the record
// (forgetChecked), and so does doctor finding it.
import { fileState, readFileState } from '../sqlite/header.js';
import { statSync, unlinkSync } from 'node:fs';
import type { Database } from '../sqlite/sqlite.js';
import type { DbFile } from './db-file.js';
import { MemcueError } from '../errors.js';
import { readKeptFile, replaceKeptFile } from '../util/safe-file.js';
import { fileCrc, fileDigest, hexDigest } from './file-digest.js';
import { WriteDigest } from './write-digest.js';

/**
 * Runs first in every write transaction (RESERVED held: no other writer meanwhile). A file found as
 * recorded has its CRC followed through the transaction's writes (write-digest.ts): `recordChecked`
 * then needs no second read of the whole file.
 */
export function checkBeforeWrite(db: Database, file: DbFile): WriteDigest | undefined {
  const verified = unchangedSinceRecorded(file);
  if (verified) return WriteDigest.follow(file.real, verified.crc, verified.size);
  // integrity_check, not quick_check: it also compares every index with its table (an index left
  // out of step by another program passes quick_check), for ~1.2-1.3x its cost (5k facts: 53 vs
  // 45 ms CPU; 50k: 396 vs 296 ms), paid only after the file changed outside memcue.
  const rows = db.all('PRAGMA integrity_check(3)');
  const first = String(Object.values(rows[0] ?? {})[0] ?? '');
  if (rows.length !== 1 || first !== 'ok') {
    throw new MemcueError(
      'NOT_A_DATABASE',
      `${file.given} is damaged (integrity check: ${first.replace(/\s+/g, ' ').slice(0, 120)}); nothing was written`,
      '`memcue doctor` shows the damage; restore the file from a backup or a synced copy (`memcue export` may still read most facts); the file was left untouched',
    );
  }
  return undefined;
}

/** The file's CRC and size if the recorded state and CRC still describe it; the CRC is read only when the state matches. */
function unchangedSinceRecorded(file: DbFile): { crc: number; size: number } | undefined {
  const now = fileState(file.real);
  const record = recorded(file);
  if (now === undefined || record === undefined || !record.startsWith(`${now} `)) return undefined;
  const read = fileCrc(file.real);
  return read && record === `${now} ${hexDigest(read.crc)}` ? read : undefined;
}

/** What `<db>.checked` holds for the file as it is now: its state and CRC-32; undefined if unreadable. */
export function checkedRecord(path: string): string | undefined {
  const state = fileState(path);
  const digest = state === undefined ? undefined : fileDigest(path);
  return digest === undefined ? undefined : `${state} ${digest}`;
}

/**
 * After a commit, still under the lock: the state and bytes memcue itself left the file in. The CRC
 * is the one followed through the writes when there is one (it also ends it), else read from the
 * whole file. Best effort.
 */
export function recordChecked(file: DbFile, followed?: WriteDigest): void {
  const derived = followed?.end();
  const state = derived && readFileState(file.real);
  const record = state && state.size === derived.size ? `${state.state} ${derived.digest}` : checkedRecord(file.real);
  try {
    // Never into a FIFO or through a link; as private as the database it describes.
    if (record !== undefined) replaceKeptFile(`${file.real}.checked`, record, statSync(file.real).mode & 0o666);
  } catch {
    /* unrecorded: the next writer checks the file once more */
  }
}

/** SQLite met damage: the file is no longer the one recorded as checked, so the next writer checks it. */
export function forgetChecked(file: DbFile): void {
  try {
    unlinkSync(`${file.real}.checked`);
  } catch {
    /* none recorded */
  }
}

function recorded(file: DbFile): string | undefined {
  return readKeptFile(`${file.real}.checked`, 1024)?.toString('utf8');
}
