// A thin synchronous binding over our own WASM build of SQLite (wasm/): the connection, its
// transactions and its busy waits. The WASM talks to the real file through Emscripten's NODERAWFS,
// so pages are read and written in place, never the whole file.
import { isAbsolute, relative } from 'node:path';
import type { SqliteModule } from '../../wasm/sqlite3.mjs';
import { SqliteError } from '../errors.js';
import { loadModule } from './sqlite-loader.js';
import { allocString, SQLITE_OK, Statement, type Params, type Row, type StatementOwner } from './sqlite-statement.js';

const SQLITE_BUSY = 5;
const SQLITE_CORRUPT = 11;
const OPEN_READONLY = 0x1;
const OPEN_READWRITE = 0x2;
const OPEN_CREATE = 0x4;

// Values, rows and statements live in sqlite-statement.ts; callers take their types from the binding.
export type { Params, Row, SqlValue } from './sqlite-statement.js';
/** Called each time SQLite's lock is found busy: waits a little, or throws to give up. */
export type BusyWait = () => void;

/** Kept here too: callers know the module from the binding. */
export { loadModule };

export interface OpenOptions {
  readonly?: boolean;
  /** Create the file if it is missing (default true; a reader's connection does not). */
  create?: boolean;
}

export class Database implements StatementOwner {
  private readonly m: SqliteModule;
  private handle: number;
  private readonly cache = new Map<string, Statement>();
  /**
   * SQL texts compiled on this connection so far. Each costs a parse and code generation that in a
   * cold process run in the WASM interpreter, so the read path keeps their number down.
   */
  compiled = 0;

  private constructor(m: SqliteModule, handle: number) {
    this.m = m;
    this.handle = handle;
  }

  static async open(path: string, opts: OpenOptions = {}): Promise<Database> {
    return Database.openWith(await loadModule(), path, opts);
  }

  /** Connections opened in this process: each parses the schema again on first use (tests count them). */
  static opened = 0;

  /** Opens with a module already loaded (synchronous: the store opens connections inside its lock). */
  static openWith(m: SqliteModule, path: string, opts: OpenOptions = {}): Database {
    Database.opened++;
    const flags = opts.readonly ? OPEN_READONLY : OPEN_READWRITE | (opts.create === false ? 0 : OPEN_CREATE);
    const pathPtr = allocString(m, pathForSqlite(path));
    const out = m._malloc(4);
    try {
      const rc = m._sqlite3_open_v2(pathPtr, out, flags, 0);
      const handle = m.HEAP32[out >> 2]!;
      if (rc !== SQLITE_OK) {
        const msg = handle ? m.UTF8ToString(m._sqlite3_errmsg(handle)) : `code ${rc}`;
        if (handle) m._sqlite3_close_v2(handle);
        throw new SqliteError(rc, msg);
      }
      return new Database(m, handle);
    } finally {
      m._free(pathPtr);
      m._free(out);
    }
  }

  /**
   * Called when SQLite's lock is busy, to wait or give up (throw). Outside a write transaction the
   * statement is then simply run again, as SQLite's own busy handler would (its sleep is not usable
   * in this WASM build, and waiting here can say who holds the lock).
   */
  busyWait: BusyWait | undefined;
  private inTransaction = false;

  /** Runs `run`, again after each busy wait while it fails busy (never inside a write transaction). */
  retrying<T>(run: () => T): T {
    for (;;) {
      try {
        return run();
      } catch (err) {
        const busy = err instanceof SqliteError && (err.rc & 0xff) === SQLITE_BUSY;
        if (!busy || !this.busyWait || this.inTransaction) throw err;
        this.busyWait();
      }
    }
  }

  /** Runs one or more statements without results. */
  exec(sql: string): void {
    this.retrying(() => this.execOnce(sql));
  }

  private execOnce(sql: string): void {
    const m = this.m;
    const sqlPtr = allocString(m, sql);
    this.compiled++;
    try {
      const rc = m._sqlite3_exec(this.handle, sqlPtr, 0, 0, 0);
      if (rc !== SQLITE_OK) this.fail(rc);
    } finally {
      m._free(sqlPtr);
    }
  }

  /** Prepared statements are cached per SQL text: commands reuse a handful of them. */
  prepare(sql: string): Statement {
    let stmt = this.cache.get(sql);
    if (!stmt) {
      // Compiling reads the schema, which takes SQLite's read lock: it can be busy too.
      stmt = this.retrying(() => new Statement(this.m, this, sql));
      this.compiled++;
      this.cache.set(sql, stmt);
    }
    return stmt;
  }

  all(sql: string, params: Params = []): Row[] {
    return this.prepare(sql).all(params);
  }

  get(sql: string, params: Params = []): Row | undefined {
    return this.prepare(sql).all(params, 1)[0];
  }

  run(sql: string, params: Params = []): number {
    return this.prepare(sql).run(params);
  }

  /**
   * Rows one at a time, for results too large to hold (export, list of 500k facts). Its own
   * statement, not the cached one: the loop body may run the same SQL, which would reset it.
   */
  *iterate(sql: string, params: Params = []): Generator<Row> {
    const stmt = this.retrying(() => new Statement(this.m, this, sql));
    try {
      yield* stmt.rows(params);
    } finally {
      stmt.finalize();
    }
  }

  /**
   * Runs `run` until SQLite's lock is not busy, awaiting `wait` between tries: the event loop turns
   * meanwhile (this.busyWait is not called: it may sleep synchronously). `wait` throws when the time is up.
   */
  async whenFree<T>(run: () => T, wait: () => Promise<void>): Promise<T> {
    for (;;) {
      try {
        return run();
      } catch (err) {
        if (!(err instanceof SqliteError && (err.rc & 0xff) === SQLITE_BUSY)) throw err;
        await wait();
      }
    }
  }

  /**
   * As transaction(), for async callers: a busy BEGIN IMMEDIATE awaits `waitBegin`, a busy COMMIT
   * (readers still on the file) awaits `waitCommit` with the transaction left open; `fn` itself runs
   * synchronously, holding RESERVED.
   */
  async transactionAsync<T>(fn: () => T, waitBegin: () => Promise<void>, waitCommit: () => Promise<void>): Promise<T> {
    await this.whenFree(() => this.execOnce('BEGIN IMMEDIATE'), waitBegin);
    this.inTransaction = true;
    try {
      const result = fn();
      await this.whenFree(() => this.execOnce('COMMIT'), waitCommit);
      return result;
    } catch (err) {
      try {
        this.execOnce('ROLLBACK');
      } catch {
        /* no transaction was active (a failed COMMIT may have ended it) */
      }
      throw err;
    } finally {
      this.inTransaction = false;
    }
  }

  close(): void {
    if (!this.handle) return;
    for (const stmt of this.cache.values()) stmt.finalize();
    this.cache.clear();
    this.m._sqlite3_close_v2(this.handle);
    this.handle = 0;
  }

  get rawHandle(): number {
    return this.handle;
  }

  /** Called when SQLite finds the file damaged (SQLITE_CORRUPT), before the error is thrown. */
  onDamage: (() => void) | undefined;

  fail(rc: number): never {
    const msg = this.m.UTF8ToString(this.m._sqlite3_errmsg(this.handle));
    const code = this.m._sqlite3_extended_errcode(this.handle) || rc;
    if ((code & 0xff) === SQLITE_CORRUPT) this.onDamage?.();
    throw new SqliteError(code, msg);
  }
}

/**
 * The WASM build's VFS is SQLite's unix one: it treats a path not starting with `/` as relative to
 * the cwd. On Windows an absolute `C:\\…` path would be mangled, so it is given relative to the cwd
 * (Node's fs underneath resolves `/` and `..` on Windows). Not exercised on this project's Linux
 * machines; the Windows CI runner covers it.
 */
function pathForSqlite(path: string): string {
  if (process.platform !== 'win32') return path;
  const rel = relative(process.cwd(), path);
  return isAbsolute(rel) ? path : rel.replace(/\\/g, '/');
}
