// The fact store: one SQLite file, append-only fact versions, a derived head table and FTS index.
import { existsSync, statSync } from 'node:fs';
import { MemcueError, SqliteError, mapSqliteError } from '../errors.js';
import { INDEX_VERSION, indexText } from '../text/tokenize.js';
import { COLUMNS, type Fact } from './facts.js';
import { FileLock } from './lock.js';
import { headerIsCurrent, inspectDatabasePath, prepareFolder, refuseEmptyForRead, takeLock } from './open-checks.js';
import { SCHEMA_VERSION, ensureSchema, schemaVersion } from './schema.js';
import { Database, type Row, type SqlValue } from './sqlite.js';
import { mark } from '../util/profile.js';

const INDEX_VERSION_KEY = 'index_version';
const HEADS_WINDOW = 20_000;
const INSERT_FACT = `INSERT INTO facts (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`;
/** The current version of a fact: the highest (version, created_at, host). */
const CURRENT_VERSION = `SELECT rowid AS row, version, state, text, translation FROM facts WHERE id = ?
  ORDER BY version DESC, created_at DESC, host DESC LIMIT 1`;
const FACT_COLUMNS = COLUMNS.map((c) => `f.${c}`).join(', ');

export type VersionedField = 'text' | 'translation' | 'kind' | 'scope' | 'source' | 'quote' | 'state';

export interface ListFilter {
  scopes?: string[]; // undefined: every scope
  kind?: string;
  since?: string;
}

export class Store {
  private constructor(
    readonly db: Database,
    readonly path: string,
    private readonly lock: FileLock,
  ) {}

  /**
   * Opens the database under the cross-process lock. `write: false` on a missing file returns
   * undefined (reads of an empty memory need no file); writes create the file and its folder.
   */
  static async open(path: string, opts: { write: boolean }): Promise<Store | undefined> {
    const found = inspectDatabasePath(path);
    if (found !== 'file' && !opts.write) return undefined;
    const exists = found !== 'missing';
    if (!exists) prepareFolder(path);
    const lock = new FileLock(`${path}.lock`);
    const locked = takeLock(lock, path, opts.write);
    mark('lock acquired');
    let db: Database | undefined;
    try {
      // Read under the lock: the header of a file being written could be half-way.
      const upToDate = exists && headerIsCurrent(path) && !existsSync(`${path}-journal`);
      // journal_mode=DELETE and synchronous=FULL are the build's defaults (wasm/build.sh).
      db = await Database.open(path, { readonly: !locked });
      if (!upToDate) {
        refuseEmptyForRead(db, path, opts.write);
        const opened = db;
        // Schema changes and the rebuild they may need land in one transaction, or not at all.
        if (schemaVersion(db) !== SCHEMA_VERSION) {
          db.transaction(() => {
            const rebuild = ensureSchema(opened, path);
            if (rebuild || indexVersion(opened) !== INDEX_VERSION) rebuildDerived(opened);
          });
        } else {
          ensureSchema(db, path);
        }
      }
      // Terms made by another tokenizer (older or newer memcue) would not meet this one's queries.
      if (indexVersion(db) !== INDEX_VERSION) db.transaction(() => rebuildDerived(db!));
      mark('db opened');
      return new Store(db, path, lock);
    } catch (err) {
      db?.close();
      lock.release();
      throw mapSqliteError(err, path);
    }
  }

  close(): void {
    this.db.close();
    this.lock.release();
  }

  /** Write transactions run so far, committed or rolled back: what was read inside one may be gone. */
  get writes(): number {
    return this.writeCount;
  }
  private writeCount = 0;

  /** Runs `fn` in one write transaction: all of it lands, or none of it. */
  write<T>(fn: () => T): T {
    try {
      return this.db.transaction(fn);
    } catch (err) {
      throw mapSqliteError(err, this.path);
    } finally {
      this.writeCount++;
    }
  }

  /** Appends a version row (never updates one) and refreshes the head and index for its fact. */
  insertVersion(fact: Fact): void {
    this.insertVersionOnly(fact);
    this.refreshHead(fact.id);
  }

  /** The row alone; bulk writers call refreshHead once per fact afterwards. */
  insertVersionOnly(fact: Fact): void {
    this.db.run(INSERT_FACT, COLUMNS.map((c) => fact[c]));
  }

  /** A new version of a fact: the current one with `changes`, numbered one higher. */
  appendVersion(id: string, changes: Partial<Pick<Fact, VersionedField>>, host: string): Fact {
    const head = this.current(id);
    const next: Fact = { ...head, ...changes, version: head.version + 1, created_at: new Date().toISOString(), host };
    this.insertVersion(next);
    return next;
  }

  /** Points the head at the current version and keeps the index to current active versions only. */
  refreshHead(id: string): void {
    const old = this.db.get('SELECT fact_row FROM heads WHERE id = ?', [id]);
    const top = this.db.get(CURRENT_VERSION, [id]);
    if (!top || (old && old.fact_row === top.row)) return;
    if (old) this.db.run('DELETE FROM fact_index WHERE rowid = ?', [old.fact_row!]);
    writeHead(this.db, id, top);
  }

  /** The full id for an id or a unique prefix of one (at least 4 characters). */
  resolveId(idOrPrefix: string): string {
    const wanted = idOrPrefix.trim().toLowerCase();
    if (wanted.length >= 4 && /^[0-9a-z]+$/.test(wanted)) {
      const rows = this.db.all('SELECT id FROM heads WHERE id >= ? AND id < ? LIMIT 2', [wanted, `${wanted}\u{10ffff}`]);
      if (rows.length === 1) return String(rows[0]!.id);
      if (rows.length > 1) {
        throw new MemcueError('USAGE', `id prefix "${idOrPrefix}" matches several facts`, 'give more characters of the id');
      }
    }
    throw new MemcueError('NOT_FOUND', `no fact with id "${idOrPrefix}"`, 'find ids with `memcue search` or `memcue list`');
  }

  current(id: string): Fact {
    const row = this.db.get(`SELECT ${FACT_COLUMNS} FROM heads h JOIN facts f ON f.rowid = h.fact_row WHERE h.id = ?`, [id]);
    if (!row) throw new MemcueError('NOT_FOUND', `no fact with id "${id}"`);
    return toFact(row);
  }

  versions(id: string): Fact[] {
    return this.db.all(`SELECT ${FACT_COLUMNS} FROM facts f WHERE f.id = ? ORDER BY f.version, f.created_at, f.host`, [id]).map(toFact);
  }

  /** Current active facts, newest first. */
  list(filter: ListFilter = {}): Fact[] {
    return [...this.listed(filter)];
  }

  /** The same, one at a time; with a limit SQLite keeps only the newest `limit` while it sorts. */
  *listed(filter: ListFilter = {}, limit?: number): Generator<Fact> {
    const { where, params } = filterClause(filter);
    const sql = `SELECT ${FACT_COLUMNS} FROM heads h JOIN facts f ON f.rowid = h.fact_row
         WHERE f.state = 'active' ${where} ORDER BY f.created_at DESC, f.id${limit === undefined ? '' : ' LIMIT ?'}`;
    for (const row of this.db.iterate(sql, limit === undefined ? params : [...params, limit])) yield toFact(row);
  }

  /** Every version row (or only current ones), in a stable order, for export: one at a time. */
  *rows(allVersions: boolean): Generator<Fact> {
    // Both orders are those of a key, so SQLite reads in order and never sorts in memory (ORDER BY
    // f.id on the join did: 0.8 GB at 500k facts).
    const sql = allVersions
      ? `SELECT ${FACT_COLUMNS} FROM facts f ORDER BY f.id, f.version`
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

  /**
   * refreshHead for every fact with a row above `row` (after a bulk insert), a window of rowids at a
   * time: memory stays bounded, and no statement reads facts while heads and the index are written
   * (that interleaving cost a fifth more CPU). A fact in two windows is refreshed twice, harmlessly.
   */
  refreshHeadsAbove(row: number): void {
    const last = this.lastRow();
    for (let from = row; from < last; from += HEADS_WINDOW) {
      const ids = this.db.all('SELECT DISTINCT id FROM facts WHERE rowid > ? AND rowid <= ?', [from, from + HEADS_WINDOW]);
      for (const { id } of ids) this.refreshHead(String(id));
    }
  }

  /** Size on disk: the database file (the journal is transient). */
  bytes(): number {
    return statSync(this.path).size;
  }
}

export function filterClause(filter: ListFilter, alias = 'f'): { where: string; params: SqlValue[] } {
  const parts: string[] = [];
  const params: SqlValue[] = [];
  if (filter.scopes) {
    parts.push(`${alias}.scope IN (${filter.scopes.map(() => '?').join(', ')})`);
    params.push(...filter.scopes);
  }
  if (filter.kind) {
    parts.push(`${alias}.kind = ?`);
    params.push(filter.kind);
  }
  if (filter.since) {
    parts.push(`${alias}.created_at >= ?`);
    params.push(filter.since);
  }
  return { where: parts.map((p) => `AND ${p}`).join(' '), params };
}

export function toFact(row: Row): Fact {
  return {
    id: String(row.id),
    version: Number(row.version),
    text: String(row.text),
    translation: String(row.translation ?? ''),
    kind: String(row.kind) as Fact['kind'],
    scope: String(row.scope),
    source: String(row.source ?? ''),
    quote: String(row.quote ?? ''),
    created_at: String(row.created_at),
    host: String(row.host),
    state: String(row.state) as Fact['state'],
  };
}

/**
 * Rebuilds the head table and the index from the fact rows (after a migration, a merge or a change
 * of tokenizer) and records that the index now holds this tokenizer's terms.
 */
export function rebuildDerived(db: Database): void {
  db.exec('DELETE FROM heads; DELETE FROM fact_index');
  const ids = db.all('SELECT DISTINCT id FROM facts');
  for (const { id } of ids) {
    writeHead(db, String(id), db.get(CURRENT_VERSION, [id!])!);
  }
  db.run(`INSERT OR REPLACE INTO settings (key, value) VALUES ('${INDEX_VERSION_KEY}', ?)`, [String(INDEX_VERSION)]);
}

/** The INDEX_VERSION the index was built with; databases from before it was recorded hold 1. */
export function indexVersion(db: Database): number {
  const row = db.get(`SELECT value FROM settings WHERE key = '${INDEX_VERSION_KEY}'`);
  return row ? Number(row.value) : 1;
}

/** Records `top` as the head of `id` and indexes it if it is active. */
function writeHead(db: Database, id: string, top: Row): void {
  db.run('INSERT OR REPLACE INTO heads (id, version, fact_row) VALUES (?, ?, ?)', [id, top.version!, top.row!]);
  if (top.state !== 'active') return;
  db.run('INSERT INTO fact_index (rowid, terms, translation_terms) VALUES (?, ?, ?)', [
    top.row!,
    indexText(String(top.text)),
    indexText(String(top.translation)),
  ]);
}

/** Opens, runs, and always closes (and unlocks), like libsql's withClient. */
export async function withStore<T>(path: string, write: boolean, fn: (store: Store | undefined) => T | Promise<T>): Promise<T> {
  const store = await Store.open(path, { write });
  try {
    return await fn(store);
  } catch (err) {
    // Only the engine's errors are the database's; a file the command reads fails in its own words.
    throw err instanceof SqliteError ? mapSqliteError(err, path) : err;
  } finally {
    store?.close();
  }
}
