// The snapshot: memcue.db in the memory repo, a complete memcue database holding every row folded in
// at the last compaction. It changes rarely (see compact), so history grows by journal files, not by
// a copy of the whole database per sync. Two machines that compact at once both change it; git then
// runs `memcue merge` on it (the merge driver), which takes the union.
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Fact } from '../facts/facts.js';
import { OPENED_AS_IS } from '../store/schema.js';
import { withStore } from '../store/store.js';
import { isSymlink, notRegularFile } from '../util/read-file.js';
import type { Skipped } from './journal.js';
import { readFactRows } from './read-rows.js';
import { unionRows } from './union.js';

export const SNAPSHOT = 'memcue.db';

export async function readSnapshot(repoDir: string, skipped: Skipped = new Map()): Promise<Fact[]> {
  const path = join(repoDir, SNAPSHOT);
  if (!existsSync(path) && !isSymlink(path)) return [];
  // A symlink (to /dev/zero, say) pushed by someone is never followed: compaction replaces it.
  const refused = notRegularFile(path, { symlinks: false });
  if (refused) {
    skipped.set(SNAPSHOT, refused);
    return [];
  }
  return readFactRows(path, skipped, SNAPSHOT);
}

/**
 * Writes a fresh, vacuumed snapshot holding `rows` beside the work tree (in scratchDir), then moves
 * it over memcue.db in one rename: the tracked file is never half-written.
 */
export async function writeSnapshot(repoDir: string, scratchDir: string, rows: Fact[]): Promise<void> {
  mkdirSync(scratchDir, { recursive: true });
  const tmp = join(scratchDir, `snapshot-${process.pid}.db`);
  rmSync(tmp, { force: true });
  // Made as schema v4, which every memcue since v4 reads: a machine still on an older build must
  // keep syncing when another machine upgrades (a v5 file is refused there as "newer").
  await withStore(
    tmp,
    true,
    async (store) => {
      await store!.writeAsync(() => unionRows(store!, rows));
      await store!.vacuum();
    },
    { createAs: OPENED_AS_IS, quietCreate: true },
  );
  renameSync(tmp, join(repoDir, SNAPSHOT));
}
