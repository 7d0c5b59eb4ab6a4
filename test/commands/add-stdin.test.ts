// `memcue add -` reads the fact from standard input with a bound (issue 38, an endless stdin):
// `add - < /dev/zero` once grew 600 MB in 3 s. Real processes (the Node bundle and the binary).
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BINARY, BUNDLE, isolatedEnv } from '../helpers.js';

/** `add -` with stdin from `source` (a file to open, or a shell command piped in); its peak memory from /proc. */
function addFrom(command: string[], source: { file: string } | { sh: string }, env = isolatedEnv()) {
  return new Promise<{ code: number | null; stdout: string; stderr: string; peak: number }>((resolve) => {
    const fd = 'file' in source ? openSync(source.file, 'r') : undefined;
    const feeder = 'sh' in source ? spawn('sh', ['-c', source.sh], { stdio: ['ignore', 'pipe', 'ignore'] }) : undefined;
    const child = spawn(command[0]!, [...command.slice(1), 'add', '-'], { env, stdio: [fd ?? feeder!.stdout!, 'pipe', 'pipe'] });
    if (fd !== undefined) closeSync(fd);
    let stdout = '';
    let stderr = '';
    let peak = 0;
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    const sample = setInterval(() => {
      try {
        peak = Math.max(peak, Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024);
      } catch {
        /* gone */
      }
    }, 10);
    const kill = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(kill);
      clearInterval(sample);
      feeder?.kill();
      resolve({ code, stdout, stderr, peak });
    });
  });
}

const runners: [string, string[]][] = [
  ['the Node bundle', [process.execPath, BUNDLE]],
  ...(existsSync(BINARY) ? ([['the binary', [BINARY]]] as [string, string[]][]) : []),
];

describe.skipIf(process.platform === 'win32').each(runners)('add - through %s', (_, command) => {
  it('/dev/zero and an endless stream of short lines: one line each, exit 1, bounded memory', async () => {
    for (const source of [{ file: '/dev/zero' }, { sh: 'yes "deploy on fridays"' }]) {
      const r = await addFrom(command, source);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/standard input: over 1048576 bytes, longer than any fact can be \(nothing was added\)/);
      if (r.peak > 0) expect(r.peak).toBeLessThan(300 * 2 ** 20);
    }
  }, 90_000);

  it('a fact from standard input is still added', async () => {
    const r = await addFrom(command, { sh: 'printf "Staging deploys need a ticket\\n"' });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  }, 60_000);
});
