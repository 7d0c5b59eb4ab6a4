// Timing helpers shared by the benchmarks: whole-process wall time, medians, paired runs, tables.
import { spawnSync } from 'node:child_process';

export function timeMs(command: string, args: string[], env: NodeJS.ProcessEnv, input?: string): number {
  const start = performance.now();
  const r = spawnSync(command, args, { env, input, stdio: [input === undefined ? 'ignore' : 'pipe', 'ignore', 'pipe'] });
  const elapsed = performance.now() - start;
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${r.stderr}`);
  return elapsed;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Runs the commands in turn, run by run, so drifts in machine load hit all of them alike. */
export function interleaved(commands: (() => number)[], runs: number): number[] {
  const times = commands.map(() => [] as number[]);
  for (let i = 0; i < 3; i++) for (const c of commands) c(); // warm the page cache
  for (let i = 0; i < runs; i++) commands.forEach((c, k) => times[k]!.push(c()));
  return times.map(median);
}

export function printTable(title: string, header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padStart(widths[i]!)).join(' | ')} |`;
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}
