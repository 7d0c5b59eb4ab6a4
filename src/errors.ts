// One error type for everything a user can fix, one for SQLite, one boundary that maps them to exit codes
// (reportError: the CLI's and the MCP tools' one place errors become output).

import { accessSync, constants } from 'node:fs';
import { dirname } from 'node:path';

export type ErrorCode =
  | 'USAGE' | 'EMPTY_TEXT' | 'TOO_LONG' | 'SECRET' | 'NOT_FOUND' | 'BUSY' | 'NOT_A_DATABASE'
  | 'SCHEMA_TOO_NEW' | 'BAD_INPUT' | 'READONLY' | 'DISK_FULL' | 'IO' | 'SYNC' | 'ENGINE';

/** A problem the user can act on: exit code 1, one line, maybe a hint. */
export class MemcueError extends Error {
  constructor(readonly code: ErrorCode, message: string, readonly hint?: string) {
    super(message);
    this.name = 'MemcueError';
  }
}

/** An error reported by the SQLite engine, with its extended result code. */
export class SqliteError extends Error {
  constructor(readonly rc: number, message: string) {
    super(message);
    this.name = 'SqliteError';
  }
}

const SQLITE_ERROR = 1;
const SQLITE_BUSY = 5;
const SQLITE_CORRUPT = 11;
const SQLITE_CANTOPEN = 14;
const SQLITE_NOTADB = 26;
const SQLITE_READONLY = 8;
const SQLITE_IOERR = 10;
const SQLITE_FULL = 13;
/** A read-only connection found a write interrupted half-way: only a writer may roll it back. */
const SQLITE_READONLY_ROLLBACK = SQLITE_READONLY | (3 << 8);

const UNTOUCHED = 'the database was left as it was';

function diskFull(path: string): MemcueError {
  return new MemcueError('DISK_FULL', `disk full: cannot write ${path}`, `free space on that disk and retry; ${UNTOUCHED}`);
}

/** Why this process may not write `path` (EROFS, EACCES), or undefined. */
function unwritable(path: string): string | undefined {
  try {
    accessSync(path, constants.W_OK);
    return undefined;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code ?? 'not writable';
  }
}

/** Turns engine errors that mean something to a user into MemcueErrors; leaves the rest alone. */
export function mapSqliteError(err: unknown, dbPath: string): unknown {
  if (!(err instanceof SqliteError)) return mapFsError(err, dbPath);
  if (err.rc === SQLITE_READONLY_ROLLBACK) {
    // SQLite must roll the interrupted write back before anyone reads, and this process may not write there.
    const folder = unwritable(dirname(dbPath)) ?? unwritable(dbPath);
    if (folder) {
      return new MemcueError(
        'READONLY',
        `database ${dbPath} holds a write that was interrupted, which must be rolled back before it is read, and its disk or folder is read-only (${folder})`,
        'make the folder writable (e.g. remount the disk read-write), then run the command again; the database was left as it was',
      );
    }
    return new MemcueError('BUSY', `database ${dbPath} holds a write that was interrupted`, 'run any write command (e.g. `memcue add`) once there is free space; it recovers the file');
  }
  switch (err.rc & 0xff) {
    case SQLITE_FULL:
      return diskFull(dbPath);
    case SQLITE_IOERR:
      return new MemcueError('IO', `disk I/O error on ${dbPath} (${err.message})`, `check the disk and free space, then retry; ${UNTOUCHED}`);
    case SQLITE_ERROR:
      // Our queries only name our own tables: a missing one means the file only claims to be ours.
      if (!/^no such table/.test(err.message)) return err;
    // falls through
    case SQLITE_NOTADB:
    case SQLITE_CORRUPT:
      return new MemcueError(
        'NOT_A_DATABASE',
        `${dbPath} is not a memcue database or is damaged (${err.message})`,
        'point --db or MEMCUE_DB at a memcue database; the file was left untouched',
      );
    case SQLITE_BUSY:
      return new MemcueError('BUSY', `database ${dbPath} is busy`, 'try again in a moment');
    case SQLITE_CANTOPEN:
      return new MemcueError('NOT_FOUND', `cannot open database ${dbPath} (${err.message})`, 'check the path, its permissions and free space');
    case SQLITE_READONLY:
      return new MemcueError('READONLY', `database ${dbPath} is read-only`, 'check the file permissions');
    default:
      return err;
  }
}

/** Errors of the file system around the database (its folder, lock, journal) in one line each. */
export function mapFsError(err: unknown, path: string): unknown {
  if (err instanceof MemcueError) return err; // already said in its own words
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return diskFull(path);
    case 'EROFS':
    case 'EACCES':
    case 'EPERM':
      return new MemcueError('READONLY', `cannot write ${path} (${code})`, 'memcue needs write access to the database and its folder');
    case 'ENOENT':
    case 'ENOTDIR':
      return new MemcueError('NOT_FOUND', `cannot create ${path} (${code})`, 'point --db or MEMCUE_DB at a file in a folder you can write to');
    case 'EIO':
      return new MemcueError('IO', `disk I/O error on ${path}`, `check the disk, then retry; ${UNTOUCHED}`);
    default:
      return err;
  }
}

/** The one place errors become output: one line, a hint, exit 1 for the user's errors, 2 for ours. */
export function reportError(err: unknown, io: { env: Record<string, string | undefined>; stderr: (text: string) => void }): number {
  const debug = io.env.MEMCUE_DEBUG === '1';
  if (err instanceof MemcueError) {
    io.stderr(`memcue: ${err.message}${err.hint ? ` (${err.hint})` : ''}\n`);
    if (debug) io.stderr(`${err.stack}\n`);
    return 1;
  }
  const message = err instanceof Error ? err.message : String(err);
  io.stderr(`memcue: internal error: ${message.split('\n')[0]} (run with MEMCUE_DEBUG=1 for details and report it)\n`);
  if (debug && err instanceof Error) io.stderr(`${err.stack}\n`);
  return 2;
}
