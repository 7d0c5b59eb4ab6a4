// Reads every fact-version row of a memcue database file without changing that file: it is copied
// first and the copy is migrated if it comes from an older memcue. Files that are not memcue
// databases, or come from a newer memcue, are refused with the usual one-line errors.
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemcueError, mapSqliteError } from '../errors.js';
import { COLUMNS, type Fact } from '../facts/facts.js';
import { checkStoredRow, reasonOf } from '../facts/import-lines.js';
import { ensureSchema } from '../store/schema.js';
import { Database } from '../sqlite/sqlite.js';
import { toFact } from '../store/store.js';
import type { Skipped } from './journal.js';

/**
 * The rows of the database at `path`, each checked exactly as an imported row is (the file may come
 * from another machine through the remote): an invalid row is left out and added to `skipped` under
 * `<label>: row <id> v<version>`.
 */
export async function readFactRows(path: string, skipped: Skipped = new Map(), label = path): Promise<Fact[]> {
  if (!existsSync(path)) throw new MemcueError('NOT_FOUND', `no such database file: ${path}`, 'check the path');
  const dir = mkdtempSync(join(tmpdir(), 'memcue-read-'));
  const copy = join(dir, 'copy.db');
  let db: Database | undefined;
  try {
    copyFileSync(path, copy);
    db = await Database.open(copy);
    // Validates (not ours / too new → MemcueError naming the copy) and migrates the copy only.
    ensureSchema(db, path);
    const rows: Fact[] = [];
    for (const raw of db.all(`SELECT ${COLUMNS.join(', ')} FROM facts`)) {
      const fact = toFact(raw);
      try {
        rows.push(checkStoredRow(fact));
      } catch (err) {
        skipped.set(`${label}: row ${fact.id} v${fact.version}`, reasonOf(err));
      }
    }
    return rows;
  } catch (err) {
    throw mapSqliteError(err, path);
  } finally {
    db?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
