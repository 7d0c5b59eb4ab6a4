// The CHECK constraints of memcue's tables, asked as queries. SQLite's integrity_check verifies them
// only on a connection that may write: on the read-only one doctor uses it says "ok" for a row
// another program wrote with `PRAGMA ignore_check_constraints`, while the writer's check
// (integrity.ts) refuses the file. Doctor asks these so that both give the same verdict.
import type { Database } from '../sqlite/sqlite.js';

/** `CHECK (expr)` clauses of a CREATE TABLE, with balanced parentheses (the expressions nest). */
function checkClauses(sql: string): string[] {
  const clauses: string[] = [];
  const at = /\bCHECK\s*\(/gi;
  for (let m = at.exec(sql); m; m = at.exec(sql)) {
    let depth = 1;
    let i = m.index + m[0].length;
    let quote: string | undefined;
    for (; i < sql.length && depth > 0; i++) {
      const c = sql[i]!;
      if (quote) {
        if (c === quote) quote = undefined;
      } else if (c === "'" || c === '"') quote = c;
      else if (c === '(') depth++;
      else if (c === ')') depth--;
    }
    if (depth === 0) clauses.push(sql.slice(m.index + m[0].length, i - 1));
  }
  return clauses;
}

/** "CHECK constraint failed in facts", as SQLite's integrity_check words it, for each table with a row that breaks one. */
export function checkConstraintFailures(db: Database): string[] {
  const failures: string[] = [];
  for (const table of db.all("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql LIKE '%CHECK%'")) {
    const name = String(table.name);
    const clauses = checkClauses(String(table.sql));
    if (clauses.length === 0) continue;
    // A NULL result passes a CHECK, as in SQLite: only a false one fails.
    const broken = db.get(`SELECT 1 AS x FROM "${name.replace(/"/g, '""')}" WHERE ${clauses.map((c) => `NOT coalesce((${c}), 1)`).join(' OR ')} LIMIT 1`);
    if (broken) failures.push(`CHECK constraint failed in ${name}`);
  }
  return failures;
}
