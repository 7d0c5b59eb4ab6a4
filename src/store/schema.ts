// The database layout and its forward migrations. Fact versions are rows that are never updated:
// edit and forget append a version, so two copies of the database merge by union (see src/sync).
import type { Database } from './sqlite.js';
import { MemcueError } from '../errors.js';

export const SCHEMA_VERSION = 1;
export const APPLICATION_ID = 0x6d656d63; // "memc": marks the file as ours for `file`-style checks

export const KINDS = ['rule', 'decision', 'gotcha', 'env', 'note'] as const;
export type Kind = (typeof KINDS)[number];
export const STATES = ['active', 'superseded', 'forgotten'] as const;
export type State = (typeof STATES)[number];

/** Terms are produced by src/text/tokenize.ts; the FTS tokenizer only has to split on spaces and
 * keep the identifier connectors `- _ . /` inside a term. */
const INDEX_TOKENIZER = `unicode61 remove_diacritics 0 tokenchars '-_./' categories 'L* N* Co M*'`;

const MIGRATIONS: Record<number, string> = {
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
    -- Index over current active versions; its rowid is the facts rowid. It keeps its own copy of
    -- the terms (not contentless) so rows delete by rowid and SQLite 3.40 shells can read it.
    CREATE VIRTUAL TABLE fact_index USING fts5(
      terms, translation_terms,
      tokenize = "${INDEX_TOKENIZER}"
    );
  `,
};

/** Creates or migrates the schema. Refuses files that are not ours and schemas from the future. */
export function ensureSchema(db: Database, path: string): void {
  const version = Number(db.get('PRAGMA user_version')?.user_version ?? 0);
  const appId = Number(db.get('PRAGMA application_id')?.application_id ?? 0);
  const tables = Number(db.get("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'")?.n ?? 0);
  if (appId !== APPLICATION_ID && (appId !== 0 || tables > 0)) {
    throw new MemcueError(
      'NOT_A_DATABASE',
      `${path} is an SQLite file but not a memcue database`,
      'point --db or MEMCUE_DB at a memcue database; the file was left untouched',
    );
  }
  if (version > SCHEMA_VERSION) {
    throw new MemcueError(
      'SCHEMA_TOO_NEW',
      `${path} has schema version ${version}, newer than this memcue understands (${SCHEMA_VERSION})`,
      'upgrade memcue',
    );
  }
  if (version === SCHEMA_VERSION) return;
  db.transaction(() => {
    for (let v = version + 1; v <= SCHEMA_VERSION; v++) db.exec(MIGRATIONS[v]!);
    db.exec(`PRAGMA application_id = ${APPLICATION_ID}; PRAGMA user_version = ${SCHEMA_VERSION}`);
  });
}

/** Reads the schema version without changing anything (0 for an empty or new file). */
export function schemaVersion(db: Database): number {
  return Number(db.get('PRAGMA user_version')?.user_version ?? 0);
}
