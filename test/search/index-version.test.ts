// A database indexed by another tokenizer is re-indexed when opened, so old terms never hide facts.
import { describe, expect, it } from 'vitest';
import { indexVersion } from '../../src/store/store.js';
import { Database } from '../../src/sqlite/sqlite.js';
import { INDEX_VERSION, indexText } from '../../src/text/tokenize.js';
import { cli, isolatedEnv } from '../helpers.js';
import { indexDifferences } from '../store/index-state.js';

async function withDb<T>(path: string, fn: (db: Database) => T): Promise<T> {
  const db = await Database.open(path);
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** What the first tokenizer stored: irregular forms stemmed as they are (`broke`, `went`). The
 * index keeps no copy of its terms, so the row is taken out with today's and put back with those. */
function indexWithOldTerms(db: Database): void {
  const r = db.get('SELECT f.rowid AS row, f.text, f.translation FROM heads h JOIN facts f ON f.rowid = h.fact_row')!;
  const translation = indexText(String(r.translation));
  db.run("INSERT INTO fact_index (fact_index, rowid, terms, translation_terms) VALUES ('delete', ?, ?, ?)", [r.row!, indexText(String(r.text)), translation]);
  db.run('INSERT INTO fact_index (rowid, terms, translation_terms) VALUES (?, ?, ?)', [r.row!, 'the night build broke after we went to node 22', translation]);
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
    await withDb(env.MEMCUE_DB!, (db) => {
      indexWithOldTerms(db);
      age(db);
    });
    const found = await cli(['search', 'did', 'it', 'break?'], { env });
    expect(found.stderr).toBe('');
    expect(found.stdout).toContain(id);
    expect((await cli(['search', 'go'], { env })).stdout).toContain(id);
    await withDb(env.MEMCUE_DB!, (db) => {
      expect(indexVersion(db)).toBe(INDEX_VERSION);
      expect(indexDifferences(db)).toEqual([]);
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
      indexWithOldTerms(db);
      db.run("DELETE FROM settings WHERE key = 'index_version'");
    });
    const written = await cli(write(id), { env });
    expect(written.stderr).toBe('');
    expect(written.code).toBe(0);
    await withDb(env.MEMCUE_DB!, (db) => {
      expect(indexVersion(db)).toBe(INDEX_VERSION);
      expect(indexDifferences(db)).toEqual([]);
    });
  });
});
