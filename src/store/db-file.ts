// The files that belong to one database, named from the resolved file: `real.db` and a symlink to it
// share one set of SQLite locks and one journal (SQLite is given the resolved path too, so its
// `-journal` lands beside the real file). Hard links are not supported: SQLite itself names
// the journal after the path, so two names of one inode could never share it.
import { realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

export interface DbFile {
  /** The path as the user gave it (for messages). */
  given: string;
  /** The resolved path: what SQLite opens and what every file beside it is named after. */
  real: string;
  journal: string;
}

export function dbFile(path: string): DbFile {
  const real = resolveReal(path);
  return { given: path, real, journal: `${real}-journal` };
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
