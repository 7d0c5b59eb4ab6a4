// Reads every fact-version row of a memcue database file without changing that file: it is copied
// first and the copy is migrated if it comes from an older memcue. Files that are not memcue
// databases, or come from a newer memcue, are refused with the usual one-line errors.
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { isAlive } from '../util/pid.js';
import { oddKind } from '../util/safe-file.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemcueError, mapSqliteError } from '../errors.js';
import { COLUMNS, type Fact } from '../facts/facts.js';
import { checkStoredRow, reasonOf } from '../facts/import-lines.js';
import { ensureSchema } from '../store/schema.js';
import { Database } from '../sqlite/sqlite.js';
import { toFact } from '../store/store.js';
import type { Skipped } from './journal.js';

const PREFIX = 'memcue-read-';

/** Copies left by reads that were killed (SIGKILL runs no cleanup): `memcue-read-<pid>-…` of a dead pid. */
function removeLeftCopies(): void {
  let names: string[];
  try {
    names = readdirSync(tmpdir());
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(new RegExp(`^${PREFIX}(\\d+)-`).exec(name)?.[1]);
    if (!pid || pid === process.pid || isAlive(pid)) continue;
    try {
      rmSync(join(tmpdir(), name), { recursive: true, force: true });
    } catch {
      /* another user's: not ours to remove */
    }
  }
}

/**
 * The rows of the database at `path`, each checked exactly as an imported row is (the file may come
 * from another machine through the remote): an invalid row is left out and added to `skipped` under
 * `<label>: row <id> v<version>`.
 */
export async function readFactRows(path: string, skipped: Skipped = new Map(), label = path): Promise<Fact[]> {
  if (!existsSync(path)) throw new MemcueError('NOT_FOUND', `no such database file: ${path}`, 'check the path');
  // Copying a FIFO waits for a writer forever, a device copies forever or not at all (ENOTSUP).
  const odd = oddKind(statSync(path));
  if (odd) throw new MemcueError('NOT_A_DATABASE', `${path} is ${odd.replace('not a regular file (', '').replace(/\)$/, '')}, not a database file`, 'point it at a memcue database file');
  removeLeftCopies();
  const dir = mkdtempSync(join(tmpdir(), `${PREFIX}${process.pid}-`));
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
