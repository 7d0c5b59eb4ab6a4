// A progress bar on stderr for long runs (eval, migrate, …), drawn only when stderr is a terminal;
// the total may be known only once the work starts.

export interface Progress {
  update(done: number, total: number): void;
  end(): void;
}

/** `ctx`: the command's context (context.ts), of which only its stderr is used. */
export function terminalProgress(ctx: { stderrIsTTY?: boolean; stderr: (text: string) => void }, label: string): Progress {
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

/** The bar itself: one line redrawn in place, only when the percentage moves. */
export function progressBar(write: (text: string) => void, total: number, label: string): { update(done: number): void; end(): void } {
  const width = 30;
  let shown = -1;
  return {
    update(done) {
      const percent = total ? Math.floor((done / total) * 100) : 100;
      if (percent === shown) return;
      shown = percent;
      const filled = Math.round((percent / 100) * width);
      write(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`);
    },
    end() {
      write('\r\x1b[K');
    },
  };
}
