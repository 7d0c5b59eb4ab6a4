// A progress bar on stderr for long runs, drawn only when stderr is a terminal; the total may be known
// only once the work starts (the bar itself is eval's, so every command draws the same one).
import type { Context } from '../context.js';
import { progressBar } from '../eval/format.js';

export interface Progress {
  update(done: number, total: number): void;
  end(): void;
}

export function terminalProgress(ctx: Context, label: string): Progress {
  let bar: ReturnType<typeof progressBar> | undefined;
  return {
    update(done, total) {
      if (!ctx.stderrIsTTY) return;
      bar ??= progressBar(ctx.stderr, total, label);
      bar.update(done);
    },
    end() {
      bar?.end();
    },
  };
}
