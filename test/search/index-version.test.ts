// A database indexed by another tokenizer is re-indexed when opened, so old terms never hide facts.
import { describe, expect, it } from 'vitest';
import { indexVersion } from '../../src/store/store.js';
import { Database } from '../../src/store/sqlite.js';
import { INDEX_VERSION } from '../../src/text/tokenize.js';
import { cli, isolatedEnv } from '../helpers.js';

async function withDb<T>(path: string, fn: (db: Database) => T): Promise<T> {
  const db = await Database.open(path);
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

describe('index version', () => {
  it('a new database records the current INDEX_VERSION', async () => {
    const env = isolatedEnv();
    await cli(['add', 'first fact'], { env });
    expect(await withDb(env.MEMCUE_DB!, (db) => indexVersion(db))).toBe(INDEX_VERSION);
  });

  it.each([
    ['indexed before versions were recorded', (db: Database) => db.run("DELETE FROM settings WHERE key = 'index_version'")],
    ['indexed by a newer memcue', (db: Database) => db.run("UPDATE settings SET value = ? WHERE key = 'index_version'", [String(INDEX_VERSION + 1)])],
  ])('a database %s is re-indexed on open', async (_label, age) => {
    const env = isolatedEnv();
    const id = (await cli(['add', 'The nightly build broke after we went to Node 22'], { env })).stdout.trim();
    // What the first tokenizer stored: irregular forms stemmed as they are (`broke`, `went`).
    await withDb(env.MEMCUE_DB!, (db) => {
      const row = db.get('SELECT rowid AS r FROM fact_index')!;
      db.run('UPDATE fact_index SET terms = ? WHERE rowid = ?', ['the night build broke after we went to node 22', row.r!]);
      age(db);
    });
    const found = await cli(['search', 'did', 'it', 'break?'], { env });
    expect(found.stderr).toBe('');
    expect(found.stdout).toContain(id);
    expect((await cli(['search', 'go'], { env })).stdout).toContain(id);
    await withDb(env.MEMCUE_DB!, (db) => {
      expect(indexVersion(db)).toBe(INDEX_VERSION);
      expect(db.get('SELECT terms FROM fact_index')!.terms).toBe('the night build break after we go to node 22');
    });
  });

  // A writer checks the index's version in its own first transaction (src/store/store.ts), not on a
  // reader's connection first: the re-indexing must still happen, before the write's own work.
  it.each([
    ['an add', () => ['add', 'Deploys went out late again']],
    ['an edit (it reads the fact first)', (id: string) => ['edit', id, '--kind', 'gotcha']],
  ])('a database of an older index is re-indexed by %s', async (_label, write) => {
    const env = isolatedEnv();
    const id = (await cli(['add', 'The nightly build broke after we went to Node 22'], { env })).stdout.trim();
    await withDb(env.MEMCUE_DB!, (db) => {
      const row = db.get('SELECT rowid AS r FROM fact_index')!;
      db.run('UPDATE fact_index SET terms = ? WHERE rowid = ?', ['the night build broke after we went to node 22', row.r!]);
      db.run("DELETE FROM settings WHERE key = 'index_version'");
    });
    const written = await cli(write(id), { env });
    expect(written.stderr).toBe('');
    expect(written.code).toBe(0);
    await withDb(env.MEMCUE_DB!, (db) => {
      expect(indexVersion(db)).toBe(INDEX_VERSION);
      expect(db.all('SELECT terms FROM fact_index').map((r) => r.terms)).toContain('the night build break after we go to node 22');
    });
  });
});
