// Real processes of the compiled binary against one database file: parallel writers, and writers
// killed with SIGKILL mid-write. `npm test` builds dist/memcue first.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BINARY, isolatedEnv, runProcess, startProcess, tempDir } from '../helpers.js';

function integrity(db: string): string {
  return execFileSync('sqlite3', [db, 'PRAGMA integrity_check'], { encoding: 'utf8' }).trim();
}

/** One shell loop of `adds` adds per database path, all at once; their exit codes. */
function writers(env: Record<string, string>, dbPaths: string[], adds: number): Promise<(number | null)[]> {
  const loops = dbPaths.map((db, p) =>
    startProcess('sh', ['-c', `i=0; while [ $i -lt ${adds} ]; do "$MEMCUE" add "writer ${p} fact $i" >/dev/null || exit 1; i=$((i+1)); done`], {
      env: { ...env, MEMCUE: BINARY, MEMCUE_DB: db },
    }),
  );
  return Promise.all(loops.map((w) => new Promise<number | null>((res) => w.on('exit', res))));
}

function factCount(env: Record<string, string>): number {
  const r = runProcess(BINARY, ['stats', '--json'], { env });
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout).facts;
}

// POSIX shells and signals: Linux and macOS only.
describe.skipIf(!existsSync(BINARY) || process.platform === 'win32')('concurrency (compiled binary)', () => {
  // 16×100 runs in `npm run bench:robust`; 16×25 keeps the suite short on a loaded machine.
  it('16 processes × 25 adds → every add acknowledged and present, no busy failure', async () => {
    const env = isolatedEnv();
    expect(await writers(env, Array(16).fill(env.MEMCUE_DB!), 25)).toEqual(Array(16).fill(0));
    expect(factCount(env)).toBe(400);
    expect(integrity(env.MEMCUE_DB!)).toBe('ok');
  }, 900_000);

  it('writers through a file and a symlink to it share one lock: nothing lost', async () => {
    const env = isolatedEnv();
    const link = join(tempDir(), 'link.db');
    runProcess(BINARY, ['add', 'the first fact'], { env });
    symlinkSync(env.MEMCUE_DB!, link);
    const paths = [env.MEMCUE_DB!, link, env.MEMCUE_DB!, link];
    expect(await writers(env, paths, 25)).toEqual(Array(4).fill(0));
    expect(factCount(env)).toBe(101);
    expect(integrity(env.MEMCUE_DB!)).toBe('ok');
    // One set of markers, beside the real file.
    expect(readdirSync(dirname(link)).filter((name) => name !== 'link.db')).toEqual([]);
  }, 900_000);

  it('a writer killed with SIGKILL at any moment leaves a sound file and no blocking lock', async () => {
    const env = isolatedEnv();
    runProcess(BINARY, ['add', 'seed fact'], { env });
    const bulk = Array.from({ length: 3000 }, (_, i) => JSON.stringify({ text: `bulk fact number ${i} about widgets` })).join('\n');
    const dir = tempDir();
    const file = join(dir, 'bulk.jsonl');
    writeFileSync(file, bulk);
    let expected = 1;
    for (let round = 0; round < 8; round++) {
      const child = startProcess(BINARY, ['import', file], { env });
      const exited = new Promise<{ code: number | null; signal: string | null }>((res) => child.on('exit', (code, signal) => res({ code, signal })));
      // Kill times spread over start-up, the write and the commit of a ~300 ms import.
      await new Promise((res) => setTimeout(res, 20 + round * 50));
      child.kill('SIGKILL');
      const exit = await exited;
      // The next ordinary command must work at once (rolling back a half-written transaction).
      const count = factCount(env);
      // All of the import or none of it: one transaction. The same lines give the same facts (a plain
      // line's id comes from its scope and text), so once one round committed the file is all there.
      const whole = 1 + 3000;
      if (exit.signal === 'SIGKILL') expect([expected, whole]).toContain(count);
      else expect(count).toBe(whole);
      expected = count;
      expect(integrity(env.MEMCUE_DB!)).toBe('ok');
      // Nothing the killed writer held blocks the next writer: an add with a short wait goes through.
      expect(runProcess(BINARY, ['add', `written once round ${round} was killed`], { env: { ...env, MEMCUE_BUSY_TIMEOUT_MS: '2000' } }).code).toBe(0);
      expected += 1;
    }
    // And a loop of small writes killed mid-way.
    const loop = startProcess('sh', ['-c', 'i=0; while [ $i -lt 500 ]; do "$MEMCUE" add "loop fact $i" >/dev/null; i=$((i+1)); done'], {
      env: { ...env, MEMCUE: BINARY },
    });
    await new Promise((res) => setTimeout(res, 700));
    // Bounded (500 adds) so a failed test can never leave it running. Freeze the loop, kill the add it is running (if any: pkill exits 1 between two adds), then it.
    loop.kill('SIGSTOP');
    spawnSync('pkill', ['-KILL', '-P', String(loop.pid)]);
    loop.kill('SIGKILL');
    const add = runProcess(BINARY, ['add', 'after the kill'], { env });
    expect(add.code).toBe(0);
    expect(runProcess(BINARY, ['search', 'after', 'kill'], { env }).stdout).toContain(add.stdout.trim());
    expect(integrity(env.MEMCUE_DB!)).toBe('ok');
  }, 120_000);

  it('a writer that cannot get the lock in time fails with a clear busy error naming the writer in the way', async () => {
    const env: Record<string, string> = { ...isolatedEnv(), MEMCUE_BUSY_TIMEOUT_MS: '200' };
    runProcess(BINARY, ['add', 'first'], { env });
    // A live memcue writer in the way: stopped inside its transaction (MEMCUE_SYNC_PAUSE_AT).
    const mark = join(tempDir(), 'paused');
    const holder = startProcess(BINARY, ['add', 'held open'], { env: { ...env, MEMCUE_SYNC_PAUSE_AT: 'write-transaction', MEMCUE_SYNC_PAUSE_MARK: mark } });
    const exited = new Promise((res) => holder.on('exit', res));
    try {
      while (!existsSync(mark)) await new Promise((res) => setTimeout(res, 20));
      const r = runProcess(BINARY, ['add', 'second'], { env });
      expect(r.code).toBe(1);
      // One line saying who is in the way: its pid, its command and since when.
      expect(r.stderr).toMatch(new RegExp(`busy: .*pid ${holder.pid}\\b.*\\(\`memcue add\`\\), since \\d\\d:\\d\\d:\\d\\d UTC`));
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    } finally {
      holder.kill('SIGKILL');
      await exited;
    }
    // Neither the refused add nor the killed one left a fact.
    expect(factCount(env)).toBe(1);
    expect(integrity(env.MEMCUE_DB!)).toBe('ok');
  });
});
