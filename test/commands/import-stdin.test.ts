// `memcue import -` bounds each line while it reads standard input (issue 38 item 12): a 400 MB
// line is refused after about 1 MiB read, in one line, with memory that never holds it. Real
// processes (the Node bundle and the compiled binary) fed by a generated stream; what the child
// read is what the pipe took, and its peak memory is read from /proc.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BINARY, BUNDLE, cli, isolatedEnv, tempDir } from '../helpers.js';

const MiB = 1 << 20;

interface Fed {
  code: number | null;
  stderr: string;
  stdout: string;
  /** Bytes the child's stdin pipe accepted. */
  taken: number;
  /** The child's peak resident set (VmHWM), last seen, in bytes; 0 where /proc is missing. */
  peak: number;
}

/** Runs `import -`, writing `total` bytes of `line(i)` chunks (1 MiB each) while the child takes them. */
function feedImport(command: string[], chunk: (i: number) => Buffer, total: number): Promise<Fed> {
  return new Promise((resolve) => {
    const child = spawn(command[0]!, [...command.slice(1), 'import', '-'], { env: isolatedEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    let stdout = '';
    let taken = 0;
    let peak = 0;
    child.stderr.on('data', (d) => (stderr += d));
    child.stdout.on('data', (d) => (stdout += d));
    const sample = setInterval(() => {
      try {
        const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (hwm) peak = Math.max(peak, Number(hwm[1]) * 1024);
      } catch {
        /* gone */
      }
    }, 10);
    let closed = false;
    child.stdin.on('error', () => (closed = true));
    child.on('exit', (code) => {
      closed = true;
      clearInterval(sample);
      resolve({ code, stderr, stdout, taken, peak });
    });
    (async () => {
      for (let i = 0; taken < total && !closed; i++) {
        const bytes = chunk(i).subarray(0, total - taken);
        const ok = await new Promise<boolean>((done) => child.stdin.write(bytes, (err) => done(!err)));
        if (!ok) break;
        taken += bytes.length;
      }
      if (!closed) child.stdin.end();
    })();
  });
}

const runners: [string, string[]][] = [
  ['the Node bundle', [process.execPath, BUNDLE]],
  ...(existsSync(BINARY) ? ([['the binary', [BINARY]]] as [string, string[]][]) : []),
];

describe.each(runners)('import - through %s', (_, command) => {
  it('a 400 MB line is refused after about 1 MiB read, in one line, with bounded memory', async () => {
    const x = Buffer.alloc(MiB, 'x');
    const fed = await feedImport(command, () => x, 400 * MiB);
    if (process.env.MEMCUE_TEST_VERBOSE) console.log(command.at(-1), 'taken', fed.taken, 'peak', fed.peak);
    expect(fed.code).toBe(1);
    expect(fed.stderr.trim().split('\n')).toHaveLength(1);
    expect(fed.stderr).toMatch(/standard input, line 1: over 1048576 bytes, longer than any fact can be \(nothing was imported\)/);
    expect(fed.taken).toBeLessThan(16 * MiB);
    if (fed.peak > 0) expect(fed.peak).toBeLessThan(300 * MiB);
  }, 120_000);

  it('counts lines across chunks: the long one is named by its number, and short lines still import', async () => {
    const facts = Array.from({ length: 3000 }, (_, i) => JSON.stringify({ text: `stdin fact ${i} about the staging widgets` })).join('\n');
    const fine = await feedImport(command, () => Buffer.from(facts), Buffer.byteLength(facts));
    expect(fine.stderr).toBe('');
    expect(fine.stdout).toMatch(/imported 3000 fact versions/);
    const long = Buffer.concat([Buffer.from('{"text": "one"}\n{"text": "two"}\n'), Buffer.alloc(2 * MiB, 'y')]);
    const refused = await feedImport(command, (i) => (i === 0 ? long : Buffer.alloc(MiB, 'y')), 64 * MiB);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/standard input, line 3: over/);
  }, 120_000);
});

describe.skipIf(process.platform === 'win32')('import of a path that is not a regular file', () => {
  it('/dev/zero: one line, no facts, read no further than the bound', async () => {
    const env = isolatedEnv();
    const r = await cli(['import', '/dev/zero'], { env });
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/\/dev\/zero, line 1: over 1048576 bytes, longer than any fact can be \(nothing was imported\)/);
  });

  /** The bundle importing `fifo` while `sh -c script` writes into it; both real processes. */
  async function importFifo(script: string, fifo: string) {
    const writer = spawn('sh', ['-c', script], { stdio: 'ignore' });
    const reader = spawn(process.execPath, [BUNDLE, 'import', fifo], { env: isolatedEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    reader.stdout.on('data', (d) => (stdout += d));
    reader.stderr.on('data', (d) => (stderr += d));
    const [code] = await Promise.all([new Promise((done) => reader.on('exit', done)), new Promise((done) => writer.on('exit', done))]);
    return { code, stdout, stderr };
  }

  it('a FIFO fed a 400 MB line by another process: refused, the writer cut off (SIGPIPE) long before its end', async () => {
    const fifo = join(tempDir(), 'facts.fifo');
    execFileSync('mkfifo', [fifo]);
    const r = await importFifo(`head -c ${400 * MiB} /dev/zero | tr '\\0' x > '${fifo}'; echo "exit $?" > '${fifo}.status'`, fifo);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/facts\.fifo, line 1: over 1048576 bytes/);
    expect(readFileSync(`${fifo}.status`, 'utf8').trim()).toBe('exit 141'); // tr died of SIGPIPE: not all was read
  }, 60_000);

  it('a FIFO with ordinary lines imports them; a folder is one line', async () => {
    const fifo = join(tempDir(), 'facts.fifo');
    execFileSync('mkfifo', [fifo]);
    const r = await importFifo(`printf '{"text": "fifo fact one"}\\n{"text": "fifo fact two"}\\n' > '${fifo}'`, fifo);
    expect(r.stdout).toMatch(/imported 2 fact versions/);
    const folder = await cli(['import', tempDir()], { env: isolatedEnv() });
    expect(folder.code).toBe(1);
    expect(folder.stderr).toMatch(/cannot read .*: it is a folder/);
  }, 60_000);
});
