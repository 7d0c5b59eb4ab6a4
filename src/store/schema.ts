// The database layout and its forward migrations. Fact versions are rows that are never updated:
// edit and forget append a version, so two copies of the database merge by union (see src/sync).
import type { Database } from '../sqlite/sqlite.js';
import { MemcueError } from '../errors.js';
import { canonicalizeLegacyRows } from './legacy-rows.js';
import { indexTableSql } from './fact-index.js';
import { OUTSIDE_CHANGES_SQL } from './trigger-guard.js';

/** What a new database is made as. */
export const SCHEMA_VERSION = 5;
/**
 * Older files are brought up to this version on open, and no further: v4 → v5 re-indexes every fact
 * (seconds at 100k facts, too long for an `add` or a session hook), so `memcue compact` does it.
 */
export const OPENED_AS_IS = 4;
export const APPLICATION_ID = 0x6d656d63; // "memc": marks the file as ours for `file`-style checks

/** The SQL of each migration; `fresh`: the database is new (it gets v5's index at once, not v1's
 * to drop at v5: an FTS5 table made and dropped costs a first `add` ~7 ms CPU). */
const migrations = (fresh: boolean): Record<number, string> => ({
  1: `
    CREATE TABLE facts (
      id          TEXT NOT NULL,
      version     INTEGER NOT NULL CHECK (version >= 1),
      text        TEXT NOT NULL,
      translation TEXT NOT NULL DEFAULT '',
      kind        TEXT NOT NULL CHECK (kind IN ('rule','decision','gotcha','env','note')),
      scope       TEXT NOT NULL,
      source      TEXT NOT NULL DEFAULT '',
      quote       TEXT NOT NULL DEFAULT '',
      created_at  TEXT NOT NULL,
      host        TEXT NOT NULL,
      state       TEXT NOT NULL CHECK (state IN ('active','superseded','forgotten')),
      PRIMARY KEY (id, version)
    );
    -- The current (highest) version of every fact; the only table that is rewritten, and derived:
    -- it can always be rebuilt from facts.
    CREATE TABLE heads (
      id        TEXT PRIMARY KEY,
      version   INTEGER NOT NULL,
      fact_row  INTEGER NOT NULL
    ) WITHOUT ROWID;
    -- Index over current active versions; its rowid is the facts rowid (fact-index.ts).
    ${indexTableSql(fresh)}
  `,
  // v2: two machines may each write version N of the same fact; both rows are kept (the current one
  // is the highest (version, created_at, host)), so the key names the machine and the moment too.
  // Plus local bookkeeping that is never synced: which notes `migrate` imported, and settings such as
  // the index version. fact_usage was meant to count searches; nothing writes or reads it (a write per
  // search costs more than the search), and dropping it would take a schema version older memcue refuse.
  2: `
    CREATE TABLE facts_v2 (
      id          TEXT NOT NULL,
      version     INTEGER NOT NULL CHECK (version >= 1),
      text        TEXT NOT NULL,
      translation TEXT NOT NULL DEFAULT '',
      kind        TEXT NOT NULL CHECK (kind IN ('rule','decision','gotcha','env','note')),
      scope       TEXT NOT NULL,
      source      TEXT NOT NULL DEFAULT '',
      quote       TEXT NOT NULL DEFAULT '',
      created_at  TEXT NOT NULL,
      host        TEXT NOT NULL,
      state       TEXT NOT NULL CHECK (state IN ('active','superseded','forgotten')),
      PRIMARY KEY (id, version, created_at, host)
    );
    INSERT INTO facts_v2 SELECT id, version, text, translation, kind, scope, source, quote, created_at, host, state FROM facts;
    DROP TABLE facts;
    ALTER TABLE facts_v2 RENAME TO facts;
    -- Rowids changed: the derived head table and index are rebuilt (see rebuildDerived).
    CREATE TABLE migrated_notes (
      hash        TEXT PRIMARY KEY,
      path        TEXT NOT NULL,
      migrated_at TEXT NOT NULL,
      facts       INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE fact_usage (
      id       TEXT PRIMARY KEY,
      hits     INTEGER NOT NULL DEFAULT 0,
      last_at  TEXT NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE settings (
      key   TEXT PRIMARY KEY,
      value TEXT NOT NULL
    ) WITHOUT ROWID;
  `,
  // v3: the session-start card reads global rules and a repo's rules and decisions without
  // scanning every fact (it runs on every session start after a write).
  3: `CREATE INDEX facts_by_scope_kind ON facts (scope, kind, created_at);`,
  // v4: scopes and hosts with spaces, which older memcue wrote, in today's form (legacy-rows.ts).
  4: '',
  // v5: the index keeps no copy of its terms (~140 of ~800 bytes a fact with the search file), and
  // rows another program changes in place are recorded for the index's sake (fact-index.ts).
  5: `${fresh ? '' : `DROP TABLE fact_index; ${indexTableSql(true)}`} ${OUTSIDE_CHANGES_SQL}`,
});

/** Migrations with a step in code after their SQL; it returns true when the derived tables must be rebuilt. */
const CODE_STEPS: Record<number, (db: Database) => boolean> = { 4: canonicalizeLegacyRows };

/** Migrations after which the derived tables (heads, fact_index) must be rebuilt from facts. */
const REBUILDS_DERIVED = new Set([2, 5]);

/** Refuses someone else's SQLite file (it is never converted): a read can ask this before any write. */
export function refuseForeign(db: Database, path: string): void {
  const appId = Number(db.get('PRAGMA application_id')?.application_id ?? 0);
  // Any schema object (a lone view, an index, a trigger) makes the file someone else's.
  const objects = Number(db.get('SELECT count(*) AS n FROM sqlite_master')?.n ?? 0);
  if (appId !== APPLICATION_ID && (appId !== 0 || objects > 0)) {
    throw new MemcueError(
      'NOT_A_DATABASE',
      `${path} is an SQLite file but not a memcue database`,
      'point --db or MEMCUE_DB at a memcue database; the file was left untouched',
    );
  }
}

/**
 * Creates or migrates the schema. Refuses files that are not ours and schemas from the future.
 * Returns true when the derived tables must be rebuilt (the caller owns the tokenizer).
 */
export function ensureSchema(db: Database, path: string, createAs = SCHEMA_VERSION): boolean {
  const version = Number(db.get('PRAGMA user_version')?.user_version ?? 0);
  refuseForeign(db, path);
  if (version > SCHEMA_VERSION) {
    throw new MemcueError(
      'SCHEMA_TOO_NEW',
      `${path} has schema version ${version}, newer than this memcue understands (${SCHEMA_VERSION})`,
      'upgrade memcue',
    );
  }
  if (version >= OPENED_AS_IS) return false;
  return migrate(db, version, version === 0 ? createAs : OPENED_AS_IS);
}

/** `memcue compact`, in a write transaction: a v4 file's index becomes v5's. True when it did (the
 * derived tables must then be rebuilt); false for a file that is already compact. */
export function compactSchema(db: Database): boolean {
  if (schemaVersion(db) >= SCHEMA_VERSION) return false;
  return migrate(db, schemaVersion(db), SCHEMA_VERSION);
}

/** Applies migrations from → to; true when the derived tables need a rebuild. Exported for tests
 * that build databases of an older schema. */
export function migrate(db: Database, from: number, to: number): boolean {
  let rebuild = false;
  const sql = migrations(from === 0 && to === SCHEMA_VERSION);
  for (let v = from + 1; v <= to; v++) {
    db.exec(sql[v]!);
    if (from > 0 && REBUILDS_DERIVED.has(v)) rebuild = true;
    if (from > 0 && CODE_STEPS[v]?.(db)) rebuild = true;
  }
  db.exec(`PRAGMA application_id = ${APPLICATION_ID}; PRAGMA user_version = ${to}`);
  return rebuild;
}

/** Reads the schema version without changing anything (0 for an empty or new file). */
export function schemaVersion(db: Database): number {
  return Number(db.get('PRAGMA user_version')?.user_version ?? 0);
}
