// A progress bar on stderr for long runs (eval, migrate, …), drawn only when stderr is a terminal;
// the total may be known only once the work starts.

export interface Progress {
  update(done: number, total: number): void;
  end(): void;
}

/** `ctx`: the command's context (context.ts), of which only its stderr is used. */
export function terminalProgress(ctx: { stderrIsTTY?: boolean; stderr: (text: string) => void }, label: string): Progress {
  const width = 30;
  let shown = -1;
  /** The total the first update gave: the bar's length stays. */
  let all: number | undefined;
  return {
    update(done, total) {
      if (!ctx.stderrIsTTY) return;
      all ??= total;
      // One line redrawn in place, only when the percentage moves.
      const percent = all ? Math.floor((done / all) * 100) : 100;
      if (percent === shown) return;
      shown = percent;
      const filled = Math.round((percent / 100) * width);
      ctx.stderr(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${all}`);
    },
    end() {
      if (shown >= 0) ctx.stderr('\r\x1b[K');
    },
  };
}
