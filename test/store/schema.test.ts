// Schema versions: a v1 file is migrated in place (and its index rebuilt) up to v4, never to v5 on open
// (that is `memcue compact`, test/commands/compact.test.ts); a new one is v5; a newer one is refused.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { migrate, OPENED_AS_IS, SCHEMA_VERSION } from '../../src/store/schema.js';
import { Database } from '../../src/sqlite/sqlite.js';
import { cli, isolatedEnv } from '../helpers.js';

async function v1Database(path: string): Promise<void> {
  const db = await Database.open(path);
  migrate(db, 0, 1);
  const row = ['oldfact0000000000001', 1, 'Кэш сборки чистится по пятницам', '', 'rule', 'global', '', '', '2026-01-01T00:00:00.000Z', 'old', 'active'];
  db.run('INSERT INTO facts VALUES (?,?,?,?,?,?,?,?,?,?,?)', row);
  db.run('INSERT INTO facts VALUES (?,?,?,?,?,?,?,?,?,?,?)', [...row.slice(0, 1), 2, 'Кэш сборки чистится по понедельникам', ...row.slice(3, 8), '2026-02-01T00:00:00.000Z', 'old', 'active']);
  db.close();
}

describe('schema', () => {
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
    expect(db.get('PRAGMA user_version')?.user_version).toBe(OPENED_AS_IS);
    db.close();
  });

  it('makes a new database v5: an index without a copy of its terms, rows changed in place recorded', async () => {
    const env = isolatedEnv();
    expect((await cli(['add', 'Deploys go out on Tuesdays'], { env })).code).toBe(0);
    const db = await Database.open(env.MEMCUE_DB!);
    expect(db.get('PRAGMA user_version')?.user_version).toBe(SCHEMA_VERSION);
    expect(String(db.get("SELECT sql FROM sqlite_master WHERE name = 'fact_index'")!.sql)).toContain("content = ''");
    expect(db.get("SELECT 1 AS x FROM sqlite_master WHERE name = 'fact_index_content'")).toBeUndefined();
    expect(db.all("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name").map((r) => r.name)).toEqual([
      'facts_deleted_in_place',
      'facts_replaced_by_insert',
      'facts_replaced_by_update',
      'facts_updated_in_place',
    ]);
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
