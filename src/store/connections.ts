// The store's connections to its file, and when each may touch it (see read-gate.ts for why):
// - reads: an `immutable=1` connection under a reader ticket, opened on first use;
// - writes: a normal connection opened under the writers' lock for one transaction, with
//   cache_spill=OFF so the file is untouched until COMMIT, committed through the read gate;
// - recovery: a journal or pending marker left by a writer that died is dealt with under the lock.
// The WASM module is loaded before any of this, so no lock is ever held while it compiles.
import { existsSync } from 'node:fs';
import type { SqliteModule } from '../../wasm/sqlite3.mjs';
import { MemcueError } from '../errors.js';
import { pauseAt } from '../sync/pause.js';
import { mark } from '../util/profile.js';
import { fileIdentity, type DbFile } from './db-file.js';
import { checkBeforeWrite, forgetChecked, recordChecked } from './integrity.js';
import { FileLock, busyTimeout } from './lock.js';
import { drainReaders, enterReader, journalIsHot, refuseOddJournal, safeUnlink, type ReadTicket } from './read-gate.js';
import { Database, type BusyWait } from './sqlite.js';
import { foreignHolder, foreignWaiter, waitForForeign } from './foreign-locks.js';
import { nativeLocks } from './native-locks.js';
import { DeltaWriter } from '../snapshot/delta.js';
import { privateCopy, type PrivateCopy } from './private-copy.js';
import { detectingForeignWrites, withPlayback } from './foreign-files.js';
import { ForeignWriteBeforeWork, ForeignWriteCheck, keptWriting, waitForForeignJournal } from './foreign-writes.js';

/**
 * The writer's connection keeps every change in its page cache until COMMIT (cache_spill=OFF: the
 * cache grows past cache_size rather than spill), so the database file is untouched while readers
 * read it; the read gate keeps them out only for the commit itself. synchronous=EXTRA syncs the
 * folder after the journal's unlink, the commit point: without it a power cut can bring the journal
 * back, hot, and roll back a write memcue already acknowledged (one fsync of the folder per commit;
 * bench/RESULTS.md, issue 38, has its cost).
 */
const WRITER_PRAGMAS = 'PRAGMA cache_spill = OFF; PRAGMA cache_size = -65536; PRAGMA synchronous = EXTRA';

export class Connections {
  private readonly lock: FileLock;
  private ticket: ReadTicket | undefined;
  private reader: Database | undefined;
  private copy: PrivateCopy | undefined;
  private writer: Database | undefined;

  constructor(
    private readonly m: SqliteModule,
    private readonly file: DbFile,
    private readonly readTimeoutMs: number,
  ) {
    this.lock = new FileLock(file.lock);
  }

  /** The connection to use now: the writer's inside write(), else a reader's (opened on first use). */
  get db(): Database {
    if (this.writer) return this.writer;
    if (!this.reader) {
      this.enterReader();
      this.reader = this.opened(Database.openWith(this.m, this.readPath(), { immutable: true }));
      pauseAt('read', process.env); // tests stop a reader here
    }
    return this.reader;
  }

  /** The file readers read: the database itself, or for a reader some writers cannot know of, a private copy. */
  private readPath(): string {
    if (!this.ticket?.unguarded) return this.file.real;
    this.copy ??= privateCopy(this.file, this.readTimeoutMs, this.ticket.unguarded);
    return this.copy.path;
  }

  enterReader(): void {
    if (this.ticket) return;
    for (let attempt = 0; ; attempt++) {
      const entered = enterReader(this.file, this.readTimeoutMs);
      if (entered !== 'recover') {
        this.ticket = entered;
        return;
      }
      if (attempt === 3) throw new MemcueError('BUSY', `${this.file.given} keeps being left half-written by writers that die`, 'run `memcue doctor`');
      this.recover();
    }
  }

  /** Rolls back a journal left by a writer that died, under the writers' lock (a no-op if another did it first). */
  private recover(): void {
    this.lock.acquire(this.readTimeoutMs, true);
    try {
      this.rollBackHotJournal(this.readTimeoutMs);
    } finally {
      this.lock.release();
    }
  }

  /**
   * Under the lock: a journal or marker left now is a dead writer's. A normal connection plays a hot
   * journal back; one SQLite does not judge hot (its writer died before committing, the file is
   * untouched) is then removed, so readers stop seeing it.
   */
  private rollBackHotJournal(timeoutMs = busyTimeout()): void {
    if (!existsSync(this.file.journal) && !existsSync(this.file.pending)) return;
    refuseOddJournal(this.file); // before SQLite opens it
    // Another program's journal is its live transaction, not ours to play back or remove.
    this.waitForForeign(true, 'check its journal', 'nothing was changed');
    if (this.waitedForForeignJournal(timeoutMs)) return;
    this.playBackOwnJournal();
  }

  /** Under the lock, a journal known to be memcue's: played back if hot, then removed. */
  private playBackOwnJournal(): void {
    this.readersHeldOff(() => {
      // Reading page 1 plays a hot journal back.
      withPlayback(() => this.withConnection((db) => db.get('SELECT count(*) AS n FROM sqlite_master')));
      if (!journalIsHot(this.file) && !foreignHolder(this.file, true)) safeUnlink(this.file.journal);
    });
  }

  /**
   * Waits while another program holds SQLite's lock: a writer's (`writersOnly`), or any. Where memcue
   * holds SQLite's locks itself (native-locks.ts) SQLite does this wait; this is for where it cannot.
   */
  private waitForForeign(writersOnly: boolean, what: string, nothingDone: string): void {
    if (nativeLocks()) return;
    waitForForeign(this.file, () => foreignHolder(this.file, writersOnly), busyTimeout(), what, nothingDone);
  }

  /**
   * Where other programs' locks are out of sight (foreign-writes.ts): a journal that no memcue writer
   * left (no commit marker, no dead holder of our lock) is another program's: waited for, and then
   * there is nothing of ours to roll back (true).
   */
  private waitedForForeignJournal(timeoutMs: number): boolean {
    if (!detectingForeignWrites() || existsSync(this.file.pending) || this.lock.tookOverFromDead) return false;
    waitForForeignJournal(this.file, () => existsSync(this.file.journal), timeoutMs, 'nothing was changed');
    return true;
  }

  /** For SQLite's own busy answers (real locks): waits for the other program, then gives up naming it. */
  private busyWait(what: string): BusyWait {
    const wait = foreignWaiter(this.file, busyTimeout(), what, 'nothing was changed');
    return () => wait(foreignHolder(this.file, false));
  }

  private readersHeldOff(fn: () => void): void {
    const dropPending = drainReaders(this.file, busyTimeout());
    try {
      fn();
    } finally {
      dropPending();
    }
  }

  /** A normal (read-write) connection for `fn` alone; only under the writers' lock. */
  private withConnection(fn: (db: Database) => unknown): void {
    const db = this.opened(Database.openWith(this.m, this.file.real));
    db.busyWait = this.busyWait('change it');
    try {
      fn(db);
    } finally {
      db.close();
    }
  }

  /** Every connection: damage it meets makes the next writer check the file (integrity.ts). */
  private opened(db: Database): Database {
    db.onDamage = () => forgetChecked(this.file);
    return db;
  }

  /** Runs `fn` holding the writers' lock, without our own reader ticket (it would hold off our commit). */
  private underLock<T>(fn: () => T): T {
    this.leaveReader(); // our reader connection's cache is stale after our commit anyway
    this.lock.acquire();
    mark('lock acquired');
    try {
      this.rollBackHotJournal();
      return fn();
    } finally {
      this.lock.release();
      this.writeCount++;
    }
  }

  close(): void {
    this.leaveReader();
    this.writer?.close();
    this.writer = undefined;
    this.lock.release();
  }

  private leaveReader(): void {
    this.reader?.close();
    this.reader = undefined;
    this.copy?.remove();
    this.copy = undefined;
    this.ticket?.leave();
    this.ticket = undefined;
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

  /** One write transaction under the writers' lock, committed through the read gate. */
  write<T>(fn: () => T): T {
    if (this.writer) return fn(); // nested: already inside the transaction
    const identity = fileIdentity(this.file.real);
    return this.underLock(() => {
      if (identity !== '' && identity !== fileIdentity(this.file.real)) {
        throw new MemcueError('BUSY', `${this.file.given} was replaced while memcue was opening it`, 'run the command again');
      }
      // Started again, on a fresh connection (a rollback played back from a journal another program
      // wrote into leaves the page cache unfit), while another program's write is found before the
      // work began (foreign-writes.ts). Work done is never run again: a command's `fn` may have
      // effects beyond the database, and measured, retrying it only moved its commit into the other
      // program's busiest moments (docs/ARCHITECTURE.md).
      const deadline = Date.now() + busyTimeout();
      for (let attempt = 0; ; attempt++) {
        try {
          return this.writeOnce(fn, deadline, attempt > 0);
        } catch (err) {
          if (!(err instanceof ForeignWriteBeforeWork)) throw err;
          if (Date.now() >= deadline) throw keptWriting(this.file);
        }
      }
    });
  }

  private writeOnce<T>(fn: () => T, deadline: number, startedBefore: boolean): T {
    this.writer = this.opened(Database.openWith(this.m, this.file.real));
    const writer = this.writer;
    writer.busyWait = this.busyWait('write');
    const searchFile = new DeltaWriter(this.file.real);
    try {
      writer.exec(WRITER_PRAGMAS);
      this.waitForForeign(true, 'write', 'nothing was written');
      checkBeforeWrite(writer, this.file);
      searchFile.begin(writer);
      // Where other programs' locks are out of sight, their writes are detected (foreign-writes.ts).
      const foreignCheck = detectingForeignWrites() ? new ForeignWriteCheck(this.file, deadline, startedBefore) : undefined;
      let result: T;
      try {
        result = writer.transaction(
          () => {
            foreignCheck?.started(writer);
            const result = fn();
            searchFile.collect(writer);
            pauseAt('write-transaction', process.env); // tests stop a writer here (MEMCUE_SYNC_PAUSE_AT)
            return result;
          },
          () => {
            const dropPending = drainReaders(this.file, busyTimeout());
            try {
              // Without real locks, commit only when no other program is reading or writing the file.
              this.waitForForeign(false, 'commit', 'nothing was written');
              foreignCheck?.beforeCommit();
            } catch (err) {
              dropPending();
              throw err;
            }
            pauseAt('commit', process.env);
            return dropPending;
          },
        );
      } catch (err) {
        if (!foreignCheck) throw err;
        const explained = foreignCheck.explainFailure(err);
        if (foreignCheck.ownJournalLeft()) {
          writer.close();
          try {
            this.playBackOwnJournal(); // now, while it is known to be ours
          } catch {
            /* the disk still fails: the error below says what happened */
          }
        }
        throw explained;
      }
      foreignCheck?.afterCommit();
      recordChecked(this.file);
      searchFile.commit(writer);
      return result;
    } finally {
      this.writer.close();
      this.writer = undefined;
    }
  }

  /** VACUUM outside any transaction, under the lock, with readers kept out throughout. */
  vacuum(): void {
    this.underLock(() => {
      this.readersHeldOff(() => this.withConnection((db) => db.exec('VACUUM')));
      recordChecked(this.file);
    });
  }
}
