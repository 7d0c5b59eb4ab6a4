// Timing helpers shared by the benchmarks: whole-process CPU time (user+sys of the child, all its
// threads) and wall time, medians, paired runs, tables. CPU time is what to quote on a shared
// machine: wall time also counts the waits for a core. Run under Bun (it reports the child's rusage).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** One finished run, in milliseconds. */
export interface Timing {
  cpu: number;
  wall: number;
}

/** The part of Bun's spawnSync the benchmarks use (tsconfig types Node only). */
interface BunSpawn {
  spawnSync(
    cmd: string[],
    opts: { env: NodeJS.ProcessEnv; cwd?: string; stdin: 'ignore' | Uint8Array; stdout: 'ignore'; stderr: 'pipe' },
  ): { exitCode: number | null; stderr: Uint8Array; resourceUsage: { cpuTime: { user: bigint; system: bigint } } };
}

export function timeProcess(command: string, args: string[], env: NodeJS.ProcessEnv, input?: string, cwd?: string): Timing {
  const bun = (globalThis as { Bun?: BunSpawn }).Bun;
  if (!bun) throw new Error('run the benchmarks with bun (npx bun bench/...): Node does not report a child\'s CPU time');
  const start = performance.now();
  const r = bun.spawnSync([command, ...args], { env, cwd, stdin: input === undefined ? 'ignore' : Buffer.from(input), stdout: 'ignore', stderr: 'pipe' });
  const wall = performance.now() - start;
  if (r.exitCode !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${Buffer.from(r.stderr).toString()}`);
  const { user, system } = r.resourceUsage.cpuTime;
  return { cpu: Number(user + system) / 1000, wall };
}

/**
 * One run under /usr/bin/time, for its peak resident memory (MB) beside CPU and wall time; undefined
 * without /usr/bin/time. (A child's own maxrss counts the memory of the process it was forked from,
 * so a child of a benchmark holding 100k facts would be charged for them.)
 */
export function timeWithMemory(command: string, args: string[], env: NodeJS.ProcessEnv): (Timing & { rss: number }) | undefined {
  if (!existsSync('/usr/bin/time')) return undefined;
  const r = spawnSync('/usr/bin/time', ['-f', 'memcue-bench %e %U %S %M', command, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const line = r.stderr.split('\n').reverse().find((l) => l.startsWith('memcue-bench '));
  if (r.status !== 0 || !line) throw new Error(`${command} ${args.join(' ')} failed: ${r.stderr}`);
  const [wall, user, system, kb] = line.split(' ').slice(1).map(Number) as [number, number, number, number];
  return { wall: wall * 1000, cpu: (user + system) * 1000, rss: kb / 1024 };
}

/** Wall time only (one-off steps such as an import). */
export function timeMs(command: string, args: string[], env: NodeJS.ProcessEnv, input?: string): number {
  const start = performance.now();
  const r = spawnSync(command, args, { env, input, stdio: [input === undefined ? 'ignore' : 'pipe', 'ignore', 'pipe'] });
  const elapsed = performance.now() - start;
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${r.stderr}`);
  return elapsed;
}

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Wall time from start to exit. */
  ms: number;
}

/** Runs a command without blocking the event loop (other processes are watched meanwhile). */
export function runAsync(command: string, args: string[], env: NodeJS.ProcessEnv, input = ''): Promise<Finished> {
  const start = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: performance.now() - start }));
    // A command that never reads its input (a search from the search file) may be gone before it is written.
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Runs the commands in turn, run by run, so drifts in machine load hit all of them alike. */
export function interleaved(commands: (() => Timing)[], runs: number): Timing[][] {
  const times = commands.map(() => [] as Timing[]);
  for (let i = 0; i < 3; i++) for (const c of commands) c(); // warm the page cache
  for (let i = 0; i < runs; i++) commands.forEach((c, k) => times[k]!.push(c()));
  return times;
}

/** Medians of CPU and wall time, and of the ratio to `baseline` pair by pair (same run index). */
export function summary(runs: Timing[], baseline: Timing[]): { cpu: number; wall: number; cpuRatio: number; wallRatio: number } {
  return {
    cpu: median(runs.map((t) => t.cpu)),
    wall: median(runs.map((t) => t.wall)),
    cpuRatio: median(runs.map((t, i) => t.cpu / baseline[i]!.cpu)),
    wallRatio: median(runs.map((t, i) => t.wall / baseline[i]!.wall)),
  };
}

export const TIMING_HEADER = ['cpu ms', 'wall ms', 'cpu vs hello', 'wall vs hello'];

/** Table cells for rows measured against a hello world (runs[0]). */
export function timingCells(runs: Timing[][]): string[][] {
  return runs.map((r) => {
    const s = summary(r, runs[0]!);
    return [s.cpu.toFixed(1), s.wall.toFixed(1), `${s.cpuRatio.toFixed(1)}x`, `${s.wallRatio.toFixed(1)}x`];
  });
}

export function printTable(title: string, header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padStart(widths[i]!)).join(' | ')} |`;
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

/** Two builds' runs, alternated (interleaved): old CPU median, new CPU median, median of new/old pair by pair. */
export function pairedCpu(old: Timing[], now: Timing[], digits = 1): string[] {
  return [median(old.map((t) => t.cpu)).toFixed(digits), median(now.map((t) => t.cpu)).toFixed(digits), median(now.map((t, i) => t.cpu / old[i]!.cpu)).toFixed(3)];
}

/**
 * Each build's own database of the same facts (a newer schema is refused by an older build): imported
 * from `jsonl`, then searched once, which makes the search file an add keeps current.
 */
export function importedPerBuild(builds: string[], jsonl: string, dir: string, name: string): string[] {
  return builds.map((binary, k) => {
    const db = join(dir, `${name}-${k}.db`);
    const env = { ...process.env, MEMCUE_DB: db, HOME: dir };
    timeProcess(binary, ['import', jsonl], env);
    timeProcess(binary, ['search', 'warm'], env);
    return db;
  });
}
