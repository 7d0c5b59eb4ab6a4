// MEMCUE_PROFILE=1 prints where a command spent its time (start-up work is what the benchmarks chase).
const marks: [string, number][] = [];
const enabled = typeof process !== 'undefined' && process.env.MEMCUE_PROFILE === '1';

export function mark(label: string): void {
  if (enabled) marks.push([label, process.env.MEMCUE_PROFILE_CPU ? (process.cpuUsage().user + process.cpuUsage().system) / 1000 : performance.now()]);
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
