// Rows of `npm run bench:robust` for odd files and the viewer, each a [result, detail] pair:
//   odd files     a FIFO or a link to /dev/zero or /dev/urandom in place of a file memcue keeps beside
//                 the database or in its cache: every command must answer (killed after 10 s: "hung"),
//                 with its wall and CPU time and peak memory beside the same command with the file whole
//   viewer body   a 400 MB POST to `memcue ui`: the status it gets and the server's peak memory
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { median } from './measure.js';

type Env = Record<string, string>;

interface BunSync {
  spawnSync(cmd: string[], opts: { env: Env; stdin: Uint8Array; stdout: 'pipe'; stderr: 'pipe'; timeout: number; killSignal: string }): {
    exitCode: number | null;
    exitedDueToTimeout?: boolean;
    stdout: Uint8Array;
    resourceUsage: { maxRSS: number; cpuTime: { user: bigint; system: bigint } };
  };
}

interface Measured {
  hung: boolean;
  code: number | null;
  stdout: string;
  wallMs: number;
  cpuMs: number;
  rssMb: number;
}

function measure(binary: string, args: string[], env: Env, input = ''): Measured {
  const bun = (globalThis as { Bun?: BunSync }).Bun!;
  const start = performance.now();
  const r = bun.spawnSync([binary, ...args], { env, stdin: Buffer.from(input), stdout: 'pipe', stderr: 'pipe', timeout: 10_000, killSignal: 'SIGKILL' });
  const { user, system } = r.resourceUsage.cpuTime;
  return {
    hung: r.exitedDueToTimeout === true,
    code: r.exitCode,
    stdout: Buffer.from(r.stdout).toString(),
    wallMs: performance.now() - start,
    cpuMs: Number(user + system) / 1000,
    rssMb: r.resourceUsage.maxRSS / 1024 / 1024,
  };
}

/** A FIFO or a link to a device in place of `path`. */
function plant(path: string, kind: string): void {
  rmSync(path, { force: true });
  if (kind === 'FIFO') spawnSync('mkfifo', [path]);
  else symlinkSync(kind, path);
}

export function oddFiles(binary: string, env: Env): string[] {
  const run = (args: string[], input?: string) => measure(binary, args, env, input);
  const hook = JSON.stringify({ hook_event_name: 'SessionStart', cwd: env.HOME });
  run(['add', '--scope', 'global', '--kind', 'rule', 'Deploys go through the staging cluster first']);
  run(['search', 'staging']);
  const whole = Array.from({ length: 5 }, () => run(['search', 'staging']));
  const db = env.MEMCUE_DB!;
  const cards = join(env.XDG_CACHE_HOME!, 'memcue', 'cards');
  const cases: [string, () => void, string[], string?][] = [];
  for (const kind of ['FIFO', '/dev/zero', '/dev/urandom']) {
    cases.push([`search, .search ${kind}`, () => plant(`${db}.search`, kind), ['search', 'staging']]);
    cases.push([`search, .search-delta ${kind}`, () => plant(`${db}.search-delta`, kind), ['search', 'staging']]);
    cases.push([`hook, card cache ${kind}`, () => readdirSync(cards).forEach((f) => plant(join(cards, f), kind)), ['hook', 'claude', 'session-start'], hook]);
    cases.push([`add, .checked ${kind}`, () => plant(`${db}.checked`, kind), ['add', '--kind', 'rule', `staging fact with ${kind}`]]);
  }
  const log = join(env.XDG_STATE_HOME!, 'memcue', 'hook.log');
  mkdirSync(join(log, '..'), { recursive: true });
  cases.push(['doctor, hook.log FIFO', () => plant(log, 'FIFO'), ['doctor']]);
  run(['hook', 'claude', 'session-start'], hook); // a cached card to spoil
  const results = cases.map(([label, prepare, args, input]) => {
    prepare();
    const m = run(args, input);
    // A search and a hook must still find the fact; add and doctor must succeed.
    return { label, ...m, ok: m.code === 0 && (!['search', 'hook'].includes(args[0]!) || m.stdout.includes('staging')) };
  });
  const hung = results.filter((r) => r.hung).map((r) => r.label);
  const slowest = results.reduce((a, b) => (b.wallMs > a.wallMs ? b : a));
  const zero = results.find((r) => r.label === 'search, .search /dev/zero')!;
  return [
    `${results.filter((r) => !r.hung && r.ok).length}/${results.length} answered, ${hung.length} hung${hung.length ? ` (${hung.join('; ')})` : ''}`,
    `slowest ${slowest.label}: ${(slowest.wallMs / 1000).toFixed(2)} s wall, ${(slowest.cpuMs / 1000).toFixed(2)} s CPU; ` +
      `.search → /dev/zero: ${zero.cpuMs.toFixed(0)} ms CPU, ${zero.rssMb.toFixed(0)} MB peak vs whole file ${median(whole.map((w) => w.cpuMs)).toFixed(0)} ms, ${median(whole.map((w) => w.rssMb)).toFixed(0)} MB`,
  ];
}

/** Peak resident memory of a live process (Linux), in MB. */
function peakMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmHWM:'));
  return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
}

export async function viewerBody(binary: string, env: Env): Promise<string[]> {
  const child = spawn(binary, ['ui', '--no-open'], { env, stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    const url = await new Promise<string>((resolve) => {
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        const found = /memcue ui: (\S+)/.exec(out)?.[1];
        if (found) resolve(found);
      });
    });
    const origin = new URL(url).origin;
    // The session the one-time URL gives (a viewer before it took the token in every path).
    const launched = await fetch(url, { redirect: 'manual' });
    const cookie = launched.headers.get('set-cookie')?.split(';')[0];
    const base = cookie ? new URL(launched.headers.get('location')!, url).href : url;
    const idle = peakMb(child.pid!);
    const chunk = new Uint8Array(1024 * 1024).fill(32);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 400) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const start = performance.now();
    const res = await fetch(`${base}api/facts/x/edit`, {
      method: 'POST',
      headers: { cookie: cookie ?? '', Origin: origin, 'Content-Type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit).catch((err: Error) => ({ status: `connection closed (${err.message})` }));
    const ms = performance.now() - start;
    return [`${res.status} after ${(ms / 1000).toFixed(2)} s`, `server peak ${peakMb(child.pid!).toFixed(0)} MB (idle ${idle.toFixed(0)} MB); streamed, no Content-Length`];
  } finally {
    child.kill('SIGTERM');
  }
}

