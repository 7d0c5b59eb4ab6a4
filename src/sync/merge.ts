// `memcue merge OURS THEIRS [--base BASE]`, also git's merge driver for memcue.db: the union of the
// fact-version rows of both files, written into OURS in one transaction under OURS' lock.
import { withStore } from '../store/store.js';
import type { Skipped } from './journal.js';
import { readFactRows } from './read-rows.js';
import { unionRows, type UnionResult } from './union.js';
import { pauseAt } from '../util/pause.js';
import type { Env } from '../config.js';

/**
 * Both inputs are read and validated before OURS is opened for writing, so a refused file leaves
 * every file untouched. The base is validated but not needed: rows are never deleted, so whatever
 * the base holds is already in OURS or THEIRS, and a union is the same with or without it.
 */
export async function mergeFiles(ours: string, theirs: string, base: string | undefined, env: Env = {}): Promise<UnionResult & { skipped: Skipped }> {
  // Rows that fail the checks every imported row passes are left out and reported, not merged.
  const skipped: Skipped = new Map();
  const rows = await readFactRows(theirs, skipped);
  if (base !== undefined) await readFactRows(base);
  return withStore(ours, true, (store) =>
    store!.writeAsync(() => {
      const result = unionRows(store!, rows);
      pauseAt('merge-driver', env);
      return { ...result, skipped };
    }),
  );
}
