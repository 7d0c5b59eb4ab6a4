// `memcue compact`: a database made before schema v5 gets v5's index, which keeps no copy of each
// fact's terms (~140 B a fact), and the file gives the space back. Opening never does this: it
// re-indexes every fact (seconds at 100k facts), too long for an `add` or a session hook.
import { existsSync } from 'node:fs';
import type { Context } from '../context.js';
import { json } from '../format.js';
import { withStore } from '../store/store.js';

export async function run(ctx: Context, opts: { json?: boolean }): Promise<void> {
  const path = ctx.dbPath;
  if (!existsSync(path)) {
    report(ctx, opts, { path, compacted: false, note: `no database at ${path} yet (a new one is made compact)` });
    return;
  }
  const result = await withStore(path, true, (store) => {
    const before = store!.bytes();
    const compacted = store!.compactIndex();
    return { before, compacted, after: store!.bytes() };
  });
  report(ctx, opts, {
    path,
    ...result,
    note: result.compacted || result.after < result.before ? `${path}: ${result.before} → ${result.after} bytes` : `${path} is already compact`,
  });
}

function report(ctx: Context, opts: { json?: boolean }, result: { path: string; compacted: boolean; note: string }): void {
  const { note, ...fields } = result;
  ctx.stdout(opts.json ? json(fields) : `${note}\n`);
}
