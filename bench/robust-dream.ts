// The `dream at 60k` row of `npm run bench:robust` (issue 38, item 11): `dream` over BENCH_DREAM_BIG
// generated facts (60,000; 3k took 12.9 s and 177 MB, 60k gave no output in 300 s, 500k reached
// 2.45 GB before this). Measured: the time to the first batch and the process's peak RSS, then the
// second `dream` (which continues where the first stopped), and the progress lines on stderr.
// The peak RSS is the child's VmHWM (a high-water mark: never lower later), read from /proc every 50 ms.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateFacts } from './generate.js';

type Env = Record<string, string>;

interface Run {
  ms: number;
  /** The child's user+sys CPU (Linux; 0 elsewhere): wall time on a loaded machine says little. */
  cpuMs: number;
  code: number | null;
  killed: boolean;
  rssMb: number;
  stderr: string;
}

function highWater(pid: number): number {
  try {
    return Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Reaped children's CPU time so far (user+sys, ms) from /proc/self/stat; 0 where /proc is missing. */
function childCpuMs(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    return 0;
  }
}

function runMeasured(binary: string, args: string[], env: Env, timeoutMs: number): Promise<Run> {
  return new Promise((resolve) => {
    const start = performance.now();
    const cpu = childCpuMs();
    const child = spawn(binary, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let kb = 0;
    let killed = false;
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const poll = setInterval(() => (kb = Math.max(kb, highWater(child.pid!))), 50);
    const kill = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('exit', (code) => {
      const ms = performance.now() - start;
      clearInterval(poll);
      clearTimeout(kill);
      resolve({ ms, cpuMs: childCpuMs() - cpu, code, killed, rssMb: Math.round(kb / 1024), stderr });
    });
  });
}

export async function dreamAt(binary: string, env: Env, facts: number): Promise<string[]> {
  const file = join(env.HOME!, 'dream.jsonl');
  writeFileSync(file, generateFacts(facts, 38).map((f) => JSON.stringify(f)).join('\n'));
  await runMeasured(binary, ['import', file], env, 1_800_000);
  const first = await runMeasured(binary, ['dream'], env, 60_000);
  if (first.killed) return [`no answer within 60 s (killed; ${(first.cpuMs / 1000).toFixed(1)} s CPU)`, `dream over ${facts} generated facts; peak RSS ${first.rssMb} MB`];
  const next = await runMeasured(binary, ['dream'], env, 60_000);
  const lines = first.stderr.split('\n').filter(Boolean).length;
  return [
    `first batch in ${(first.ms / 1000).toFixed(1)} s (${(first.cpuMs / 1000).toFixed(1)} s CPU), peak RSS ${first.rssMb} MB`,
    `dream over ${facts} generated facts, exit ${first.code}; ${lines} stderr lines; the next dream (continuing) ${next.killed ? 'killed at 60 s' : `${(next.ms / 1000).toFixed(1)} s (${(next.cpuMs / 1000).toFixed(1)} s CPU), ${next.rssMb} MB`}`,
  ];
}
