// What is at the database path, and whether this command may open or write it. Checked before
// SQLite sees the file: SQLite would block on a FIFO, turn an empty or foreign file into a memcue
// database, and report a full disk as an internal error.
import { closeSync, constants, existsSync, lstatSync, mkdirSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { basename, dirname } from 'node:path';
import { oddKind } from '../util/safe-file.js';
import type { DbFile } from './db-file.js';
import { MemcueError, mapFsError } from '../errors.js';
import { readHeader } from '../sqlite/header.js';
import { APPLICATION_ID, OPENED_AS_IS, SCHEMA_VERSION } from './schema.js';
import type { Database } from '../sqlite/sqlite.js';

const POINT_ELSEWHERE = 'point --db or MEMCUE_DB at a memcue database; the file was left untouched';

/** `missing` and `empty` hold no facts: a read needs no file for them. */
export type DatabaseFile = 'missing' | 'empty' | 'file';

/** Looks at the path without opening it (opening a FIFO blocks until a writer comes). */
export function inspectDatabasePath(path: string): DatabaseFile {
  let stats: Stats | undefined;
  try {
    stats = statSync(path, { throwIfNoEntry: false });
  } catch (err) {
    throw mapFsError(err, path); // e.g. a parent that is a file: ENOTDIR
  }
  if (!stats) return 'missing';
  if (!stats.isFile()) {
    throw new MemcueError('NOT_A_DATABASE', `${path} is ${describeNonFile(stats)}, not a database file`, POINT_ELSEWHERE);
  }
  return stats.size === 0 ? 'empty' : 'file';
}

function describeNonFile(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isSocket()) return 'a socket';
  return 'not a regular file';
}

/**
/**
 * A new database: its folder, and the file itself made empty with mode 0600 before SQLite opens it
 * (SQLite would make it 0644, readable by every local user; its journal and memcue's side files take
 * the database's mode). Returns the first folder it had to make, if any. memcue makes its own folder
 * (`<data>/memcue/memcue.db`, config.ts: on a fresh machine even `~/.local/share` may be missing); of a
 * path the user named (--db, MEMCUE_DB) it makes at most the last folder, in one that exists:
 * `/nonexistent/dir/x.db` (a typo) would otherwise make folders anywhere and a database nobody finds
 * again. A full or read-only disk is said in one line.
 */
export function createPrivateFile(path: string): string | undefined {
  const parent = dirname(path);
  const own = basename(parent) === 'memcue' && basename(path) === 'memcue.db';
  if (!own && !existsSync(parent) && !existsSync(dirname(parent))) {
    throw new MemcueError('NOT_FOUND', `cannot create ${path}: the folder ${dirname(parent)} does not exist`, 'create the folder first, or point --db or MEMCUE_DB at a file in an existing one');
  }
  try {
    const folder = mkdirSync(parent, { recursive: true });
    try {
      closeSync(openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err; // another writer made it first
    }
    return folder;
  } catch (err) {
    throw mapFsError(err, path);
  }
}

/**
 * Reads the 100-byte SQLite header. A file that is not SQLite at all is reported before SQLite (or
 * we) could touch it; a memcue file of the current schema needs no schema queries (they run in the
 * WASM interpreter at start-up, so skipping them is measurable). `shown`: the path as the user gave it.
 */
export function headerIsCurrent(path: string, shown = path): boolean {
  if (statSync(path).size === 0) return false;
  // Through the descriptor that holds this reader's SQLite lock, if any (readHeader): closing another
  // descriptor of the file would drop every POSIX lock this process holds on it.
  const { header } = readHeader(path);
  if (!header.sqlite) throw new MemcueError('NOT_A_DATABASE', `${shown} is not a memcue database (not an SQLite file)`, POINT_ELSEWHERE);
  if (header.wal) refuseWal(path, shown);
  // A v4 file is read and written as it is (schema.ts OPENED_AS_IS).
  const version = header.userVersion;
  return version >= OPENED_AS_IS && version <= SCHEMA_VERSION && header.applicationId === APPLICATION_ID;
}

/**
 * Bytes 18 and 19 of the header are 2 in WAL mode. Our WASM SQLite has no WAL (it needs shared memory
 * between processes), so it would call such a file "not a database"; the file is fine, and another
 * program (sqlite3, DB Browser, a script) switched it. Saying so gives the user the way back.
 */
function refuseWal(path: string, shown: string): never {
  throw new MemcueError(
    'NOT_A_DATABASE',
    `${shown} is in WAL journal mode (set by another SQLite program); memcue reads and writes only rollback-journal files`,
    `close the other programs using it, then switch it back: sqlite3 ${shellQuote(path)} 'PRAGMA journal_mode=DELETE' (nothing was changed)`,
  );
}

/** A path as one shell word, for commands in messages. */
export const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * A read command never turns a file into a memcue database: an empty SQLite file (no schema objects,
 * not our application id) is reported instead of set up. Someone else's file is refused by
 * ensureSchema, for reads and writes alike.
 */
export function refuseEmptyForRead(db: Database, path: string, write: boolean): void {
  if (write || Number(db.get('PRAGMA application_id')?.application_id ?? 0) === APPLICATION_ID) return;
  if (Number(db.get('SELECT count(*) AS n FROM sqlite_master')?.n ?? 0) > 0) return;
  throw new MemcueError(
    'NOT_A_DATABASE',
    `${path} is an empty SQLite file, not yet a memcue database`,
    'a write command such as `memcue add` sets it up; the file was left untouched',
  );
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
