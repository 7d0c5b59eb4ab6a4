// The memory repo holds every fact's text (journal/*.jsonl, the snapshot, git's objects), made with
// the user's umask: a database the user made private (chmod 600) would be readable by every local
// user through `sync/` beside it. So the repo's folder follows the database: whoever may not read
// the database may not enter the folder. Access is only taken away, never given: a folder the user
// closed further stays as they left it. (Windows has no such bits: chmod changes nothing there.)
import { chmodSync, statSync } from 'node:fs';

/** The folder's mode with group/other access removed where the database gives them no read. */
export function privateFolderMode(folderMode: number, dbMode: number): number {
  let mode = folderMode & 0o7777;
  if (!(dbMode & 0o040)) mode &= ~0o070;
  if (!(dbMode & 0o004)) mode &= ~0o007;
  return mode;
}

/** Closes the repo's folder to those who cannot read the database (see above). */
export function followDatabasePrivacy(dir: string, dbPath: string): void {
  let folder: number;
  let db: number;
  try {
    folder = statSync(dir).mode;
    db = statSync(dbPath).mode;
  } catch {
    return; // no database yet (nothing private in the repo either) or no folder
  }
  const mode = privateFolderMode(folder, db);
  if (mode !== (folder & 0o7777)) chmodSync(dir, mode);
}
