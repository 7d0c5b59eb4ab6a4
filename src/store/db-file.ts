// The files that belong to one database, named from the resolved file: `real.db` and a symlink to it
// share one writers' lock, one reader folder and one journal (SQLite is given the resolved path too,
// so its `-journal` lands beside the real file). Hard links are not supported: SQLite itself names
// the journal after the path, so two names of one inode could never share it.
import { realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

export interface DbFile {
  /** The path as the user gave it (for messages). */
  given: string;
  /** The resolved path: what SQLite opens and what every marker is named after. */
  real: string;
  lock: string;
  /** One small file per reader, `<readers><pid>-<nonce>` beside the database (no folder, so nothing
   * is left behind but a killed reader's file): writers wait for them before they commit. */
  readers: string;
  /** Present while a writer commits: readers arriving then wait (milliseconds) for it to go. */
  pending: string;
  journal: string;
}

export function dbFile(path: string): DbFile {
  const real = resolveReal(path);
  return { given: path, real, lock: `${real}.lock`, readers: `${real}.reader-`, pending: `${real}.pending`, journal: `${real}-journal` };
}

/** The realpath of the file, or (not created yet) of its folder joined with its name. */
function resolveReal(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    try {
      return join(realpathSync(dirname(path)), basename(path));
    } catch {
      return resolve(path);
    }
  }
}

/** Device and inode, to notice a file replaced (renamed over) between two steps; '' when absent. */
export function fileIdentity(path: string): string {
  try {
    const s = statSync(path);
    return `${s.dev}:${s.ino}`;
  } catch {
    return '';
  }
}
