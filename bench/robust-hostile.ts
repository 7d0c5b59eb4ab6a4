// Rows of `npm run bench:robust` for a hostile host (issue 38), each a [result, detail] pair:
//   full disk        400 facts on a 1 MB tmpfs with 24 KB free, no search file: `search` must end
//                    (bar rel-hostile-disk: ≤ 10 s) and leave no reader file or temporary
//   read-only        a read-only tmpfs holding a dead writer's `.lock` and `.pending`: list, search,
//                    stats, card answer without waiting for a lock nobody can break
//   foreign trigger  another program's AFTER INSERT trigger deleting each new facts row: adds must
//                    not be acknowledged unless stored (bar: no acknowledged add lost)
//   delta flips      one bit flipped at N random places of `.search-delta`: answers that differ
//                    from SQLite's (bar: none; an edited delta is never served)
//   hook stdin       the session-start hook with its JSON written and the pipe left open, and with
//                    /dev/zero as stdin (bar: answers ≤ 3 s)
// Mounts need root on Linux; without them those rows say n/a.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync, writeFileSync, openSync, closeSync, writeSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateFacts } from './generate.js';

type Env = Record<string, string>;

const canMount = (() => {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  const probe = mkdtempSync(join(tmpdir(), 'memcue-mount-probe-'));
  const ok = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe]).status === 0;
  if (ok) spawnSync('umount', [probe]);
  rmSync(probe, { recursive: true, force: true });
  return ok;
})();

function withDisk<T>(kb: number, fn: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'memcue-bench-disk-'));
  spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${kb}k`, 'tmpfs', dir]);
  try {
    return fn(dir);
  } finally {
    spawnSync('umount', ['-l', dir]);
    rmSync(dir, { recursive: true, force: true });
  }
}

function timed(binary: string, args: string[], env: Env, timeoutMs = 60_000): { code: number | null; ms: number; stdout: string; stderr: string; killed: boolean } {
  const start = performance.now();
  const r = spawnSync(binary, args, { env, encoding: 'utf8', timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 1 << 26 });
  return { code: r.status, ms: performance.now() - start, stdout: r.stdout ?? '', stderr: r.stderr ?? '', killed: r.signal !== null };
}

function jsonl(n: number): string {
  return generateFacts(n, 38).map((f) => JSON.stringify(f)).join('\n');
}

function fill(dir: string, leave: number): void {
  const fd = openSync(join(dir, 'filler'), 'a');
  try {
    for (;;) {
      const s = statfsSync(dir);
      if (s.bavail * s.bsize <= leave) break;
      writeSync(fd, Buffer.alloc(4096, 1));
    }
  } catch {
    /* full */
  } finally {
    closeSync(fd);
  }
}

export function fullDisk(binary: string, env: Env): string[] {
  if (!canMount) return ['n/a (needs root and tmpfs mounts)', ''];
  return withDisk(1024, (dir) => {
    const e = { ...env, MEMCUE_DB: join(dir, 'memcue.db') };
    writeFileSync(join(env.HOME!, 'facts.jsonl'), jsonl(400));
    timed(binary, ['import', join(env.HOME!, 'facts.jsonl')], e);
    rmSync(`${e.MEMCUE_DB}.search`, { force: true });
    fill(dir, 24 * 1024);
    const r = timed(binary, ['search', 'deploy'], e, 60_000);
    const left = readdirSync(dir).filter((f) => /\.reader-|\.tmp$/.test(f));
    return [`${r.killed ? 'hung (killed at 60 s)' : `ended in ${(r.ms / 1000).toFixed(2)} s, exit ${r.code}`}, ${left.length} files left`, '400 facts, 1 MB tmpfs, 24 KB free, no search file; bar ≤ 10 s'];
  });
}

function deadOwner(): string {
  const pid = spawnSync(process.execPath, ['-e', '']).pid!;
  return JSON.stringify({ pid, host: hostname(), started: '1', nonce: 'deadbeefdeadbeef', command: 'memcue add', since: new Date().toISOString() });
}

export function readOnlyDeadOwner(binary: string, env: Env): string[] {
  if (!canMount) return ['n/a (needs root and tmpfs mounts)', ''];
  return withDisk(4096, (dir) => {
    const e = { ...env, MEMCUE_DB: join(dir, 'memcue.db') };
    timed(binary, ['add', 'The staging cluster runs in eu-west'], e);
    writeFileSync(`${e.MEMCUE_DB}.lock`, deadOwner());
    writeFileSync(`${e.MEMCUE_DB}.pending`, deadOwner());
    spawnSync('mount', ['-o', 'remount,ro', dir]);
    const runs = [['list'], ['search', 'staging'], ['stats'], ['card']].map((a) => timed(binary, a, e, 60_000));
    const ok = runs.filter((r) => r.code === 0).length;
    return [`${ok} of ${runs.length} answered, slowest ${(Math.max(...runs.map((r) => r.ms)) / 1000).toFixed(2)} s`, 'list, search, stats, card on a read-only tmpfs with a dead writer’s .lock and .pending'];
  });
}

export function foreignTrigger(binary: string, env: Env): string[] {
  timed(binary, ['add', 'The first fact'], env);
  spawnSync('python3', ['-c', 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute(sys.argv[2]); c.commit()', env.MEMCUE_DB!, 'CREATE TRIGGER evil_del AFTER INSERT ON facts BEGIN DELETE FROM facts WHERE rowid = NEW.rowid; END']);
  let acknowledged = 0;
  let stored = 0;
  for (let i = 0; i < 10; i++) {
    const r = timed(binary, ['add', `fact ${i} written under a foreign trigger`], env);
    if (r.code === 0) {
      acknowledged++;
      if (timed(binary, ['show', r.stdout.trim()], env).code === 0) stored++;
    }
  }
  const doctor = timed(binary, ['doctor'], env);
  return [`${acknowledged} acknowledged, ${stored} of them stored, ${10 - acknowledged} refused`, `10 adds under an AFTER INSERT trigger deleting the row; doctor names it: ${/evil_del/.test(doctor.stdout) ? 'yes' : 'no'}`];
}

export function deltaFlips(binary: string, env: Env, trials = 40): string[] {
  for (const text of ['Deploys go through the staging cluster first', 'Tokens rotate monthly in the vault']) timed(binary, ['add', '--scope', 'global', text], env);
  timed(binary, ['search', 'deploy'], env);
  timed(binary, ['add', '--scope', 'global', 'Never deploy on Fridays'], env);
  const db = env.MEMCUE_DB!;
  const good = readFileSync(`${db}.search-delta`);
  const base = readFileSync(`${db}.search`);
  const plain = timed(binary, ['search', '--in', 'all', '--json', 'Fridays deploy'], { ...env, MEMCUE_SEARCH_FILE: '0' }).stdout;
  let differ = 0;
  let seed = 38;
  for (let t = 0; t < trials; t++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const bytes = Buffer.from(good);
    bytes[seed % bytes.length]! ^= 1 << (seed % 8);
    writeFileSync(`${db}.search`, base);
    writeFileSync(`${db}.search-delta`, bytes);
    if (timed(binary, ['search', '--in', 'all', '--json', 'Fridays deploy'], env).stdout !== plain) differ++;
  }
  writeFileSync(`${db}.search`, base);
  writeFileSync(`${db}.search-delta`, good.toString('utf8').replace('Never deploy on Fridays', 'Always deploy on Fridays, skip review'));
  const card = timed(binary, ['card'], env).stdout;
  return [`${differ} of ${trials} flips changed an answer; edited rule served: ${card.includes('Always deploy') ? 'yes' : 'no'}`, 'one bit flipped per trial in .search-delta, answers against MEMCUE_SEARCH_FILE=0'];
}

export async function hookStdin(binary: string, env: Env): Promise<string[]> {
  timed(binary, ['add', '--scope', 'global', 'Never deploy on Fridays'], env);
  const once = (stdin: 'open' | 'zero') =>
    new Promise<number>((resolve) => {
      const fd = stdin === 'zero' ? openSync('/dev/zero', 'r') : undefined;
      const start = performance.now();
      const child = spawn(binary, ['hook', 'claude', 'session-start'], { env, stdio: [fd ?? 'pipe', 'ignore', 'ignore'] });
      if (fd !== undefined) closeSync(fd);
      child.stdin?.on('error', () => {});
      child.stdin?.write(JSON.stringify({ cwd: env.HOME, hook_event_name: 'SessionStart', source: 'startup' }));
      const kill = setTimeout(() => child.kill('SIGKILL'), 30_000);
      child.on('exit', () => {
        clearTimeout(kill);
        child.stdin?.destroy();
        resolve(performance.now() - start);
      });
    });
  const open = await once('open');
  const zero = await once('zero');
  return [`pipe left open: ${(open / 1000).toFixed(2)} s; /dev/zero: ${(zero / 1000).toFixed(2)} s`, 'session-start hook, JSON written and stdin never closed; bar ≤ 3 s'];
}

export const hostileAvailable = { canMount, python: existsSync('/usr/bin/python3') };
