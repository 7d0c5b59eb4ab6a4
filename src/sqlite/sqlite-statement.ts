// A prepared statement of the WASM SQLite binding (sqlite.ts): parameters bound, rows stepped and
// values read out of the WASM heap. Apart from the connection so that each file keeps to one level:
// the connection decides when to retry and what a failure means; the statement only moves values.
import type { SqliteModule } from '../../wasm/sqlite3.mjs';

export const SQLITE_OK = 0;
const SQLITE_ROW = 100;
const SQLITE_DONE = 101;
const SQLITE_INTEGER = 1;
const SQLITE_FLOAT = 2;
const SQLITE_NULL = 5;
const SQLITE_TRANSIENT = -1;

export type SqlValue = string | number | null;
export type Row = Record<string, SqlValue>;
export type Params = readonly SqlValue[];

/** What a statement needs of its connection (sqlite.ts's Database). */
export interface StatementOwner {
  readonly rawHandle: number;
  /** Runs `run`, again after each busy wait while it fails busy. */
  retrying<T>(run: () => T): T;
  /** Throws the connection's error for a failed call (SqliteError). */
  fail(rc: number): never;
}

export class Statement {
  private handle: number;

  constructor(
    private readonly m: SqliteModule,
    private readonly db: StatementOwner,
    sql: string,
  ) {
    const sqlPtr = allocString(m, sql);
    const out = m._malloc(4);
    try {
      const rc = m._sqlite3_prepare_v2(db.rawHandle, sqlPtr, -1, out, 0);
      if (rc !== SQLITE_OK) db.fail(rc);
      this.handle = m.HEAP32[out >> 2]!;
    } finally {
      m._free(sqlPtr);
      m._free(out);
    }
  }

  all(params: Params, limit = Infinity): Row[] {
    return this.db.retrying(() => this.allOnce(params, limit));
  }

  private allOnce(params: Params, limit: number): Row[] {
    const m = this.m;
    this.bind(params);
    const rows: Row[] = [];
    try {
      const names = this.columnNames();
      while (rows.length < limit) {
        const row = this.step(names);
        if (!row) break;
        rows.push(row);
      }
    } finally {
      m._sqlite3_reset(this.handle);
    }
    return rows;
  }

  /** Steps through the result one row at a time; stopping early (break, return) resets it too. */
  *rows(params: Params): Generator<Row> {
    this.bind(params);
    try {
      const names = this.columnNames();
      // Only the first step can find the lock busy: later ones read under the lock it took.
      const first = this.db.retrying(() => {
        this.m._sqlite3_reset(this.handle);
        return this.step(names);
      });
      for (let row = first; row; row = this.step(names)) yield row;
    } finally {
      this.m._sqlite3_reset(this.handle);
    }
  }

  private columnNames(): string[] {
    const m = this.m;
    const names: string[] = [];
    const ncol = m._sqlite3_column_count(this.handle);
    for (let i = 0; i < ncol; i++) names.push(m.UTF8ToString(m._sqlite3_column_name(this.handle, i)));
    return names;
  }

  /** The next row, or undefined when done. */
  private step(names: string[]): Row | undefined {
    const rc = this.m._sqlite3_step(this.handle);
    if (rc === SQLITE_DONE) return undefined;
    if (rc !== SQLITE_ROW) this.db.fail(rc);
    const row: Row = {};
    for (let i = 0; i < names.length; i++) row[names[i]!] = this.column(i);
    return row;
  }

  run(params: Params): number {
    return this.db.retrying(() => this.runOnce(params));
  }

  private runOnce(params: Params): number {
    const m = this.m;
    this.bind(params);
    try {
      const rc = m._sqlite3_step(this.handle);
      if (rc !== SQLITE_DONE && rc !== SQLITE_ROW) this.db.fail(rc);
      return m._sqlite3_changes(this.db.rawHandle);
    } finally {
      m._sqlite3_reset(this.handle);
    }
  }

  finalize(): void {
    if (this.handle) this.m._sqlite3_finalize(this.handle);
    this.handle = 0;
  }

  private bind(params: Params): void {
    const m = this.m;
    m._sqlite3_clear_bindings(this.handle);
    params.forEach((value, i) => {
      let rc: number;
      if (value === null) rc = m._sqlite3_bind_null(this.handle, i + 1);
      else if (typeof value === 'number') {
        rc = Number.isInteger(value) && Math.abs(value) < 2 ** 31
          ? m._sqlite3_bind_int(this.handle, i + 1, value)
          : m._sqlite3_bind_double(this.handle, i + 1, value);
      } else {
        const ptr = allocString(m, value);
        // TRANSIENT: SQLite copies the text, so the buffer can be freed at once.
        rc = m._sqlite3_bind_text(this.handle, i + 1, ptr, -1, SQLITE_TRANSIENT);
        m._free(ptr);
      }
      if (rc !== SQLITE_OK) this.db.fail(rc);
    });
  }

  private column(i: number): SqlValue {
    const m = this.m;
    switch (m._sqlite3_column_type(this.handle, i)) {
      case SQLITE_NULL:
        return null;
      case SQLITE_INTEGER:
      case SQLITE_FLOAT:
        return m._sqlite3_column_double(this.handle, i);
      default: {
        const ptr = m._sqlite3_column_text(this.handle, i);
        const len = m._sqlite3_column_bytes(this.handle, i);
        return decoder.decode(m.HEAPU8.subarray(ptr, ptr + len));
      }
    }
  }
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** `s` as a NUL-terminated UTF-8 string in the WASM heap; the caller frees it. */
export function allocString(m: SqliteModule, s: string): number {
  const bytes = encoder.encode(s);
  const ptr = m._malloc(bytes.length + 1);
  m.HEAPU8.set(bytes, ptr);
  m.HEAPU8[ptr + bytes.length] = 0;
  return ptr;
}
