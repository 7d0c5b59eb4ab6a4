// Never write into a damaged file: a write could spread the damage, and the user must hear of it.
import type { Database } from './sqlite.js';
import type { DbFile } from './db-file.js';
import { MemcueError } from '../errors.js';

/** Runs before every write transaction, under the writers' lock. */
export function checkBeforeWrite(db: Database, file: DbFile): void {
  const rows = db.all('PRAGMA quick_check(3)');
  const first = String(Object.values(rows[0] ?? {})[0] ?? '');
  if (rows.length === 1 && first === 'ok') return;
  throw new MemcueError(
    'NOT_A_DATABASE',
    `${file.given} is damaged (integrity check: ${first.slice(0, 120)}); nothing was written`,
    'restore it from a backup or a synced copy (`memcue export` may still read most facts); the file was left untouched',
  );
}
