// MEMCUE_PROFILE=1 prints where a command spent its time (start-up work is what the benchmarks chase).
// The figures are wall milliseconds; MEMCUE_PROFILE_CPU=1 makes them the process's CPU time (every
// thread: SQLite's WASM compiles beside the main thread), MEMCUE_PROFILE_CPU=thread the main
// thread's alone, so a phase's own work is told apart from the compile running meanwhile.
const marks: [string, number][] = [];
const enabled = typeof process !== 'undefined' && process.env.MEMCUE_PROFILE === '1';

/** Node ≥ 23.9 and Bun have it; tsconfig types Node 20. */
type ThreadCpu = { threadCpuUsage?: () => NodeJS.CpuUsage };

function now(): number {
  const cpu = process.env.MEMCUE_PROFILE_CPU;
  if (!cpu) return performance.now();
  const usage = (cpu === 'thread' && (process as ThreadCpu).threadCpuUsage?.()) || process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

export function mark(label: string): void {
  if (enabled) marks.push([label, now()]);
}

export function report(write: (text: string) => void): void {
  if (!enabled) return;
  let last = 0;
  const parts = marks.map(([label, at]) => {
    const part = `${label} +${(at - last).toFixed(1)}`;
    last = at;
    return part;
  });
  write(`memcue profile (ms since process start): ${parts.join(', ')}; total ${performance.now().toFixed(1)}\n`);
}
