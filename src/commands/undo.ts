// The shared part of `dream undo` and `migrate undo`: undo the batch in one transaction, report.
import { existsSync } from 'node:fs';
import type { Context } from '../context.js';
import { MemcueError } from '../errors.js';
import type { BatchKind } from '../dream/records.js';
import { undoBatch, undoLine } from '../dream/undo.js';
import { withStore } from '../store/store.js';
import { json } from '../format.js';

export async function runUndo(ctx: Context, kind: BatchKind, batch: string, opts: { force?: boolean; json?: boolean }): Promise<void> {
  if (!existsSync(ctx.dbPath)) throw new MemcueError('NOT_FOUND', `no memory database at ${ctx.dbPath}, so no ${kind} batch to undo`);
  const report = await withStore(ctx.dbPath, true, (store) =>
    store!.writeAsync(() => undoBatch(store!, kind, batch.trim(), { force: opts.force, host: ctx.host })),
  );
  ctx.stdout(opts.json ? json(report) : undoLine(report));
}
