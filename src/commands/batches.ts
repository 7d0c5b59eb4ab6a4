// The shared parts of dream's and migrate's subcommands: the answer `apply` reads, and `undo`, which
// undoes the batch in one transaction and reports.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Context } from '../context.js';
import { MemcueError } from '../errors.js';
import type { BatchKind } from '../dream/records.js';
import { undoBatch, undoLine } from '../dream/undo.js';
import { withStore } from '../store/store.js';
import { readTextFile } from '../util/read-file.js';
import { json } from '../format.js';

export async function runUndo(ctx: Context, kind: BatchKind, batch: string, opts: { force?: boolean; json?: boolean }): Promise<void> {
  if (!existsSync(ctx.dbPath)) throw new MemcueError('NOT_FOUND', `no memory database at ${ctx.dbPath}, so no ${kind} batch to undo`);
  const report = await withStore(ctx.dbPath, true, (store) =>
    store!.writeAsync(() => undoBatch(store!, kind, batch.trim(), { force: opts.force, host: ctx.host })),
  );
  ctx.stdout(opts.json ? json(report) : undoLine(report));
}

/** The answer to a batch (a file, or - for standard input), read before the memory it applies to is opened. */
export async function readAnswer(ctx: Context, kind: BatchKind, file: string): Promise<string> {
  const content = file === '-' ? await ctx.readStdin() : readTextFile(resolve(ctx.cwd, file));
  if (!existsSync(ctx.dbPath)) throw new MemcueError('NOT_FOUND', `no memory database at ${ctx.dbPath}, so no batch to apply`, `run \`memcue ${kind}\` first`);
  return content;
}
