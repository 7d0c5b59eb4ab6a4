// Schema versions: an older file is migrated in place (and its index rebuilt); a newer one is refused.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { migrate, SCHEMA_VERSION } from '../../src/store/schema.js';
import { Database } from '../../src/store/sqlite.js';
import { INDEX_VERSION, indexText } from '../../src/text/tokenize.js';
import { cli, isolatedEnv } from '../helpers.js';

async function v1Database(path: string): Promise<void> {
  const db = await Database.open(path);
  migrate(db, 0, 1);
  const row = ['oldfact0000000000001', 1, 'Кэш сборки чистится по пятницам', '', 'rule', 'global', '', '', '2026-01-01T00:00:00.000Z', 'old', 'active'];
  db.run('INSERT INTO facts VALUES (?,?,?,?,?,?,?,?,?,?,?)', row);
  db.run('INSERT INTO facts VALUES (?,?,?,?,?,?,?,?,?,?,?)', [...row.slice(0, 1), 2, 'Кэш сборки чистится по понедельникам', ...row.slice(3, 8), '2026-02-01T00:00:00.000Z', 'old', 'active']);
  db.close();
}

const hasSqlite3 = spawnSync('sqlite3', ['-version']).status === 0;
if (!hasSqlite3) console.log('skipped: reading a migrated database with the sqlite3 program (not installed)');

/** A database as memcue wrote it at schema v4: its index kept a copy of every fact's terms. */
async function v4Database(path: string): Promise<void> {
  const db = await Database.open(path);
  migrate(db, 0, 4);
  const facts = [
    ['v4fact00000000000001', 'Кэш сборки чистится по понедельникам', ''],
    ['v4fact00000000000002', 'Staging deploys go through ArgoCD', 'Стенд выкатывается через ArgoCD'],
  ];
  for (const [id, text, translation] of facts) {
    db.run('INSERT INTO facts VALUES (?,?,?,?,?,?,?,?,?,?,?)', [id!, 1, text!, translation!, 'rule', 'global', '', '', '2026-01-01T00:00:00.000Z', 'old', 'active']);
    const row = Number(db.get('SELECT last_insert_rowid() AS r')!.r);
    db.run('INSERT INTO heads VALUES (?, 1, ?)', [id!, row]);
    db.run('INSERT INTO fact_index (rowid, terms, translation_terms) VALUES (?, ?, ?)', [row, indexText(text!), indexText(translation!)]);
  }
  db.run("INSERT INTO settings VALUES ('index_version', ?)", [String(INDEX_VERSION)]);
  db.close();
}

describe('schema', () => {
  it('migrates a v4 database to an index without a copy of its terms, and gives the space back', async () => {
    const env = isolatedEnv();
    await v4Database(env.MEMCUE_DB!);
    const found = await cli(['search', 'понедельник'], { env });
    expect(found.stderr).toBe('');
    expect(found.stdout).toContain('v4fact00000000000001');
    expect((await cli(['search', 'стенд'], { env })).stdout).toContain('v4fact00000000000002');
    const db = await Database.open(env.MEMCUE_DB!);
    expect(db.get('PRAGMA user_version')?.user_version).toBe(SCHEMA_VERSION);
    expect(db.get("SELECT count(*) AS n FROM sqlite_master WHERE name = 'fact_index_content'")?.n).toBe(0);
    expect(db.get('SELECT count(*) AS n FROM fact_index_docsize')?.n).toBe(2);
    // The dropped table's pages went back to the file system (VACUUM once, after the migration).
    expect(db.get('PRAGMA freelist_count')?.freelist_count).toBe(0);
    const schema = (d: Database) => d.all("SELECT type, name, sql FROM sqlite_master ORDER BY name");
    const migrated = schema(db);
    db.close();
    // A new database is made with today's index at once: the same schema as a migrated one.
    const fresh = isolatedEnv();
    await cli(['add', 'a first fact'], { env: fresh });
    const made = await Database.open(fresh.MEMCUE_DB!);
    expect(schema(made)).toEqual(migrated);
    made.close();
    // A row leaves the contentless index by its rowid alone.
    expect((await cli(['forget', 'v4fact00000000000001'], { env })).code).toBe(0);
    expect((await cli(['search', 'понедельник'], { env })).stdout).toBe('');
    expect((await cli(['search', 'ArgoCD'], { env })).stdout).toContain('v4fact00000000000002');
  });

  // Older SQLite (Debian's 3.40 shell) cannot query a contentless_delete index, but reads the facts.
  it.skipIf(!hasSqlite3)('leaves the facts readable by `sqlite3 -readonly`', async () => {
    const env = isolatedEnv();
    await v4Database(env.MEMCUE_DB!);
    await cli(['add', 'one more fact after the migration'], { env });
    const read = spawnSync('sqlite3', ['-readonly', env.MEMCUE_DB!, 'SELECT text FROM facts ORDER BY rowid'], { encoding: 'utf8' });
    expect(read.stderr).toBe('');
    expect(read.stdout.trim().split('\n')).toEqual(['Кэш сборки чистится по понедельникам', 'Staging deploys go through ArgoCD', 'one more fact after the migration']);
    expect(spawnSync('sqlite3', [env.MEMCUE_DB!, 'PRAGMA integrity_check'], { encoding: 'utf8' }).stdout.trim()).toBe('ok');
  });

  it('migrates a v1 database and rebuilds its index', async () => {
    const env = isolatedEnv();
    await v1Database(env.MEMCUE_DB!);
    const found = await cli(['search', 'понедельник'], { env });
    expect(found.stderr).toBe('');
    expect(found.stdout).toContain('oldfact0000000000001');
    expect((await cli(['search', 'пятница'], { env })).stdout).toBe('');
    const shown = JSON.parse((await cli(['show', 'oldfact0000000000001', '--json'], { env })).stdout);
    expect(shown.versions).toHaveLength(2);
    const db = await Database.open(env.MEMCUE_DB!);
    expect(db.get('PRAGMA user_version')?.user_version).toBe(SCHEMA_VERSION);
    db.close();
  });

  it('refuses a database from a newer memcue and leaves it untouched', async () => {
    const env = isolatedEnv();
    const db = await Database.open(env.MEMCUE_DB!);
    migrate(db, 0, SCHEMA_VERSION);
    db.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    const before = readFileSync(env.MEMCUE_DB!);
    const r = await cli(['add', 'x'], { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/newer than this memcue understands.*upgrade memcue/);
    expect(readFileSync(env.MEMCUE_DB!).equals(before)).toBe(true);
  });
});
