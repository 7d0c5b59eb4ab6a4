// Another SQLite program on the same file (here Python's sqlite3 module and the sqlite3 shell: native
// SQLite with its real POSIX locks, as DB Browser or Datasette would be). The compiled binary takes
// SQLite's own locks (src/locks/native-locks.ts): a foreign writer is waited for and nothing is lost.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BINARY, isolatedEnv, runProcess, startProcess } from '../helpers.js';
import { hasPython, holdLock, sql } from './foreign-program.js';

/** The one runtime memcue ships in: the compiled binary (Bun, SQLite's locks taken for real). */
const RUNTIMES = [{ name: 'the compiled binary (SQLite locks taken for real)', command: BINARY, args: [] as string[], ready: existsSync(BINARY), locks: true, env: {} as Record<string, string>, unnamed: false }];

/** Long enough for memcue to start and meet the other program's lock (the outcome does not depend on it). */
const settle = () => new Promise((res) => setTimeout(res, 700));

describe.skipIf(process.platform !== 'linux' || !hasPython())('another SQLite program on the file', () => {
  for (const rt of RUNTIMES) {
    describe.skipIf(!rt.ready)(rt.name, () => {
      const memcue = (env: Record<string, string>, ...args: string[]) => runProcess(rt.command, [...rt.args, ...args], { env: { ...env, ...rt.env } });
      const start = (env: Record<string, string>, ...args: string[]) => startProcess(rt.command, [...rt.args, ...args], { env: { ...env, ...rt.env } });
      const finish = (child: ReturnType<typeof startProcess>) =>
        new Promise<{ code: number | null; stderr: string }>((res) => {
          let stderr = '';
          child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
          child.on('exit', (code) => res({ code, stderr }));
        });

      it('an add while another program writes waits for it: both writes land, the file stays sound', async () => {
        const env = isolatedEnv();
        expect(memcue(env, 'add', 'the first fact').code).toBe(0);
        const foreign = await holdLock(env.MEMCUE_DB!, 'write');
        const add = finish(start(env, 'add', 'written while python holds the write lock'));
        await settle();
        expect(await foreign.release()).toBe(0);
        expect(await add).toEqual({ code: 0, stderr: '' });
        expect(sql(env.MEMCUE_DB!, "select count(*) from scratch where a = 'foreign'")).toBe('1');
        expect(memcue(env, 'search', 'python write lock').stdout).toContain('written while python holds the write lock');
        expect(sql(env.MEMCUE_DB!, 'pragma integrity_check')).toBe('ok');
      }, 60_000);

      it('an add while another program reads commits after the reader is done', async () => {
        const env = isolatedEnv();
        expect(memcue(env, 'add', 'the first fact').code).toBe(0);
        const foreign = await holdLock(env.MEMCUE_DB!, 'read');
        const add = finish(start(env, 'add', 'committed after the python reader'));
        await settle();
        expect(await foreign.release()).toBe(0);
        expect((await add).code).toBe(0);
        expect(memcue(env, 'search', 'python reader').stdout).toContain('committed after the python reader');
      }, 60_000);

      it('a read while another program commits waits instead of seeing a half-written file', async () => {
        const env = isolatedEnv();
        expect(memcue(env, 'add', 'a fact to list').code).toBe(0);
        const foreign = await holdLock(env.MEMCUE_DB!, 'exclusive');
        const list = start(env, 'list');
        let out = '';
        list.stdout!.on('data', (d: Buffer) => (out += d.toString()));
        const listed = finish(list);
        let exited = false;
        void listed.then(() => (exited = true));
        await new Promise((res) => setTimeout(res, 1000));
        expect(exited).toBe(false); // still waiting for the writer
        expect(await foreign.release()).toBe(0);
        expect((await listed).code).toBe(0);
        expect(out).toContain('a fact to list');
      }, 60_000);

      it('a foreign transaction held past the busy timeout: one line naming the program, nothing written', async () => {
        const env: Record<string, string> = { ...isolatedEnv(), MEMCUE_BUSY_TIMEOUT_MS: '400' };
        expect(memcue(env, 'add', 'the first fact').code).toBe(0);
        const foreign = await holdLock(env.MEMCUE_DB!, 'write');
        const r = memcue(env, 'add', 'this add gives up');
        expect(r.code).not.toBe(0);
        expect(r.stderr.trim().split('\n')).toHaveLength(1);
        expect(r.stderr).toMatch(rt.unnamed ? /busy: another program holds SQLite's lock/ : new RegExp(`another program, pid ${foreign.pid} \\(python3\\)`));
        expect(await foreign.release()).toBe(0);
        expect(memcue(env, 'search', 'gives up').stdout).not.toContain('this add gives up');
        expect(sql(env.MEMCUE_DB!, 'pragma integrity_check')).toBe('ok');
      }, 60_000);

      it.skipIf(!rt.locks || spawnSync('sqlite3', ['-version']).status !== 0)('adds interleaved with a sqlite3 shell writing in a loop: every add acknowledged is present', async () => {
        const env = isolatedEnv();
        expect(memcue(env, 'add', 'seed fact').code).toBe(0);
        sql(env.MEMCUE_DB!, 'select 1'); // the file exists; the shell creates its own table
        const shell = spawn('sh', ['-c', `sqlite3 "$DB" 'create table if not exists scratch(a)'; i=0; fails=0; while [ $i -lt 150 ]; do sqlite3 -cmd '.timeout 20000' "$DB" "insert into scratch values($i)" || fails=$((fails+1)); i=$((i+1)); done; exit $fails`], {
          env: { ...process.env, DB: env.MEMCUE_DB! },
          stdio: 'ignore',
        });
        const shellFails = new Promise<number | null>((res) => shell.on('exit', res));
        let acknowledged = 0;
        for (let i = 0; i < 30; i++) if (memcue(env, 'add', `fact number ${i} written beside the shell`).code === 0) acknowledged++;
        expect(await shellFails).toBe(0);
        expect(acknowledged).toBe(30);
        expect(JSON.parse(memcue(env, 'stats', '--json').stdout).facts).toBe(31);
        expect(sql(env.MEMCUE_DB!, 'select count(*) from scratch')).toBe('150');
        expect(sql(env.MEMCUE_DB!, 'pragma integrity_check')).toBe('ok');
      }, 300_000);
    });
  }
});
