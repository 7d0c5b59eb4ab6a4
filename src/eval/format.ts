// Plain-text output of evaluation figures: an aligned table, numbers right-aligned, for a terminal or
// a README (the benchmark prints its own rows with the same helper).
import type { Figures } from './metrics.js';

export const FIGURE_HEADER = ['queries', 'hit@1', 'hit@5', 'recall@5', 'MRR', 'avg results', 'no result'];

export function figureCells(f: Figures): string[] {
  const ratios = [f.hit_at_1, f.hit_at_5, f.recall_at_5, f.mrr].map((ratio) => ratio.toFixed(3));
  return [String(f.queries), ...ratios, f.avg_results.toFixed(2), `${(f.no_result * 100).toFixed(1)}%`];
}

/** Columns padded to their widest cell; the first `textColumns` are left-aligned, the rest right. */
export function table(header: string[], rows: string[][], textColumns = 1): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i < textColumns ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n') + '\n';
}
