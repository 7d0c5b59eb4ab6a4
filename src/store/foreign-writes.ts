// Other programs' writes where their SQLite locks can be neither taken nor seen: macOS, Windows, and
// Linux with MEMCUE_FOREIGN_LOCKS=0 (a diagnostic that makes this path testable). Without locks,
// another program (a `sqlite3` shell, DB Browser, a script) can begin and commit at any moment, so
// memcue detects its writes from the files themselves, and refuses rather than guess:
// - A rollback journal that no memcue writer left (no `.pending` marker of a memcue commit, no dead
//   memcue holder of the writers' lock) is another program's transaction, live or crashed. memcue
//   waits for it to go, never plays it back or removes it, and after the busy timeout refuses in one
//   line naming the file.
// - A writer notes the header's file change counter before its transaction and its own journal's
//   nonce as soon as the journal exists (it journals page 1 first), and reads both again from the
//   files just before COMMIT. Another program that committed in between changed the counter; one
//   that began a write rewrote the journal's header. Either way memcue rolls back (cache_spill=OFF:
//   the database file was not touched): before the command's work began it waits and starts over,
//   after it refuses in one line. Nothing is acknowledged that did not land, and nothing another
//   program committed is overwritten.
// - memcue's own SQLite never plays back a journal unless memcue knows it is its own (file-syscalls.ts).
// What the files say (counter, journal header, the watch over a commit's syncs): foreign-files.ts.
// - During COMMIT, as SQLite syncs the journal (before it writes a page of the database), the same
//   two checks run again and can still stop the commit cleanly. As it syncs the database file, the
//   journal's header must still be memcue's, and right after COMMIT the counter must have moved:
//   another program that began writing during those milliseconds (it cannot see that memcue is
//   alive) may undo the commit, or played memcue's journal back. The command then fails in one
//   line saying the write may not have landed.
// What remains (docs/ARCHITECTURE.md): another program that begins a write during memcue's commit
// itself (a few milliseconds) and commits at once; or one in the moment between memcue's journal
// check and its journal's creation.
import { existsSync } from 'node:fs';
import { MemcueError } from '../errors.js';
import { sleepSync } from '../util/sleep.js';
import type { DbFile } from './db-file.js';
import { changeCounter, commitWatched, endWatch, fileMark, journalHeader, watchCommit, type FileMark } from './foreign-files.js';
import { forgetChecked } from './integrity.js';
import { shellQuote } from './open-checks.js';
import type { Database } from './sqlite.js';

const MAX_PAUSE_MS = 20;
/** After a commit with another program at work: a pause for a write it began, and the most waited for it. */
const SETTLE_MS = 10;
const SETTLE_LIMIT_MS = 500;
/**
 * Waits while another program's journal is beside the database (its transaction is open, or it died
 * in one); after `timeoutMs`, one line naming the journal. Only for a journal memcue knows is not its
 * own: the caller holds memcue's writers' lock or saw no memcue writer.
 */
export function waitForForeignJournal(file: DbFile, present: () => boolean, timeoutMs: number, nothingDone: string): boolean {
  const deadline = Date.now() + timeoutMs;
  let waited = false;
  for (let pause = 1; present(); pause = Math.min(pause * 2, MAX_PAUSE_MS), waited = true) {
    if (Date.now() >= deadline) {
      throw new MemcueError(
        'BUSY',
        `another program is writing ${file.given}: its journal ${file.journal} stayed ${timeoutMs} ms, and on this system memcue cannot see SQLite's locks`,
        `${nothingDone}; close that program or let it commit (\`sqlite3 -readonly\` only reads); if none has the file open, \`sqlite3 ${shellQuote(file.real)} 'PRAGMA quick_check'\` rolls its crashed write back (a journal left after that may be removed)`,
      );
    }
    sleepSync(pause / 2 + Math.random() * pause);
  }
  return waited;
}

/** Another program wrote before this transaction's work began: nothing to undo, the transaction may start again. */
export class ForeignWriteBeforeWork extends Error {}

/** The refusal once another program's writes have stopped memcue's for the whole busy timeout. */
export function keptWriting(file: DbFile): MemcueError {
  return wroteMeanwhile(file, 'kept writing');
}

/** The one-line refusal when another program wrote during memcue's transaction. */
function wroteMeanwhile(file: DbFile, what: string): MemcueError {
  return new MemcueError(
    'BUSY',
    `another program ${what} ${file.given} during this write, and on this system memcue cannot see SQLite's locks`,
    'nothing was written; run the command again, best with the other program closed (`sqlite3 -readonly` only reads)',
  );
}

/**
 * One write transaction's check against other programs' writes (see the top of this file). Made
 * under memcue's writers' lock, once memcue's own journal (if a writer of ours died) was dealt with,
 * just before BEGIN: any journal now is another program's.
 */
export class ForeignWriteCheck {
  private readonly counter: number;
  private nonce: number | undefined;
  /** Whether another program was seen at work during this command (it may be still). */
  private readonly othersAtWork: boolean;

  /**
   * Waits (until `deadline`) for another program's journal to go: SQLite would take a live one for a
   * crashed writer's. Then reads the counter the transaction begins from.
   */
  constructor(
    private readonly file: DbFile,
    deadline: number,
    startedBefore: boolean,
  ) {
    const waited = waitForForeignJournal(file, () => existsSync(file.journal), Math.max(deadline - Date.now(), 0), 'nothing was written');
    this.othersAtWork = waited || startedBefore;
    this.counter = changeCounter(file);
  }

  /**
   * First thing in the transaction: journals page 1 now (it is journaled at every COMMIT anyway, for
   * the change counter) so the journal exists, and notes its nonce. A journal holding more than this
   * one record was opened by another program first. Either that, or a commit by another program
   * since the counter was read, throws ForeignWriteBeforeWork: no work was done yet, so the caller
   * rolls back and starts again.
   */
  started(db: Database): void {
    if (this.counter === -1) return; // a new file: SQLite writes no journal header for it
    const version = Number(db.get('PRAGMA user_version')?.user_version ?? 0);
    db.exec(`PRAGMA user_version = ${version}`);
    const header = journalHeader(this.file);
    if (!header || !header.sizeFor(1) || changeCounter(this.file) !== this.counter) throw new ForeignWriteBeforeWork();
    this.nonce = header.nonce;
  }

  /** Just before COMMIT: the counter unchanged, the journal still ours; then the commit is watched. */
  beforeCommit(): void {
    if (changeCounter(this.file) !== this.counter) throw wroteMeanwhile(this.file, 'committed to');
    if (this.nonce !== undefined && journalHeader(this.file)?.nonce !== this.nonce) throw wroteMeanwhile(this.file, 'began writing');
    if (this.nonce !== undefined) watchCommit(this.file, this.counter, this.nonce);
  }

  /**
   * After a failed transaction: whether the journal beside the database is still this one's (its
   * nonce), i.e. SQLite could not remove it (a disk failing its sync, then its removal). Without the
   * commit marker, the next command would take it for another program's and refuse every write.
   */
  ownJournalLeft(): boolean {
    return this.nonce !== undefined && journalHeader(this.file)?.nonce === this.nonce;
  }

  /** Whether this write landed cannot be known: one line, and the next writer checks the file. */
  private uncertain(): MemcueError {
    forgetChecked(this.file);
    return new MemcueError(
      'BUSY',
      `another program wrote ${this.file.given} as memcue committed (on this system memcue cannot see SQLite's locks), so this write may or may not have landed`,
      'look with `memcue list` and run the command again if it is missing, best with the other program closed',
    );
  }

  /**
   * A failed transaction: stopped before the database was touched (fileSyncing), or SQLite's error
   * while another program was at work. Before COMMIT nothing was written (the file is untouched until
   * then); a COMMIT that failed after which the file changed (another program deleted or played back
   * memcue's journal as it committed) may or may not have landed. Either is said in one line instead
   * of SQLite's error and "left as it was"; for the second, the next writer checks the file.
   */
  explainFailure(err: unknown): unknown {
    const committed = commitWatched(); // the failure came from COMMIT itself
    const { stopped, disturbed } = endWatch();
    if (stopped) return wroteMeanwhile(this.file, 'wrote');
    if (err instanceof MemcueError || err instanceof ForeignWriteBeforeWork || this.counter === -1) return err;
    const changed = disturbed || changeCounter(this.file) !== this.counter;
    if (committed) return changed ? this.uncertain() : err;
    return changed || existsSync(this.file.journal) ? wroteMeanwhile(this.file, 'wrote') : err;
  }

  /**
   * Right after COMMIT: another program that began writing during the commit may undo it with its
   * own (fileSynced), and the counter must have moved: still the old value means another program
   * took memcue's journal for a crashed writer's and played it back. Either way the write must not
   * be acknowledged (and the next writer checks the file).
   */
  afterCommit(): void {
    const { disturbed, written } = endWatch();
    if (disturbed) throw this.uncertain();
    if (this.counter === -1) return;
    if (changeCounter(this.file) === this.counter) {
      forgetChecked(this.file);
      throw new MemcueError(
        'BUSY',
        `another program undid this write to ${this.file.given} as memcue committed it (on this system memcue cannot see SQLite's locks)`,
        'the write is not in the file; run the command again, best with the other program closed (`sqlite3 -readonly` only reads)',
      );
    }
    if (written) this.settled(written);
  }

  /**
   * Another program that read its pages just before this commit and writes just after it commits
   * from the old state: its commit leaves the counter where this one put it (both began from the
   * same), yet changes the file. Where one may be at work, its journal is waited for (briefly) first.
   */
  private settled(written: FileMark): void {
    if (this.othersAtWork || existsSync(this.file.journal)) {
      sleepSync(SETTLE_MS);
      const until = Date.now() + SETTLE_LIMIT_MS;
      while (existsSync(this.file.journal) && Date.now() < until) sleepSync(SETTLE_MS);
    }
    const now = fileMark(this.file);
    if (now && now.counter === written.counter && (now.mtimeNs !== written.mtimeNs || now.size !== written.size)) throw this.uncertain();
  }
}
