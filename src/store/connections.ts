// The store's connections to its file. SQLite's own locks (native-locks.ts) order every process:
// - reads: one connection in one read transaction, opened on first use: the SHARED lock is taken
//   once, so every read of a command sees one state of the file, and no commit lands under it;
// - writes: a connection opened for one write transaction (BEGIN IMMEDIATE: RESERVED), with
//   cache_spill=OFF so the file is untouched until COMMIT, which waits for readers to finish
//   (EXCLUSIVE); new readers keep reading meanwhile (native-locks.ts lets PENDING go between tries);
// - a journal left by a writer that died is played back by SQLite itself, by the first connection
//   that finds it hot (no process holds RESERVED).
// The WASM module is loaded before any of this, so no lock is ever held while it compiles.
import type { SqliteModule } from '../../wasm/sqlite3.mjs';
import { accessSync, constants } from 'node:fs';
import { dirname } from 'node:path';
import { MemcueError, SqliteError, mapFsError } from '../errors.js';
import { pauseAt } from '../util/pause.js';
import { mark } from '../util/profile.js';
import { fileIdentity, type DbFile } from './db-file.js';
import { checkBeforeWrite, forgetChecked, recordChecked } from './integrity.js';
import type { WriteDigest } from './write-digest.js';
import { asyncLockWaiter, busyTimeout, lockWaiter } from '../locks/holders.js';
import { keepReserved } from '../locks/native-locks.js';
import { Database } from '../sqlite/sqlite.js';
import { writeWatcher } from './write-watch.js';

/**
 * The writer's connection keeps every change in its page cache until COMMIT (cache_spill=OFF: the
 * cache grows past cache_size rather than spill), so readers keep reading the file meanwhile.
 * synchronous=EXTRA syncs the folder after the journal's unlink, the commit point: without it a power
 * cut can bring the journal back, hot, and roll back a write memcue already acknowledged (one fsync
 * of the folder per commit; bench/RESULTS.md, issue 38, has its cost).
 */
const WRITER_PRAGMAS = 'PRAGMA cache_spill = OFF; PRAGMA cache_size = -65536; PRAGMA synchronous = EXTRA';

/**
 * Refuses a write the file system will refuse, in its own words (a read-only disk, a file or folder
 * this user may not write), before SQLite reports it as a read-only database.
 */
function mayWrite(path: string, exists: boolean): void {
  try {
    accessSync(exists ? path : dirname(path), constants.W_OK);
    if (exists) accessSync(dirname(path), constants.W_OK); // the journal goes beside it
  } catch (err) {
    throw mapFsError(err, path);
  }
}

/** The writer's connection; a file SQLite cannot create is said as such. */
function openWriter(m: SqliteModule, file: DbFile, exists: boolean): Database {
  try {
    return Database.openWith(m, file.real);
  } catch (err) {
    if (exists || !(err instanceof SqliteError)) throw err;
    throw new MemcueError('NOT_FOUND', `cannot create ${file.given} (${err.message})`, 'point --db or MEMCUE_DB at a file in a folder you can write to');
  }
}

export class Connections {
  private reader: Database | undefined;
  private writer: Database | undefined;

  constructor(
    private readonly m: SqliteModule,
    private readonly file: DbFile,
    private readonly readTimeoutMs: number,
  ) {}

  /** Whether the command reads after its writes: the read lock is then taken again after each. */
  readsAfterWrites = false;

  /** The connection to use now: the writer's inside write(), else the reader's (opened on first use). */
  get db(): Database {
    if (this.writer) return this.writer;
    this.reader ??= this.openReader();
    return this.reader;
  }

  /**
   * A read transaction holding SHARED. Read-write without create, so that a hot journal a dead
   * writer left can be played back (SQLite opens read-only by itself where the file is not writable).
   */
  private openReader(): Database {
    return this.readerWith((db) => db.retrying(() => db.get('SELECT 1 FROM sqlite_master LIMIT 1')));
  }

  /** As enterReader, for async callers: a wait for a commit in progress yields the event loop. */
  async enterReaderAsync(): Promise<void> {
    if (this.writer || this.reader) return;
    const db = this.readerWith(undefined); // its transaction begun, no lock taken yet
    const busyWait = db.busyWait;
    db.busyWait = undefined; // a busy first read comes back to whenFree instead of sleeping
    try {
      await db.whenFree(() => db.get('SELECT 1 FROM sqlite_master LIMIT 1'), asyncLockWaiter(this.file, this.readTimeoutMs, 'read it', 'nothing was read'));
    } catch (err) {
      db.close();
      throw err;
    }
    db.busyWait = busyWait;
    pauseAt('read', process.env); // tests stop a reader here, holding its read lock
    this.reader = db;
  }

  /** Opens the reader's connection and begins its transaction; `take` takes SHARED (the first read). */
  private readerWith(take: ((db: Database) => void) | undefined): Database {
    const db = this.opened(Database.openWith(this.m, this.file.real, { create: false }));
    try {
      db.busyWait = lockWaiter(this.file, this.readTimeoutMs, 'read it', 'nothing was read');
      db.exec('BEGIN');
      if (!take) return db;
      // The first read takes SHARED (and plays back a hot journal); a busy one is tried again.
      take(db);
    } catch (err) {
      db.close();
      throw err;
    }
    pauseAt('read', process.env); // tests stop a reader here, holding its read lock
    return db;
  }

  /** Every connection: damage it meets makes the next writer check the file (integrity.ts). */
  private opened(db: Database): Database {
    db.onDamage = () => forgetChecked(this.file);
    return db;
  }

  close(): void {
    this.leaveReader();
    this.writer?.close();
    this.writer = undefined;
  }

  /** Ends the read transaction: a later read takes the lock again and sees the file as it is then. */
  private leaveReader(): void {
    this.reader?.close();
    this.reader = undefined;
  }

  /** Whether a write transaction is running (the writer's connection is the one in use). */
  get writing(): boolean {
    return this.writer !== undefined;
  }

  /** Write transactions run so far, committed or rolled back: what was read inside one may be gone. */
  get writes(): number {
    return this.writeCount;
  }
  private writeCount = 0;

  /**
   * One write transaction; this process's own read transaction ends first (it would hold off the
   * commit), and is taken again after it if there was one. The waits for SQLite's locks (RESERVED,
   * then readers before the COMMIT) yield the event loop, so the process's other work (MCP tool
   * calls) goes on meanwhile.
   */
  async writeAsync<T>(fn: () => T): Promise<T> {
    if (this.writer) return fn(); // nested: already inside the transaction
    const identity = fileIdentity(this.file.real);
    mayWrite(this.file.real, identity !== '');
    const hadReader = this.reader !== undefined;
    this.leaveReader();
    const released = keepReserved();
    const writer = this.opened(openWriter(this.m, this.file, identity !== ''));
    this.writer = writer;
    const searchFile = writeWatcher(this.file.real);
    const checked: { digest?: WriteDigest } = {};
    let result: T;
    try {
      const waitBegin = asyncLockWaiter(this.file, busyTimeout(), 'write', 'nothing was written', true);
      let waitCommit: (() => Promise<void>) | undefined; // its deadline starts at the first busy COMMIT
      await writer.whenFree(() => writer.exec(WRITER_PRAGMAS), waitBegin);
      result = await writer.transactionAsync(() => this.inTransaction(writer, searchFile, identity, checked, fn), waitBegin, () =>
        (waitCommit ??= asyncLockWaiter(this.file, busyTimeout(), 'commit', 'nothing was written'))(),
      );
      recordChecked(this.file, checked.digest);
      searchFile?.commit(writer);
    } finally {
      checked.digest?.end(); // a failed write: no longer followed
      searchFile?.end();
      writer.close();
      this.writer = undefined;
      released();
      this.writeCount++;
    }
    // The reads after it see the commit; taken again here, so no lazy open waits without yielding.
    // The write is done whatever happens here: a read that cannot start says so when it is made.
    if (hadReader || this.readsAfterWrites) await this.enterReaderAsync().catch(() => {});
    return result;
  }

  /** The write transaction's work, holding RESERVED: checks, `fn`, the search file's delta. */
  private inTransaction<T>(writer: Database, searchFile: ReturnType<typeof writeWatcher>, identity: string, checked: { digest?: WriteDigest }, fn: () => T): T {
    mark('lock acquired');
    if (identity !== '' && identity !== fileIdentity(this.file.real)) {
      throw new MemcueError('BUSY', `${this.file.given} was replaced while memcue was opening it`, 'run the command again');
    }
    checked.digest?.end(); // a transaction run again checks again
    checked.digest = checkBeforeWrite(writer, this.file);
    searchFile?.begin(writer);
    const result = fn();
    searchFile?.collect(writer);
    pauseAt('write-transaction', process.env); // tests stop a writer here (MEMCUE_SYNC_PAUSE_AT)
    return result;
  }

  /** VACUUM outside any transaction: SQLite takes EXCLUSIVE for it, waiting (yielding) for readers first. */
  async vacuum(): Promise<void> {
    this.leaveReader();
    const released = keepReserved();
    const db = this.opened(Database.openWith(this.m, this.file.real));
    try {
      await db.whenFree(() => db.exec('VACUUM'), asyncLockWaiter(this.file, busyTimeout(), 'compact it', 'nothing was changed'));
      recordChecked(this.file);
    } finally {
      db.close();
      released();
    }
  }
}
