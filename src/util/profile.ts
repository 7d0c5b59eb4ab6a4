// MEMCUE_PROFILE=1 prints where a command spent its time (start-up work is what the benchmarks chase).
// The figures are wall milliseconds; MEMCUE_PROFILE_CPU=1 makes them the process's CPU time (every
// thread: SQLite's WASM compiles beside the main thread), MEMCUE_PROFILE_CPU=thread the main
// thread's alone, so a phase's own work is told apart from the compile running meanwhile.
// MEMCUE_PROFILE=memory prints, at the same marks, in MB: the resident set and its peak so far, the
// JS heap used/reserved (Bun counts external memory, SQLite's WASM too, in "used"), external memory
// and SQLite's WASM memory: where a long command's peak goes.
import { readFileSync } from 'node:fs';

const marks: [string, number][] = [];
const mode = typeof process !== 'undefined' ? process.env.MEMCUE_PROFILE : undefined;
const enabled = mode === '1' || mode === 'memory';
let wasmBytes: () => number = () => 0;

/** sqlite.ts: how to read the size of SQLite's linear memory (it only grows). */
export function watchWasmMemory(bytes: () => number): void {
  wasmBytes = bytes;
}

/** Node ≥ 23.9 and Bun have it; tsconfig types Node 20. */
type ThreadCpu = { threadCpuUsage?: () => NodeJS.CpuUsage };

function now(): number {
  const cpu = process.env.MEMCUE_PROFILE_CPU;
  if (!cpu) return performance.now();
  const usage = (cpu === 'thread' && (process as ThreadCpu).threadCpuUsage?.()) || process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

export function mark(label: string): void {
  if (!enabled) return;
  if (mode === 'memory') {
    marks.push([`${label} ${memory()}`, performance.now()]);
    return;
  }
  marks.push([label, now()]);
}

function memory(): string {
  const mb = (bytes: number) => (bytes / 1048576).toFixed(0);
  const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
  return `[rss ${mb(rss)} peak ${peakRss()} heap ${mb(heapUsed)}/${mb(heapTotal)} ext ${mb(external)} wasm ${mb(wasmBytes())}]`;
}

/** The resident set's high-water mark so far (Linux), in MB. */
function peakRss(): string {
  try {
    const kb = /VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    return kb ? (Number(kb) / 1024).toFixed(0) : '?';
  } catch {
    return '?';
  }
}

export function report(write: (text: string) => void): void {
  if (!enabled) return;
  let last = 0;
  const parts = marks.map(([label, at]) => {
    const part = `${label} +${(at - last).toFixed(1)}`;
    last = at;
    return part;
  });
  write(`memcue profile (ms since process start): ${parts.join(mode === 'memory' ? '\n  ' : ', ')}; total ${performance.now().toFixed(1)}\n`);
}
