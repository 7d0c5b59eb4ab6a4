// Never write into a damaged file: a write could spread the damage, and the user must hear of it.
//
// `PRAGMA integrity_check` reads every page: 53 ms CPU at 5k facts but ~400 ms at 50k, too much for
// every `add`. So it runs only when the file may have been changed by something other
// than memcue: each writer records the file's state after its commit (`<db>.checked`: inode, size,
// mtime and SQLite's change counter), and the next writer checks the file when that record does not
// match (bit flips written by another tool, a restored backup, an `sqlite3` session, a crash of an
// older memcue), or is missing. Damage that keeps size and mtime (bit rot on disk) is not seen here
// until a read or write reaches the damaged page: SQLite reports it then, and the record is dropped
// (forgetChecked) so that no later write goes into the file without a check.
import { fileState } from '../sqlite/header.js';
import { statSync, unlinkSync } from 'node:fs';
import type { Database } from '../sqlite/sqlite.js';
import type { DbFile } from './db-file.js';
import { MemcueError } from '../errors.js';
import { readKeptFile, replaceKeptFile } from '../util/safe-file.js';

/** Runs first in every write transaction (RESERVED held: no other writer meanwhile). */
export function checkBeforeWrite(db: Database, file: DbFile): void {
  const now = fileState(file.real);
  if (now !== undefined && now === recorded(file)) return;
  // integrity_check, not quick_check: it also compares every index with its table (an index left
  // out of step by another program passes quick_check), for ~1.2-1.3x its cost (5k facts: 53 vs
  // 45 ms CPU; 50k: 396 vs 296 ms), paid only after the file changed outside memcue.
  const rows = db.all('PRAGMA integrity_check(3)');
  const first = String(Object.values(rows[0] ?? {})[0] ?? '');
  if (rows.length !== 1 || first !== 'ok') {
    throw new MemcueError(
      'NOT_A_DATABASE',
      `${file.given} is damaged (integrity check: ${first.replace(/\s+/g, ' ').slice(0, 120)}); nothing was written`,
      'restore it from a backup or a synced copy (`memcue export` may still read most facts); the file was left untouched',
    );
  }
}

/** After a commit, still under the lock: the state memcue itself left the file in. Best effort. */
export function recordChecked(file: DbFile): void {
  const state = fileState(file.real);
  try {
    // Never into a FIFO or through a link; as private as the database it describes.
    if (state !== undefined) replaceKeptFile(`${file.real}.checked`, state, statSync(file.real).mode & 0o666);
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
