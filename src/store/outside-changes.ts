// What other SQLite programs did to the facts since memcue's last write, taken in first in each of
// memcue's write transactions on a v5 file (fact-index.ts says why the index needs it): a guard they
// dropped is put back and everything derived rebuilt; rows they changed in place leave the index with
// the terms they were added with, and their facts' heads are worked out again. Tested through the
// CLI beside Debian's sqlite3 in test/store/fact-index.test.ts.
import { indexRebuilt } from './write-watch.js';
import { note } from '../util/safe-file.js';
import { removeFromIndex, takeOutChangedRows } from './fact-index.js';
import { HEAD_ROW, rebuildDerived, refreshHead } from './heads.js';
import type { Database } from '../sqlite/sqlite.js';
import { restoreGuard } from './trigger-guard.js';

/** In a write transaction on a v5 file, before anything else. `path`: the database, as the user named it (for the note). */
export function takeInOutsideChanges(db: Database, path: string): void {
  const problems = restoreGuard(db, path);
  if (problems.length > 0) {
    // Changes made while it was down went unrecorded: the index is made again from the facts.
    rebuildDerived(db);
    note(`${path}: memcue's triggers on facts were not as memcue made them (${problems.join(', ')}; another program dropped or changed them): put back, and the search index rebuilt from the facts`);
    return;
  }
  const ids = takeOutChangedRows(db);
  if (ids.size === 0) return;
  indexRebuilt(db); // the search file's delta cannot describe another program's change
  for (const id of ids) {
    // The head's own index row, if it was not one of the changed rows, goes too: then the head is
    // worked out again from the rows as they are now.
    const head = db.get(HEAD_ROW, [id]);
    if (head) removeFromIndex(db, true, Number(head.fact_row), head.text, head.translation);
    db.run('DELETE FROM heads WHERE id = ?', [id]);
    refreshHead(db, true, id);
  }
}
