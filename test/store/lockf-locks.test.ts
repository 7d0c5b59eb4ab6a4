// SQLite's locks taken with lockf(3) (src/store/lockf-locks.ts), the way memcue locks on macOS, where
// fcntl cannot be called: forced on Linux with MEMCUE_NATIVE_LOCKS=lockf, and run beside the same
// tests with fcntl (Linux's way); on macOS (CI) lockf is the binary's own way. The other programs are
// Python's sqlite3 module and the sqlite3 shell (native SQLite, real fcntl locks). With the locks out
// of sight (MEMCUE_FOREIGN_LOCKS=0, what macOS had before lockf) the first test fails.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BINARY, isolatedEnv, runProcess, startProcess } from '../helpers.js';
import { appears, hasPython, holdLock, sql } from './foreign-program.js';
import { SHARED_FIRST, SHARED_SIZE } from '../../src/store/lock-bytes.js';

const MODES =
  process.platform === 'darwin'
    ? [{ name: 'lockf (macOS)', env: {} as Record<string, string>, lockf: true }]
    : [
        { name: 'lockf (as on macOS)', env: { MEMCUE_NATIVE_LOCKS: 'lockf' } as Record<string, string>, lockf: true },
        { name: 'fcntl (Linux)', env: { MEMCUE_NATIVE_LOCKS: 'fcntl' } as Record<string, string>, lockf: false },
      ];

/** The binary's exit and stderr, once it has exited. */
function finish(child: ReturnType<typeof startProcess>) {
  return new Promise<{ code: number | null; stderr: string }>((res) => {
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => res({ code, stderr }));
  });
}

/** Resolves once `promise` settles or `path` exists, whichever is first. */
async function exitedOrAppears(promise: Promise<unknown>, path: string): Promise<void> {
  let done = false;
  void promise.then(() => (done = true));
  while (!done && !existsSync(path)) await new Promise((res) => setTimeout(res, 10));
}

/** The POSIX locks on `db` per /proc/locks (Linux): holder, kind and byte range (inclusive). */
function locksOn(db: string): { pid: number; write: boolean; start: number; end: number }[] {
  const ino = statSync(db).ino;
  return readFileSync('/proc/locks', 'latin1')
    .split('\n')
    .map((line) => line.split(/\s+/))
    .filter((f) => f[1] === 'POSIX' && Number(f[5]?.split(':')[2]) === ino)
    .map((f) => ({ pid: Number(f[4]), write: f[3] === 'WRITE', start: Number(f[6]), end: f[7] === 'EOF' ? Infinity : Number(f[7]) }));
}

/** The sqlite3 shell runs `statement` on `db`, waiting at most `timeoutMs` for locks: its exit and stderr. */
function shell(db: string, timeoutMs: number, statement: string) {
  const r = spawnSync('sqlite3', ['-cmd', `.timeout ${timeoutMs}`, db, statement], { encoding: 'utf8' });
  return { code: r.status, stderr: r.stderr.trim() };
}

const haveShell = spawnSync('sqlite3', ['-version']).status === 0;

describe.skipIf(!['linux', 'darwin'].includes(process.platform) || !hasPython() || !haveShell || !existsSync(BINARY))('SQLite locks taken with lockf', () => {
  for (const mode of MODES) {
    describe(mode.name, () => {
      const memcue = (env: Record<string, string>, ...args: string[]) => runProcess(BINARY, args, { env: { ...env, ...mode.env } });

      it('another program reading: memcue commits only once it is done; when it then writes from what it read, it is refused, nothing is lost', async () => {
        const env = isolatedEnv();
        expect(memcue(env, 'add', 'the first fact').code).toBe(0);
        const foreign = await holdLock(env.MEMCUE_DB!, 'read-then-write');
        const text = `committed once python had read: ${Array.from({ length: 150 }, (_, i) => `word${i}`).join(' ')}`;
        let exited = false;
        const add = finish(startProcess(BINARY, ['add', text], { env: { ...env, ...mode.env } }));
        void add.then(() => (exited = true));
        await exitedOrAppears(add, `${env.MEMCUE_DB}.pending`); // memcue is at its commit
        await new Promise((res) => setTimeout(res, 500));
        // SQLite's promise to a reader: the file does not change under its read transaction.
        expect(exited, 'memcue committed under the reader').toBe(false);
        expect(await foreign.release()).toBe(3); // refused busy: it read before memcue's commit
        expect(await add).toEqual({ code: 0, stderr: '' });
        expect(sql(env.MEMCUE_DB!, 'pragma integrity_check')).toBe('ok');
        expect(memcue(env, 'search', 'word149').stdout).toContain('committed once python had read');
      }, 60_000);

      it('another program killed while writing the file: its live journal is waited for, its crashed one rolled back', async () => {
        const env: Record<string, string> = { ...isolatedEnv(), ...mode.env, MEMCUE_BUSY_TIMEOUT_MS: '30000' };
        const db = env.MEMCUE_DB!;
        expect(memcue(env, 'add', 'a fact from before the crash').code).toBe(0);
        const foreign = await holdLock(db, 'spill'); // EXCLUSIVE, its pages already in the file
        const list = finish(startProcess(BINARY, ['list'], { env }));
        let listed = false;
        void list.then(() => (listed = true));
        await new Promise((res) => setTimeout(res, 500));
        expect(listed, 'read a half-written file').toBe(false); // the writer is alive: its journal is not hot
        await foreign.kill(); // its locks go with it: now the journal is a crashed write's
        expect((await list).code).toBe(0);
        expect(existsSync(`${db}-journal`)).toBe(false);
        expect(sql(db, 'select count(*) from scratch')).toBe('0');
        expect(sql(db, 'pragma integrity_check')).toBe('ok');
        expect(memcue(env, 'list').stdout).toContain('a fact from before the crash');
      }, 60_000);

      it('a sqlite3 shell writing and another reading in loops, memcue adding and reading in parallel: every add acknowledged, no read failed, the file sound', async () => {
        const env: Record<string, string> = { ...isolatedEnv(), ...mode.env };
        const db = env.MEMCUE_DB!;
        expect(memcue(env, 'add', 'seed fact').code).toBe(0);
        expect(shell(db, 0, 'create table scratch(a)').code).toBe(0);
        // The shells count their failures; the reader reads for as long as the writer writes.
        const writerLoop = `i=0; while [ $i -lt 100 ]; do sqlite3 -cmd '.timeout 20000' "$DB" "insert into scratch values($i)" >/dev/null || fails=$((fails+1)); i=$((i+1)); done; touch "$DB.written"`;
        const readerLoop = `while [ ! -e "$DB.written" ]; do sqlite3 -cmd '.timeout 20000' "$DB" 'select count(*) from scratch' >/dev/null || fails=$((fails+1)); done`;
        const shells = [writerLoop, readerLoop].map(
          (loop) => new Promise<number | null>((res) => spawn('sh', ['-c', `fails=0; ${loop}; exit $fails`], { env: { ...process.env, DB: db }, stdio: 'ignore' }).on('exit', res)),
        );
        const run = (...args: string[]) => {
          const child = startProcess(BINARY, args, { env });
          let out = '';
          child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
          return finish(child).then((r) => ({ ...r, out }));
        };
        let adding = true;
        const failedReads: string[] = [];
        const readers = [0, 1, 2].map(async (k) => {
          for (let i = 0; adding; i++) {
            const r = await run(...((k + i) % 2 ? ['list', '-n', '3'] : ['search', 'fact', 'beside']));
            if (r.code !== 0) failedReads.push(r.stderr.trim());
          }
        });
        let acknowledged = 0;
        for (let i = 0; i < 20; i++) if ((await run('add', `fact ${i} beside two sqlite3 shells`)).code === 0) acknowledged++;
        adding = false;
        await Promise.all(readers);
        expect(await Promise.all(shells)).toEqual([0, 0]);
        expect(failedReads).toEqual([]);
        expect(acknowledged).toBe(20);
        expect(JSON.parse(memcue(env, 'stats', '--json').stdout).facts).toBe(21);
        expect(shell(db, 0, 'select count(*) from scratch').code).toBe(0);
        expect(sql(db, 'select count(*) from scratch')).toBe('100');
        expect(sql(db, 'pragma integrity_check')).toBe('ok');
      }, 300_000);

      it.skipIf(process.platform !== 'linux')('memcue readers read side by side, each holding SQLite\'s SHARED lock; a sqlite3 writer cannot commit under them', async () => {
        const env = isolatedEnv();
        const db = env.MEMCUE_DB!;
        expect(memcue(env, 'add', 'a fact for the readers').code).toBe(0);
        expect(shell(db, 0, 'create table scratch(a)').code).toBe(0);
        const readers = [0, 1].map((i) => {
          const pause = { MEMCUE_SYNC_PAUSE_AT: 'read', MEMCUE_SYNC_PAUSE_MS: '2500', MEMCUE_SYNC_PAUSE_MARK: `${db}.paused-${i}` };
          const child = startProcess(BINARY, ['list'], { env: { ...env, ...mode.env, ...pause } });
          let out = '';
          child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
          return { pid: child.pid!, done: finish(child).then((r) => ({ ...r, out })) };
        });
        await Promise.all([appears(`${db}.paused-0`), appears(`${db}.paused-1`)]); // both inside their read
        const inShared = (l: { start: number; end: number }) => l.start >= SHARED_FIRST && l.end < SHARED_FIRST + SHARED_SIZE;
        for (const { pid } of readers) {
          const held = locksOn(db).filter((l) => l.pid === pid);
          // lockf has no read locks: one byte of the range each, written-locked; fcntl: the range, read-locked.
          if (mode.lockf) expect(held.map((l) => [l.write, l.end - l.start, inShared(l)])).toEqual([[true, 0, true]]);
          else expect(held).toEqual([{ pid, write: false, start: SHARED_FIRST, end: SHARED_FIRST + SHARED_SIZE - 1 }]);
        }
        const writer = shell(db, 300, "insert into scratch values('under the readers')");
        expect(writer.code).not.toBe(0);
        expect(writer.stderr).toMatch(/database is locked/);
        // A foreign reader: beside fcntl's read locks at once; beside lockf's bytes only once they are gone.
        expect(shell(db, 0, 'select count(*) from scratch').code !== 0).toBe(mode.lockf);
        expect(shell(db, 10_000, 'select count(*) from scratch').code).toBe(0);
        for (const reader of readers) {
          const r = await reader.done;
          expect(r.code, r.stderr).toBe(0);
          expect(r.out).toContain('a fact for the readers');
        }
        expect(shell(db, 0, 'pragma integrity_check')).toEqual({ code: 0, stderr: '' });
      }, 60_000);
    });
  }
});
