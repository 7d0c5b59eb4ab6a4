// Schema versions: a v1 file is migrated in place (and its index rebuilt); a newer one is refused.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { migrate, SCHEMA_VERSION } from '../../src/store/schema.js';
import { Database } from '../../src/store/sqlite.js';
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
