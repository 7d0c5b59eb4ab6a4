// A write reads back what it wrote before it commits (store.ts): every facts row it inserted must be
// there with its id and version, and every fact whose head it set must have a head that points at a
// row of that fact. Something running inside the transaction — another program's trigger the guard
// has not seen yet, a damaged page — could otherwise delete or redirect a row after memcue inserted
// it, and the id would be printed for a fact that is not stored. Two statements for an add.
import { MemcueError } from '../errors.js';
import type { Fact } from '../facts/facts.js';
import type { Database } from '../sqlite/sqlite.js';

/** Keys per statement (SQLite's default limit on parameters is far above it). */
const CHUNK = 500;
const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

export class WrittenRows {
  private rows: [number, string, number][] = [];
  private headed = new Set<string>();

  reset(): void {
    this.rows = [];
    this.headed.clear();
  }

  /** `headed`: the write set the fact's head now (not a bulk insert whose heads come later or not at all). */
  add(row: number, fact: Fact, headed: boolean): void {
    this.rows.push([row, fact.id, fact.version]);
    if (headed) this.headed.add(fact.id);
  }

  /** Throws (the transaction then rolls back) when the database does not hold what this write wrote. */
  check(db: Database, path: string): void {
    if (this.rows.length === 0) return;
    let found = 0;
    for (let at = 0; at < this.rows.length; at += CHUNK) {
      const chunk = this.rows.slice(at, at + CHUNK);
      const stored = new Map(db.all(`SELECT rowid AS row, id, version FROM facts WHERE rowid IN (${marks(chunk.length)})`, chunk.map((r) => r[0])).map((r) => [Number(r.row), r]));
      for (const [row, id, version] of chunk) if (stored.get(row)?.id === id && Number(stored.get(row)?.version) === version) found++;
    }
    const ids = [...this.headed];
    let headed = 0;
    for (let at = 0; at < ids.length; at += CHUNK) {
      const chunk = ids.slice(at, at + CHUNK);
      const sql = `SELECT count(*) AS n FROM heads h JOIN facts f ON f.rowid = h.fact_row AND f.id = h.id AND f.version = h.version WHERE h.id IN (${marks(chunk.length)})`;
      headed += Number(db.get(sql, chunk)?.n);
    }
    if (found === this.rows.length && headed === ids.length) return;
    throw new MemcueError(
      'IO',
      `${path} did not hold what this write wrote when read back (something inside the database deleted or changed it): nothing was written`,
      'run `memcue doctor`: it names triggers memcue did not make and damage',
    );
  }
}
