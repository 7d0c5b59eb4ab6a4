// Progress of a dream over a big memory, on stderr: the bar on a terminal, else a line every
// PROGRESS_EVERY seeds (a log or an agent's tool output gets a few lines, not a flood), and one line
// when the batch leaves facts not searched yet, so nobody mistakes a partial pass for the whole.
import type { Context } from '../context.js';
import { progressBar } from '../util/progress.js';

export const PROGRESS_EVERY = 1000;

export function dreamProgress(ctx: Context): { update(done: number, total: number): void; end(unsearched: number): void } {
  let bar: ReturnType<typeof progressBar> | undefined;
  let ended = false;
  return {
    update(done, total) {
      if (ctx.stderrIsTTY) {
        bar ??= progressBar(ctx.stderr, total, 'dream');
        bar.update(done);
      } else if (done % PROGRESS_EVERY === 0) {
        ctx.stderr(`memcue dream: ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} facts searched for similar ones\n`);
      }
    },
    end(unsearched) {
      if (ended) return;
      ended = true;
      bar?.end();
      if (unsearched > 0) ctx.stderr(`memcue dream: ${unsearched.toLocaleString('en-US')} facts not searched yet; the next \`memcue dream\` continues after this batch\n`);
    },
  };
}
