// The fact store: one SQLite file, append-only fact versions, a derived head table and FTS index.
// Reads go through the read gate (never waiting for a writer, read-gate.ts); writes take the
// writers' lock only around their transaction, never while the WASM starts or a command computes.
import { statSync } from 'node:fs';
import type { SqliteModule } from '../../wasm/sqlite3.mjs';
import { MemcueError, SqliteError, mapSqliteError } from '../errors.js';
import { INDEX_VERSION } from '../text/tokenize.js';
import { Connections } from './connections.js';
import { dbFile, type DbFile } from './db-file.js';
import { COLUMNS, type Fact } from './facts.js';
import { MAX_VERSION } from './validate.js';
import { busyTimeout } from './lock.js';
import { headerIsCurrent, inspectDatabasePath, prepareFolder, refuseEmptyForRead } from './open-checks.js';
import { compactSchema, ensureSchema, refuseForeign } from './schema.js';
import { isCompact, removeFromIndex, takeOutChangedRows } from './fact-index.js';
import { mergeSmallSegments } from './index-segments.js';
import { restoreGuard } from './trigger-guard.js';
import { note } from '../util/safe-file.js';
import { type Database, loadModule } from './sqlite.js';
import { mark } from '../util/profile.js';
import { filterClause, toFact, type ListFilter } from './rows.js';
// Row helpers live in rows.ts (no SQLite behind them: the search file's path needs them alone).
export { filterClause, toFact, type ListFilter } from './rows.js';
import { indexRebuilt } from '../snapshot/delta.js';
import { derivedDisagreement, HEAD_ROW, indexVersion, REAL_VERSION, rebuildDerived, refreshHead, refreshHeadsBetween, writeHead } from './heads.js';
// Callers have long taken these from the store.
export { indexVersion, REAL_VERSION, rebuildDerived } from './heads.js';

const INSERT_FACT = `INSERT INTO facts (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`;
const FACT_COLUMNS = COLUMNS.map((c) => `f.${c}`).join(', ');

export type VersionedField = 'text' | 'translation' | 'kind' | 'scope' | 'source' | 'quote' | 'state';

export interface OpenOptions {
  write: boolean;
  /** How long a read may wait for a commit in progress (the hook passes its budget). */
  readTimeoutMs?: number;
  /** The schema a new file is made as (default SCHEMA_VERSION): the sync snapshot, which older memcue
   * builds on other machines read, is made as OPENED_AS_IS. */
  createAs?: number;
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
    const exists = found !== 'missing';
    if (!exists) prepareFolder(file.real);
    const store = new Store(await loadModule(), file, opts.readTimeoutMs ?? busyTimeout());
    store.createAs = opts.createAs;
    try {
      store.bringUpToDate(exists, opts.write);
      mark('db opened');
      return store;
    } catch (err) {
      store.close();
      throw mapSqliteError(err, path);
    }
  }

  private bringUpToDate(exists: boolean, write: boolean): void {
    if (exists) {
      this.connections.enterReader();
      // Read under a reader ticket: no commit can be half-way through the header meanwhile.
      if (headerIsCurrent(this.file.real, this.path)) {
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
      refuseEmptyForRead(this.db, this.path, write);
      refuseForeign(this.db, this.path);
    }
    // Schema changes and the rebuild they may need land in one transaction, or not at all.
    this.write(() => this.upgrade());
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

  /** The connection to use now: the writer's inside write(), else a reader's (opened on first use). */
  get db(): Database {
    // A read before the first write: the check open() left to the writer is made here, as before.
    if (this.indexUnchecked && !this.connections.writing) {
      this.indexUnchecked = false;
      if (indexVersion(this.connections.db) !== INDEX_VERSION) this.write(() => this.upgrade());
    }
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
   * Runs `fn` in one write transaction: all of it lands, or none of it. The writers' lock is held
   * for this call only; `fn` sees the latest committed data (reads made before it may be older).
   */
  write<T>(fn: () => T): T {
    const outermost = !this.connections.writing;
    if (outermost) this.factsInserted = false;
    try {
      return this.connections.write(() => {
        if (this.indexUnchecked) {
          this.indexUnchecked = false;
          if (indexVersion(this.db) !== INDEX_VERSION) this.upgrade();
        }
        if (outermost) this.beginIndexWork();
        const result = fn();
        if (outermost && this.factsInserted) mergeSmallSegments(this.db);
        return result;
      });
    } catch (err) {
      throw mapSqliteError(err, this.path);
    }
  }

  /** Whether this transaction's index keeps no copy of its terms (its rows are removed with them). */
  private compact = false;

  /** First in a write transaction: the index's layout, and rows changed in place by others taken out. */
  private beginIndexWork(): void {
    this.compact = isCompact(this.db);
    if (!this.compact) return;
    const problems = restoreGuard(this.db);
    if (problems.length > 0) {
      // Changes made while it was down went unrecorded: the index is made again from the facts.
      rebuildDerived(this.db);
      note(`${this.path}: memcue's triggers on facts were not as memcue made them (${problems.join(', ')}; another program dropped or changed them): put back, and the search index rebuilt from the facts`);
      return;
    }
    const ids = takeOutChangedRows(this.db);
    if (ids.size === 0) return;
    indexRebuilt(this.db); // the search file's delta cannot describe another program's change
    for (const id of ids) {
      // The head's own index row, if it was not one of the changed rows, goes too: then the head is
      // worked out again from the rows as they are now.
      const head = this.db.get(HEAD_ROW, [id]);
      if (head) removeFromIndex(this.db, true, Number(head.fact_row), head.text, head.translation);
      this.db.run('DELETE FROM heads WHERE id = ?', [id]);
      this.refreshHead(id);
    }
  }

  /**
   * `memcue compact`: a v4 file's index becomes v5's, which keeps no copy of the terms, and the space
   * it held is given back (VACUUM). False when the file was already compact.
   */
  compactIndex(): boolean {
    const converted = this.write(() => {
      if (!compactSchema(this.db)) return false;
      rebuildDerived(this.db);
      return true;
    });
    // A conversion whose VACUUM never ran (the process killed, the disk full) left the old index's
    // pages free: they are given back when compact runs again.
    if (converted || Number(this.db.get('PRAGMA freelist_count')?.freelist_count ?? 0) > 0) this.vacuum();
    return converted;
  }

  /**
   * `memcue compact` on a file already compact: heads and the index rebuilt from the facts where they
   * disagree with them (another program wrote them: heads.ts derivedDisagreement). Returns what was wrong.
   */
  repairDerived(): string[] {
    return this.write(() => {
      const problems = derivedDisagreement(this.db);
      if (problems.length > 0) rebuildDerived(this.db);
      return problems;
    });
  }

  /** VACUUM cannot run inside a transaction: it runs under the lock, with readers kept out throughout. */
  vacuum(): void {
    try {
      this.connections.vacuum();
    } catch (err) {
      throw mapSqliteError(err, this.path);
    }
  }

  /** Whether this write transaction inserted facts one at a time (see index-segments.ts). */
  private factsInserted = false;

  /** Appends a version row (never updates one) and refreshes the head and index for its fact. */
  insertVersion(fact: Fact): void {
    this.factsInserted = true;
    this.insertVersionOnly(fact);
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
    writeHead(this.db, fact.id, { row, version: fact.version, state: fact.state, text: fact.text, translation: fact.translation });
  }

  /** The row alone; bulk writers call refreshHead once per fact afterwards. */
  insertVersionOnly(fact: Fact): void {
    this.db.run(INSERT_FACT, COLUMNS.map((c) => fact[c]));
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

  /** The full id for an id or a unique prefix of one (at least 4 characters). */
  resolveId(idOrPrefix: string): string {
    const wanted = idOrPrefix.trim().toLowerCase();
    // A prefix of 1–3 characters picks a fact by luck more than by intent.
    if (wanted.length < 4) throw new MemcueError('USAGE', `id "${idOrPrefix}" is too short`, 'give at least 4 characters of the id');
    if (wanted.length >= 4 && /^[0-9a-z]+$/.test(wanted)) {
      // An exact id wins over being the prefix of a longer one (imported ids may have any length).
      if (this.db.get('SELECT 1 AS x FROM heads WHERE id = ?', [wanted])) return wanted;
      const rows = this.db.all('SELECT id FROM heads WHERE id >= ? AND id < ? LIMIT 2', [wanted, `${wanted}\u{10ffff}`]);
      if (rows.length === 1) return String(rows[0]!.id);
      if (rows.length > 1) {
        throw new MemcueError('USAGE', `id prefix "${idOrPrefix}" matches several facts`, 'give more characters of the id');
      }
    }
    throw new MemcueError('NOT_FOUND', `no fact with id "${idOrPrefix}"`, 'find ids with `memcue search` or `memcue list`');
  }

  current(id: string): Fact {
    const head = this.head(id);
    if (!head) throw new MemcueError('NOT_FOUND', `no fact with id "${id}"`);
    return head;
  }

  /** The current version of the fact with this exact id, if there is one. */
  head(id: string): Fact | undefined {
    const row = this.db.get(`SELECT ${FACT_COLUMNS} FROM heads h JOIN facts f ON f.rowid = h.fact_row WHERE h.id = ?`, [id]);
    return row ? toFact(row) : undefined;
  }

  versions(id: string): Fact[] {
    return this.db.all(`SELECT ${FACT_COLUMNS} FROM facts f WHERE f.id = ? AND ${REAL_VERSION} ORDER BY f.version, f.created_at, f.host`, [id]).map(toFact);
  }

  /** Current facts (active unless `filter.state` says otherwise), newest first. */
  list(filter: ListFilter = {}): Fact[] {
    return [...this.listed(filter)];
  }

  /** The same, one at a time; with a limit SQLite keeps only the newest `limit` while it sorts (after
   * skipping `offset`: the viewer's later pages). */
  *listed(filter: ListFilter = {}, limit?: number, offset = 0): Generator<Fact> {
    const { where, params } = filterClause({ ...filter, state: filter.state ?? 'active' });
    const sql = `SELECT ${FACT_COLUMNS} FROM heads h JOIN facts f ON f.rowid = h.fact_row
         WHERE 1 ${where} ORDER BY f.created_at DESC, f.id${limit === undefined ? '' : ' LIMIT ? OFFSET ?'}`;
    for (const row of this.db.iterate(sql, limit === undefined ? params : [...params, limit, offset])) yield toFact(row);
  }

  /** How many facts `listed(filter)` gives, without reading them (the viewer's "100 of 10,000"). */
  countListed(filter: ListFilter = {}): number {
    const { where, params } = filterClause({ ...filter, state: filter.state ?? 'active' });
    return Number(this.db.get(`SELECT COUNT(*) AS n FROM heads h JOIN facts f ON f.rowid = h.fact_row WHERE 1 ${where}`, params)?.n ?? 0);
  }

  /** Every version row (superseded and forgotten ones too), newest first: the history behind `list`. */
  listVersions(filter: ListFilter = {}): Fact[] {
    return [...this.listedVersions(filter)];
  }

  /** The same, one at a time (with a limit, only the newest `limit`). */
  *listedVersions(filter: ListFilter = {}, limit?: number): Generator<Fact> {
    const { where, params } = filterClause(filter);
    const sql = `SELECT ${FACT_COLUMNS} FROM facts f WHERE ${REAL_VERSION} ${where} ORDER BY f.created_at DESC, f.id, f.version DESC${limit === undefined ? '' : ' LIMIT ?'}`;
    for (const row of this.db.iterate(sql, limit === undefined ? params : [...params, limit])) yield toFact(row);
  }

  /** Every version row (or only current ones), in a stable order, for export: one at a time. */
  *rows(allVersions: boolean): Generator<Fact> {
    // Both orders are those of a key, so SQLite reads in order and never sorts in memory (ORDER BY
    // f.id on the join did: 0.8 GB at 500k facts).
    const sql = allVersions
      ? `SELECT ${FACT_COLUMNS} FROM facts f WHERE ${REAL_VERSION} ORDER BY f.id, f.version`
      : `SELECT ${FACT_COLUMNS} FROM heads h JOIN facts f ON f.rowid = h.fact_row ORDER BY h.id`;
    for (const row of this.db.iterate(sql)) yield toFact(row);
  }

  /** Whether this exact version row (same key) is already stored. */
  hasRow(fact: Pick<Fact, 'id' | 'version' | 'created_at' | 'host'>): boolean {
    return this.rowOf(fact) !== undefined;
  }

  /** The rowid of this exact version row, if stored. */
  rowOf(fact: Pick<Fact, 'id' | 'version' | 'created_at' | 'host'>): number | undefined {
    const row = this.db.get('SELECT rowid AS row FROM facts WHERE id = ? AND version = ? AND created_at = ? AND host = ?', [
      fact.id,
      fact.version,
      fact.created_at,
      fact.host,
    ]);
    return row ? Number(row.row) : undefined;
  }

  /** The highest rowid of the fact rows: rows inserted later (rows are never deleted) lie above it. */
  lastRow(): number {
    return Number(this.db.get('SELECT max(rowid) AS row FROM facts')?.row ?? 0);
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
