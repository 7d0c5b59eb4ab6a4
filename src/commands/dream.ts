// `memcue dream` prints one batch for the session's model; `memcue dream apply` validates the model's
// answer completely and writes it in one transaction. memcue itself calls no model.
import { existsSync } from 'node:fs';
import type { Context } from '../context.js';
import { searchScopes } from '../context.js';
import { applyDream, summarize, summaryLine } from '../dream/apply.js';
import { dreamStep, recordStep, type DreamBatch, type DreamOptions as StepOptions } from '../dream/prepare.js';
import { dreamProgress } from '../dream/progress.js';
import { validateDreamAnswer } from '../dream/validate.js';
import { withStore } from '../store/store.js';
import { readAnswer, runUndo } from './batches.js';
import { json, parseCount } from '../format.js';

interface DreamOptions {
  limit?: string;
  budget?: string;
  in?: string;
  languages?: string;
  json?: boolean;
}

export async function run(ctx: Context, opts: DreamOptions): Promise<void> {
  const limit = parseCount(opts.limit, '--limit');
  const budget = parseCount(opts.budget, '--budget');
  // Curation looks at the whole memory unless told otherwise.
  const scopes = searchScopes(ctx, opts.in ?? 'all');
  const dreamOpts = { scopes, limit, budget, languages: opts.languages ?? ctx.env.MEMCUE_LANGUAGES };
  // An empty memory has nothing to curate: no database file is created for it.
  const batch = existsSync(ctx.dbPath) ? await walk(ctx, dreamOpts) : undefined;
  if (!batch) {
    ctx.stdout(opts.json ? json(null) : 'nothing to dream about: no similar facts, no facts to split, no missing translations or keywords\n');
    return;
  }
  ctx.stdout(opts.json ? batch.payload : batch.text);
}

export async function apply(ctx: Context, file: string, opts: { dryRun?: boolean; json?: boolean }): Promise<void> {
  const content = await readAnswer(ctx, 'dream', file);
  // Validated inside the write: no other command can change a fact between the check and the apply.
  const summary = await withStore(ctx.dbPath, !opts.dryRun, (store) =>
    opts.dryRun
      ? summarize(validateDreamAnswer(store!, content))
      : store!.writeAsync(() => applyDream(store!, validateDreamAnswer(store!, content), ctx.host)),
  );
  ctx.stdout(opts.json ? json(summary) : summaryLine(summary, opts.dryRun));
}

/** `memcue dream undo BATCH`: every fact the batch touched goes back to its version before it. */
export const undo = (ctx: Context, batch: string, opts: { force?: boolean; json?: boolean }) => runUndo(ctx, 'dream', batch, opts);

/**
 * Steps through the memory from where the last dream stopped until a step finds work. Each step is
 * read without a lock (seconds at most, however big the memory), then its batch and how far it got
 * are recorded in a short write: killed between steps, the next dream resumes after the last one.
 */
async function walk(ctx: Context, opts: StepOptions): Promise<DreamBatch | undefined> {
  const progress = dreamProgress(ctx);
  let searched = 0;
  try {
    for (;;) {
      const step = await withStore(
        ctx.dbPath,
        true,
        async (store) => {
          const step = dreamStep(store!, { ...opts, onProgress: (done, total) => progress.update(searched + done, searched + total) });
          await store!.writeAsync(() => recordStep(store!, step, opts.scopes));
          return step;
        },
        { readsFirst: true },
      );
      searched += step.searched;
      if (step.batch || step.done) {
        progress.end(step.batch ? step.unsearched : 0);
        return step.batch;
      }
    }
  } finally {
    progress.end(0);
  }
}
