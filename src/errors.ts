// One error type for everything a user can fix, one for SQLite, one boundary that maps them to exit codes.

export type ErrorCode =
  | 'USAGE'
  | 'EMPTY_TEXT'
  | 'TOO_LONG'
  | 'SECRET'
  | 'NOT_FOUND'
  | 'BUSY'
  | 'NOT_A_DATABASE'
  | 'SCHEMA_TOO_NEW'
  | 'BAD_INPUT'
  | 'READONLY'
  | 'SYNC';

/** A problem the user can act on: exit code 1, one line, maybe a hint. */
export class MemcueError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'MemcueError';
  }
}

/** An error reported by the SQLite engine, with its extended result code. */
export class SqliteError extends Error {
  constructor(
    readonly rc: number,
    message: string,
  ) {
    super(message);
    this.name = 'SqliteError';
  }
}

const SQLITE_BUSY = 5;
const SQLITE_CORRUPT = 11;
const SQLITE_CANTOPEN = 14;
const SQLITE_NOTADB = 26;
const SQLITE_READONLY = 8;

/** Turns engine errors that mean something to a user into MemcueErrors; leaves the rest alone. */
export function mapSqliteError(err: unknown, dbPath: string): unknown {
  if (!(err instanceof SqliteError)) return err;
  switch (err.rc & 0xff) {
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
      return new MemcueError('NOT_FOUND', `cannot open database ${dbPath}`, 'check the path and its permissions');
    case SQLITE_READONLY:
      return new MemcueError('READONLY', `database ${dbPath} is read-only`, 'check the file permissions');
    default:
      return err;
  }
}
