// Reads every fact-version row of a memcue database file without changing that file: it is copied
// first and the copy is migrated if it comes from an older memcue. Files that are not memcue
// databases, or come from a newer memcue, are refused with the usual one-line errors.
import { closeSync, constants, existsSync, fstatSync, mkdtempSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { removeDeadPidEntries } from '../util/pid.js';
import { oddKind, writeWhole } from '../util/safe-file.js';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { MemcueError, mapSqliteError } from '../errors.js';
import { COLUMNS, type Fact } from '../facts/facts.js';
import { checkStoredRow, reasonOf } from '../facts/import-lines.js';
import { ensureSchema } from '../store/schema.js';
import { Database } from '../sqlite/sqlite.js';
import { toFact } from '../store/store.js';
import type { Skipped } from './journal.js';
import { pauseAt } from '../util/pause.js';

const PREFIX = 'memcue-read-';

/**
 * Copies `path` into the temporary folder, from a descriptor opened without blocking and checked
 * to be a regular file (a FIFO or device swapped in after the first check would block or copy
 * forever). A full folder is said as that folder's problem: the engine's mapping would call it
 * "cannot write <path>", a file this never writes.
 */
function copyInto(path: string, copy: string, dir: string): void {
  const from = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const stat = fstatSync(from);
    const odd = oddKind(stat);
    if (odd) throw notADatabase(path, odd);
    const to = openSync(copy, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
    try {
      const chunk = Buffer.allocUnsafe(1 << 20);
      for (let at = 0; ; ) {
        const n = readSync(from, chunk, 0, chunk.length, at);
        if (n <= 0) break;
        writeWhole(to, chunk.subarray(0, n));
        at += n;
      }
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOSPC' && code !== 'EDQUOT') throw err;
      throw new MemcueError(
        'DISK_FULL',
        `no room in the temporary folder ${dirname(dir)} for a copy of ${path} (${stat.size} bytes)`,
        'free space there or point TMPDIR at a folder with room; nothing was changed',
      );
    } finally {
      closeSync(to);
    }
  } finally {
    closeSync(from);
  }
}

function notADatabase(path: string, odd: string): MemcueError {
  return new MemcueError('NOT_A_DATABASE', `${path} is ${odd.replace('not a regular file (', '').replace(/\)$/, '')}, not a database file`, 'point it at a memcue database file');
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
  if (odd) throw notADatabase(path, odd);
  removeDeadPidEntries(tmpdir(), PREFIX); // copies of reads that were killed
  const dir = mkdtempSync(join(tmpdir(), `${PREFIX}${process.pid}-`));
  const copy = join(dir, 'copy.db');
  let db: Database | undefined;
  try {
    copyInto(path, copy, dir);
    pauseAt('read-copy', process.env); // tests kill a merge here, its copy left behind
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
