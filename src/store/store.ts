// The fact store: one SQLite file, append-only fact versions, a derived head table and FTS index.
// Reads run in one read transaction (connections.ts); writes take SQLite's write lock only around
// their transaction, never while the WASM starts or a command computes.
import { statSync, unlinkSync } from 'node:fs';
import type { SqliteModule } from '../../wasm/sqlite3.mjs';
import { MemcueError, SqliteError, mapSqliteError } from '../errors.js';
import { INDEX_VERSION } from '../text/tokenize.js';
import { Connections } from './connections.js';
import { loadWatcher, rowWritten } from './write-watch.js';
import { dbFile, type DbFile } from './db-file.js';
import { COLUMNS, type Fact } from '../facts/facts.js';
import { MAX_VERSION } from '../facts/validate.js';
import { busyTimeout } from '../locks/holders.js';
import { createPrivateFile, headerIsCurrent, inspectDatabasePath, refuseEmptyForRead, refuseOddJournal } from './open-checks.js';
import { ensureSchema, refuseForeign } from './schema.js';
import { isCompact } from './fact-index.js';
import { countListedFacts, exportRows, headOf, lastRow, listedFacts, listedVersions, resolveId, rowOf, versionsOf, type RowKey } from './fact-reads.js';
import { mergeSmallSegments } from './index-segments.js';
import { takeInOutsideChanges } from './outside-changes.js';
import { WrittenRows } from './read-back.js';
import { refuseForeignTriggers } from './trigger-guard.js';
import { type Database, loadModule } from '../sqlite/sqlite.js';
import { mark } from '../util/profile.js';
import { isDefaultDatabase, note, noteForPerson } from '../util/safe-file.js';
import type { ListFilter } from './rows.js';
// Row helpers live in rows.ts (no SQLite behind them: the search file's path needs them alone).
export { filterClause, toFact, type ListFilter } from './rows.js';
import { indexVersion, rebuildDerived, refreshHead, refreshHeadsBetween, writeHead } from './heads.js';
// Callers have long taken these from the store.
export { indexVersion, REAL_VERSION, rebuildDerived } from './heads.js';

const INSERT_FACT = `INSERT INTO facts (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`;

export type VersionedField = 'text' | 'translation' | 'kind' | 'scope' | 'source' | 'quote' | 'state';

export interface OpenOptions {
  write: boolean;
  /** How long a read may wait for a commit in progress (the hook passes its budget). */
  readTimeoutMs?: number;
  /** The schema a new file is made as (default SCHEMA_VERSION): the sync snapshot, which older memcue
   * builds on other machines read, is made as OPENED_AS_IS. */
  createAs?: number;
  /** A file made for memcue's own use (a sync snapshot, an evaluation's memory): its creation is not
   * announced to the user. */
  quietCreate?: boolean;
  /** A write command that reads outside its writes (dream, migrate, eval): its read lock is taken at
   * open and again after each write, yielding, as a read command's is, not by the first read, which
   * cannot yield. */
  readsFirst?: boolean;
}

export class Store {
  readonly path: string;
  private readonly connections: Connections;

  private constructor(
    m: SqliteModule,
    readonly file: DbFile,
    readTimeoutMs: number,
  ) {
    this.path = file.given;
    this.connections = new Connections(m, file, readTimeoutMs);
  }

  /**
   * Opens the database. `write: false` on a missing file returns undefined (reads of an empty memory
   * need no file); writes create the file and its folder. No lock is taken here: SQLite's WASM
   * starts first, then a current file is only read, and a new or older one is brought up to date
   * in one short write.
   */
  static async open(path: string, opts: OpenOptions): Promise<Store | undefined> {
    // What is at the path is looked at before anything opens or creates it (a FIFO would block).
    const found = inspectDatabasePath(path);
    // A read of a missing or 0-byte file finds an empty memory and creates nothing.
    if (found !== 'file' && !opts.write) return undefined;
    const file = dbFile(path);
    refuseOddJournal(file);
    const exists = found !== 'missing';
    const folder = exists ? undefined : createPrivateFile(file.real);
    const [m] = await Promise.all([loadModule(), loadWatcher()]);
    const store = new Store(m, file, opts.readTimeoutMs ?? busyTimeout());
    store.createAs = opts.createAs;
    store.connections.readsAfterWrites = opts.readsFirst === true;
    try {
      // A read takes its lock first (after the header's refusals), waiting for a commit in progress
      // without blocking the event loop.
      if (found === 'file' && (!opts.write || opts.readsFirst)) {
        headerIsCurrent(file.real, path); // its refusals (not SQLite, WAL) come before SQLite reads
        await store.connections.enterReaderAsync();
      }
      await store.bringUpToDate(exists, opts.write);
      mark('db opened');
    } catch (err) {
      store.close();
      if (!exists) removeIfEmpty(file.real); // a failed first write leaves no file behind
      const code = (err as NodeJS.ErrnoException | undefined)?.code;
      // A read needs no write access: an unreadable file is said as such, not as a write refused.
      if (!opts.write && (code === 'EACCES' || code === 'EPERM')) throw new MemcueError('READONLY', `cannot read ${path} (${code})`, 'memcue needs read access to the database file');
      throw mapSqliteError(err, path);
    }
    // Where the memory went is said once, when it comes to be, to a person at a terminal (a mistyped
    // --db is seen at once); folders made for a path given by --db or MEMCUE_DB are said to anyone.
    if (!exists && !opts.quietCreate) (folder && !isDefaultDatabase(path) ? note : noteForPerson)(`a new memory was created at ${path}${folder ? ` (and the folder ${folder})` : ''}; it is private to you (mode 0600)`);
    return store;
  }

  private async bringUpToDate(exists: boolean, write: boolean): Promise<void> {
    if (exists) {
      // What is not SQLite, or is in WAL mode, is refused before SQLite reads it.
      let current = headerIsCurrent(this.file.real, this.path);
      // Read again under the read lock open() took: a commit may have changed the header in
      // between. (A writer's transaction checks what it relies on itself.)
      if (!write) current = headerIsCurrent(this.file.real, this.path);
      if (current) {
        // A writer asks the index's version on its own connection, in its first transaction: a
        // reader's connection would parse the schema once more (~5 ms of an add, in the WASM
        // interpreter) for a question the writer's transaction answers and acts on.
        if (write) {
          this.indexUnchecked = true;
          return;
        }
        if (indexVersion(this.db) === INDEX_VERSION) return;
      }
      // Asked on the reader's connection, before any write: a foreign file is never converted, and
      // a read never sets up an empty SQLite file.
      await this.connections.enterReaderAsync();
      refuseEmptyForRead(this.db, this.path, write);
      refuseForeign(this.db, this.path);
    }
    // Schema changes and the rebuild they may need land in one transaction, or not at all.
    await this.writeAsync(() => this.upgrade());
  }

  /** In a write transaction: the schema brought to this version, and the index rebuilt if it needs it. */
  private upgrade(): void {
    const rebuild = ensureSchema(this.db, this.path, this.createAs);
    // Terms made by another tokenizer (older or newer memcue) would not meet this one's queries.
    if (rebuild || indexVersion(this.db) !== INDEX_VERSION) rebuildDerived(this.db);
  }

  /** Whether a writer's store has yet to check the index's version (bringUpToDate). */
  private indexUnchecked = false;
  /** See OpenOptions.createAs. */
  private createAs: number | undefined;

  /**
   * The connection to use now: the writer's inside writeAsync(), else a reader's (opened on first
   * use). A write store's reads before its first write see the index as the file has it: the check
   * open() left to the writer is made in that write (inWrite), which no read here waits for.
   */
  get db(): Database {
    return this.connections.db;
  }

  close(): void {
    this.connections.close();
  }

  /** Write transactions run so far, committed or rolled back: what was read inside one may be gone. */
  get writes(): number {
    return this.connections.writes;
  }

  /**
   * Runs `fn` in one write transaction: all of it lands, or none of it. SQLite's write lock is held
   * for `fn` only; `fn` sees the latest committed data (reads made before it may be older). Its waits
   * for SQLite's locks yield the event loop (connections.ts).
   */
  async writeAsync<T>(fn: () => T): Promise<T> {
    const outermost = this.beginWrite();
    try {
      return await this.connections.writeAsync(() => this.inWrite(outermost, fn));
    } catch (err) {
      throw mapSqliteError(err, this.path);
    }
  }

  /** Whether this is the outermost write (not nested in one): its bookkeeping starts afresh. */
  private beginWrite(): boolean {
    const outermost = !this.connections.writing;
    if (outermost) {
      this.factsInserted = false;
      this.written.reset();
    }
    return outermost;
  }

  private inWrite<T>(outermost: boolean, fn: () => T): T {
    if (this.indexUnchecked) {
      this.indexUnchecked = false;
      if (indexVersion(this.db) !== INDEX_VERSION) this.upgrade();
    }
    if (outermost) this.beginIndexWork();
    const result = fn();
    if (outermost && this.factsInserted) mergeSmallSegments(this.db);
    if (outermost) this.written.check(this.db, this.path);
    return result;
  }

  /** Whether this transaction's index keeps no copy of its terms (its rows are removed with them). */
  private compact = false;

  /** First in a write transaction: the index's layout, and what other programs changed taken in. */
  private beginIndexWork(): void {
    this.compact = isCompact(this.db);
    if (this.compact) takeInOutsideChanges(this.db, this.path);
    else refuseForeignTriggers(this.db, this.path); // v4 keeps no schema cookie: asked every write
  }

  /** The rows this write transaction inserted, read back before it commits (read-back.ts). */
  private readonly written = new WrittenRows();

  /** VACUUM cannot run inside a transaction: SQLite runs it holding EXCLUSIVE. */
  async vacuum(): Promise<void> {
    try {
      await this.connections.vacuum();
    } catch (err) {
      throw mapSqliteError(err, this.path);
    }
  }

  /** Whether this write transaction inserted facts one at a time (see index-segments.ts). */
  private factsInserted = false;

  /** Appends a version row (never updates one) and refreshes the head and index for its fact. */
  insertVersion(fact: Fact): void {
    this.factsInserted = true;
    const row = this.insertRow(fact);
    this.written.add(row, fact, true);
    rowWritten(this.db, row, fact);
    this.refreshHead(fact.id);
  }

  /**
   * The first version of a fact under a new id (`add`): its head and index entry come from the row
   * itself. refreshHead would ask for the fact's head and current version first, two statements
   * that each cost a compile in the cold WASM, to learn that there is none but this row.
   */
  insertNewFact(fact: Fact): void {
    if (fact.version !== 1) throw new Error(`insertNewFact: ${fact.id} is at version ${fact.version}, not a new fact`);
    this.factsInserted = true;
    const row = Number(this.db.get(`${INSERT_FACT} RETURNING rowid AS row`, COLUMNS.map((c) => fact[c]))!.row);
    this.written.add(row, fact, true);
    rowWritten(this.db, row, fact);
    writeHead(this.db, fact.id, { row, version: fact.version, state: fact.state, text: fact.text, translation: fact.translation });
  }

  /** The row alone; bulk writers call refreshHead once per fact afterwards. */
  insertVersionOnly(fact: Fact): void {
    this.written.add(this.insertRow(fact), fact, false);
  }

  private insertRow(fact: Fact): number {
    return Number(this.db.get(`${INSERT_FACT} RETURNING rowid AS row`, COLUMNS.map((c) => fact[c]))!.row);
  }

  /** A new version of a fact: the current one with `changes`, numbered one higher. */
  appendVersion(id: string, changes: Partial<Pick<Fact, VersionedField>>, host: string): Fact {
    const head = this.current(id);
    if (head.version >= MAX_VERSION) {
      // Only a forged row gets here (see MAX_VERSION); another version would be ignored everywhere.
      throw new MemcueError(
        'USAGE',
        `fact ${id} is at version ${MAX_VERSION}, the highest there may be (its current row, from ${head.host}, was likely forged)`,
        '`memcue edit` writes its new text as a new fact and `memcue forget` retires it; nothing was changed',
      );
    }
    const next: Fact = { ...head, ...changes, version: head.version + 1, created_at: new Date().toISOString(), host };
    this.insertVersion(next);
    return next;
  }

  /** Points the head at the current version and keeps the index to current active versions only. */
  refreshHead(id: string): void {
    refreshHead(this.db, this.compact, id);
  }

  // Reads (fact-reads.ts), on the connection to use now.

  /** The full id for an id or a unique prefix of one (at least 4 characters). */
  resolveId(idOrPrefix: string): string {
    return resolveId(this.db, idOrPrefix);
  }

  current(id: string): Fact {
    const head = this.head(id);
    if (!head) throw new MemcueError('NOT_FOUND', `no fact with id "${id}"`);
    return head;
  }

  /** The current version of the fact with this exact id, if there is one. */
  head(id: string): Fact | undefined {
    return headOf(this.db, id);
  }

  versions(id: string): Fact[] {
    return versionsOf(this.db, id);
  }

  /** Current facts (active unless `filter.state` says otherwise), newest first. */
  list(filter: ListFilter = {}): Fact[] {
    return [...this.listed(filter)];
  }

  listed(filter: ListFilter = {}, limit?: number, offset = 0): Generator<Fact> {
    return listedFacts(this.db, filter, limit, offset);
  }

  countListed(filter: ListFilter = {}): number {
    return countListedFacts(this.db, filter);
  }

  listedVersions(filter: ListFilter = {}, limit?: number): Generator<Fact> {
    return listedVersions(this.db, filter, limit);
  }

  rows(allVersions: boolean): Generator<Fact> {
    return exportRows(this.db, allVersions);
  }

  /** Whether this exact version row (same key) is already stored. */
  hasRow(key: RowKey): boolean {
    return rowOf(this.db, key) !== undefined;
  }

  rowOf(key: RowKey): number | undefined {
    return rowOf(this.db, key);
  }

  lastRow(): number {
    return lastRow(this.db);
  }

  /** refreshHead for every fact with a row above `row` (after a bulk insert; heads.ts). */
  refreshHeadsAbove(row: number): void {
    refreshHeadsBetween(this.db, this.compact, row, this.lastRow());
  }

  /** Size on disk: the database file (the journal is transient). */
  bytes(): number {
    return statSync(this.path).size;
  }
}

/** Opens, runs, and always closes (and unlocks), like libsql's withClient. */
function removeIfEmpty(path: string): void {
  try {
    if (statSync(path).size === 0) unlinkSync(path);
  } catch {
    // gone already, or not ours to remove
  }
}

export async function withStore<T>(
  path: string,
  write: boolean,
  fn: (store: Store | undefined) => T | Promise<T>,
  opts: Omit<OpenOptions, 'write'> = {},
): Promise<T> {
  const store = await Store.open(path, { ...opts, write });
  try {
    return await fn(store);
  } catch (err) {
    // Only the engine's errors are the database's (a damaged page met by a query, a full disk); a
    // file the command reads fails in its own words.
    throw err instanceof SqliteError ? mapSqliteError(err, path) : err;
  } finally {
    store?.close();
  }
}
