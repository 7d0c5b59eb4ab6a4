// The guard of schema v5's index: a table and triggers on facts (fact-index.ts says why). memcue
// never updates facts rows in place; another program may (sqlite3, DB Browser, a script), and the
// triggers, which run inside any SQLite program, record such a row as it was, so that memcue's next
// write can take its old terms out of the index (content='' keeps no copy of them). A program may
// also drop the triggers first: its changes then go unrecorded and the index keeps their postings
// for good. So every write checks that the guard is as memcue made it, cheaply: SQLite's schema
// cookie (PRAGMA schema_version, kept in the file's header) moves with every CREATE and DROP by any
// program, and memcue records the cookie it last saw with the guard intact; only when the current one
// differs does it read sqlite_master. Asked inside the write transaction, the cookie comes from the
// page SQLite has just read under its lock: no second read of the file, and no program can move it
// between the check and the write.
// A guard found missing or changed is put back, and the caller rebuilds heads and index from the facts.
import { MemcueError } from '../errors.js';
import type { Database } from '../sqlite/sqlite.js';

interface GuardObject {
  type: 'table' | 'trigger';
  name: string;
  sql: string;
}

/** Facts rows changed or deleted in place by another program, as they were when first changed (what
 * the index holds for them). memcue itself only inserts facts rows, so its own writes add nothing. */
const GUARD: GuardObject[] = [
  {
    type: 'table',
    name: 'facts_changed_in_place',
    sql: `CREATE TABLE facts_changed_in_place (
    row         INTEGER PRIMARY KEY,
    id          TEXT NOT NULL,
    text        TEXT NOT NULL,
    translation TEXT NOT NULL
  )`,
  },
  {
    type: 'trigger',
    name: 'facts_updated_in_place',
    sql: `CREATE TRIGGER facts_updated_in_place AFTER UPDATE ON facts BEGIN
    INSERT OR IGNORE INTO facts_changed_in_place VALUES (OLD.rowid, OLD.id, OLD.text, OLD.translation);
  END`,
  },
  {
    type: 'trigger',
    name: 'facts_deleted_in_place',
    sql: `CREATE TRIGGER facts_deleted_in_place AFTER DELETE ON facts BEGIN
    INSERT OR IGNORE INTO facts_changed_in_place VALUES (OLD.rowid, OLD.id, OLD.text, OLD.translation);
  END`,
  },
  // A REPLACE (INSERT OR REPLACE, or an UPDATE OR REPLACE meeting another row's key) deletes the row
  // in its way without firing delete triggers: the row is recorded before it. memcue's own INSERTs
  // never meet an existing key, so for them this is one key lookup that finds nothing.
  {
    type: 'trigger',
    name: 'facts_replaced_by_insert',
    sql: `CREATE TRIGGER facts_replaced_by_insert BEFORE INSERT ON facts BEGIN
    INSERT OR IGNORE INTO facts_changed_in_place SELECT rowid, id, text, translation FROM facts
      WHERE (id = NEW.id AND version = NEW.version AND created_at = NEW.created_at AND host = NEW.host) OR rowid = NEW.rowid;
  END`,
  },
  {
    type: 'trigger',
    name: 'facts_replaced_by_update',
    sql: `CREATE TRIGGER facts_replaced_by_update BEFORE UPDATE ON facts BEGIN
    INSERT OR IGNORE INTO facts_changed_in_place SELECT rowid, id, text, translation FROM facts
      WHERE rowid <> OLD.rowid
        AND ((id = NEW.id AND version = NEW.version AND created_at = NEW.created_at AND host = NEW.host) OR rowid = NEW.rowid);
  END`,
  },
];

/** The tables memcue makes (schema.ts, fact-index.ts and FTS5's shadow tables of fact_index, the guard's). */
const MEMCUE_TABLES = ['facts', 'heads', 'settings', 'facts_v2', 'migrated_notes', 'fact_usage', 'facts_changed_in_place', 'fact_index'];
const isMemcueTable = (name: string) => MEMCUE_TABLES.includes(name) || name.startsWith('fact_index_');

/**
 * Triggers another program put on memcue's tables ("evil_del on facts"): they run inside memcue's
 * writes and may delete or change what it writes, so a write refuses while one is there.
 */
export function foreignTriggers(db: Database): string[] {
  const ours = new Set(GUARD.map((o) => o.name));
  return db
    .all("SELECT name, tbl_name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
    .filter((r) => !ours.has(String(r.name)) && isMemcueTable(String(r.tbl_name)))
    .map((r) => `${String(r.name)} on ${String(r.tbl_name)}`);
}

/** In a write transaction: refuses (rolling it back) when another program's trigger is on memcue's tables. */
export function refuseForeignTriggers(db: Database, path: string): void {
  const found = foreignTriggers(db);
  if (found.length === 0) return;
  const names = found.map((f) => f.split(' ')[0]!);
  throw new MemcueError(
    'NOT_A_DATABASE',
    `${path} has ${found.length === 1 ? 'a trigger' : 'triggers'} memcue did not make (trigger ${found.join(', trigger ')}): ${found.length === 1 ? 'it' : 'they'} could delete or change what memcue writes, so nothing was written`,
    `if you did not add ${found.length === 1 ? 'it' : 'them'} on purpose, drop ${found.length === 1 ? 'it' : 'them'} (sqlite3 ${path} '${names.map((n) => `DROP TRIGGER ${n};`).join(' ')}') and retry`,
  );
}

/** The guard as schema v5 creates it. */
export const OUTSIDE_CHANGES_SQL = GUARD.map((o) => `${o.sql};`).join('\n');

/** Where memcue records the schema cookie it last saw with the guard intact (settings: local, never synced). */
const COOKIE_KEY = 'guard_schema_cookie';

/** SQLite stores a CREATE as it was typed; only its spacing may differ from ours. */
const normal = (sql: unknown) => String(sql ?? '').replace(/\s+/g, ' ').trim();

/** The guard's objects that are missing or not as memcue made them ("facts_updated_in_place missing"). */
export function guardProblems(db: Database): string[] {
  const found = new Map(db.all(`SELECT name, type, sql FROM sqlite_master WHERE name IN (${GUARD.map(() => '?').join(', ')})`, GUARD.map((o) => o.name)).map((r) => [String(r.name), r]));
  const problems: string[] = [];
  for (const o of GUARD) {
    const row = found.get(o.name);
    if (!row) problems.push(`${o.type} ${o.name} missing`);
    else if (row.type !== o.type || normal(row.sql) !== normal(o.sql)) problems.push(`${o.type} ${o.name} changed`);
  }
  return problems;
}

/**
 * In a write transaction on a v5 file, before anything else: the guard put back where it is missing
 * or changed. Returns what was wrong (empty: nothing); then heads and the index must be rebuilt from
 * the facts, as changes made meanwhile went unrecorded.
 */
export function restoreGuard(db: Database, path: string): string[] {
  const cookie = String(db.get('PRAGMA schema_version')?.schema_version);
  // The statement heads.ts reads the index version with: compiled once for both.
  if (db.get('SELECT value FROM settings WHERE key = ?', [COOKIE_KEY])?.value === cookie) return [];
  // A CREATE TRIGGER moves the cookie too: the refusal stands until the trigger is gone.
  refuseForeignTriggers(db, path);
  const problems = guardProblems(db);
  if (problems.length === 0) {
    // Our own schema changes (a migration, VACUUM) and other programs' tables move the cookie too.
    db.run('INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)', [COOKIE_KEY, cookie]);
    return [];
  }
  // The table first: the triggers write into it. The next write records the cookie these moved.
  for (const o of GUARD) db.exec(`DROP ${o.type.toUpperCase()} IF EXISTS ${o.name}; ${o.sql}`);
  return problems;
}
