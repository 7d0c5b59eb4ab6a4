// `memcue compact`: a database made before schema v5 gets v5's index, which keeps no copy of each
// fact's terms (~140 B a fact), and the file gives the space back. Opening never does this: it
// re-indexes every fact (seconds at 100k facts), too long for an `add` or a session hook. On a file
// already compact it is the repair `memcue doctor` names: heads and the index rebuilt from the facts
// when they disagree with them (another program wrote them; heads.ts derivedDisagreement).
import { existsSync } from 'node:fs';
import type { Context } from '../context.js';
import { json } from '../format.js';
import { derivedDisagreement, rebuildDerived } from '../store/heads.js';
import { compactSchema } from '../store/schema.js';
import { withStore, type Store } from '../store/store.js';

export async function run(ctx: Context, opts: { json?: boolean }): Promise<void> {
  const path = ctx.dbPath;
  if (!existsSync(path)) {
    report(ctx, opts, { path, compacted: false, note: `no database at ${path} yet (a new one is made compact)` });
    return;
  }
  const result = await withStore(path, true, async (store) => {
    const before = store!.bytes();
    const compacted = await compactIndex(store!);
    // A converted file's heads and index were just made from the facts.
    const repaired = compacted ? [] : await repairDerived(store!);
    return { before, compacted, repaired, after: store!.bytes() };
  });
  const sized = result.compacted || result.after < result.before ? `${path}: ${result.before} → ${result.after} bytes` : `${path} is already compact`;
  report(ctx, opts, {
    path,
    ...result,
    note: result.repaired.length ? `${sized}; heads and the search index rebuilt from the facts (${result.repaired.join(', ')})` : sized,
  });
}

/**
 * A v4 file's index becomes v5's, which keeps no copy of the terms, and the space it held is given
 * back (VACUUM). False when the file was already compact.
 */
async function compactIndex(store: Store): Promise<boolean> {
  // Free pages are counted inside the write, where the lock is already held.
  const { converted, free } = await store.writeAsync(() => {
    const converted = compactSchema(store.db);
    if (converted) rebuildDerived(store.db);
    return { converted, free: Number(store.db.get('PRAGMA freelist_count')?.freelist_count ?? 0) };
  });
  // A conversion whose VACUUM never ran (the process killed, the disk full) left the old index's
  // pages free: they are given back when compact runs again.
  if (converted || free > 0) await store.vacuum();
  return converted;
}

/** On a file already compact: heads and the index rebuilt from the facts where they disagree with
 * them (another program wrote them: heads.ts derivedDisagreement). Returns what was wrong. */
function repairDerived(store: Store): Promise<string[]> {
  return store.writeAsync(() => {
    const problems = derivedDisagreement(store.db);
    if (problems.length > 0) rebuildDerived(store.db);
    return problems;
  });
}

function report(ctx: Context, opts: { json?: boolean }, result: { path: string; compacted: boolean; note: string }): void {
  const { note, ...fields } = result;
  ctx.stdout(opts.json ? json(fields) : `${note}\n`);
}
