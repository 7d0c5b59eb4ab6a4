// The binding's statements (src/sqlite/sqlite-statement.ts) on a real file: every kind of value goes
// in and comes back as it was, and a statement left half-read is reset for its next use.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Database } from '../../src/sqlite/sqlite.js';
import { tempDir } from '../helpers.js';

async function table(): Promise<Database> {
  const db = await Database.open(join(tempDir(), 'values.db'));
  db.exec('CREATE TABLE t (n INTEGER PRIMARY KEY, v)');
  return db;
}

describe('statements', () => {
  it('bind and read back null, small and large integers, doubles and text in any script', async () => {
    const db = await table();
    const values = [null, 0, -7, 2 ** 31, Number.MAX_SAFE_INTEGER, 0.25, '', 'ёжик 🦔 \u202e text'];
    values.forEach((v, i) => expect(db.run('INSERT INTO t VALUES (?, ?)', [i, v])).toBe(1));
    expect(db.all('SELECT v FROM t ORDER BY n').map((r) => r.v)).toEqual(values);
    // Past 32 bits a number goes in as a double: a column of INTEGER affinity keeps it an integer.
    db.exec('CREATE TABLE i (v INTEGER)');
    db.run('INSERT INTO i VALUES (?)', [Number.MAX_SAFE_INTEGER]);
    expect(db.get('SELECT v, typeof(v) AS type FROM i')).toEqual({ v: Number.MAX_SAFE_INTEGER, type: 'integer' });
    db.close();
  });

  it('a row loop stopped early leaves its statement reset: the same SQL runs again from the start', async () => {
    const db = await table();
    for (let i = 1; i <= 5; i++) db.run('INSERT INTO t VALUES (?, ?)', [i, `row ${i}`]);
    const sql = 'SELECT n FROM t WHERE n >= ? ORDER BY n';
    for (const row of db.iterate(sql, [2])) {
      expect(row.n).toBe(2);
      break;
    }
    expect(db.all(sql, [2]).map((r) => r.n)).toEqual([2, 3, 4, 5]);
    expect(db.all(sql, [4]).map((r) => r.n)).toEqual([4, 5]); // the cached statement, bound anew
    db.close();
  });

  it('a statement SQLite cannot compile fails with its message, naming nothing of ours', async () => {
    const db = await table();
    expect(() => db.all('SELECT nope FROM t')).toThrow(/no such column: nope/);
    expect(() => db.run('INSERT INTO t VALUES (?, ?)', [1, 'a', 'too many'] as never)).toThrow();
    db.close();
  });
});
