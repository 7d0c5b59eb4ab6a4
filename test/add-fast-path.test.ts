// The fast path of `memcue add` (issue 22): an add served without commander stores and prints what
// the CLI's add does, errors included (its parse: test/plain-args.test.ts).
import { describe, expect, it } from 'vitest';
import { runAddFastPath } from '../src/add-fast-path.js';
import type { Io } from '../src/context.js';
import { withStore } from '../src/store/store.js';
import { cli, isolatedEnv, runProcess, BINARY, tempDir } from './helpers.js';
import { repoDir } from './hooks/fixtures.js';

/** Runs the fast path in this process; undefined: it left the command to the CLI. */
async function fast(argv: string[], env: Record<string, string>, cwd: string, stdin = '') {
  let stdout = '';
  let stderr = '';
  const io: Io = { env, cwd, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), readStdin: async () => stdin };
  const code = await runAddFastPath(argv, io);
  return code === undefined ? undefined : { code, stdout, stderr };
}

describe('memcue add without commander', () => {
  it('stores and prints what the CLI stores and prints', async () => {
    const repo = repoDir();
    const viaCli = isolatedEnv();
    const viaFast = isolatedEnv();
    const argv = ['add', '--kind', 'gotcha', '--quote', 'the log said so', '--keywords', 'timeout,proxy', 'api-gw times out after 30 s'];
    const made = await cli(argv, { env: viaCli, cwd: repo });
    const served = await fast(argv, viaFast, repo);
    expect(made.code).toBe(0);
    expect(served).toEqual({ code: 0, stdout: expect.stringMatching(/^[0-9a-z]+\n$/), stderr: '' });
    const stored = async (env: Record<string, string>) =>
      withStore(env.MEMCUE_DB!, false, (store) => store!.list().map(({ id: _id, created_at: _at, ...rest }) => rest));
    expect(await stored(viaFast)).toEqual(await stored(viaCli));
    // The same text again: "already known", as the CLI says it.
    const again = await fast(argv, viaFast, repo);
    expect(again).toEqual({ code: 0, stdout: `already known: ${served!.stdout.trim()}\n`, stderr: '' });
    // Searchable at once.
    expect((await cli(['search', 'proxy', '--in', 'all'], { env: viaFast, cwd: repo })).stdout).toContain('api-gw times out');
  });

  it('reports a bad fact in the CLI\'s words, and stores nothing', async () => {
    const cwd = tempDir();
    for (const argv of [
      ['add', '--kind', 'bogus', 'a fact'],
      ['add', '--scope', 'repo', 'outside any repository'],
      ['add', 'token ghp_abcdefghijklmnopqrstuvwxyz0123456789 for the build'],
    ]) {
      const viaCli = isolatedEnv();
      const viaFast = isolatedEnv();
      const made = await cli(argv, { env: viaCli, cwd });
      const served = await fast(argv, viaFast, cwd);
      expect(served, argv.join(' ')).toEqual(made);
      expect(made.code, argv.join(' ')).toBe(1);
      expect(await withStore(viaFast.MEMCUE_DB!, false, (store) => store?.list().length ?? 0)).toBe(0);
    }
  });

  it('takes the fast path in the compiled binary, --db before or after the command', () => {
    const env = isolatedEnv();
    const db = `${tempDir()}/other.db`;
    const before = runProcess(BINARY, ['--db', db, 'add', '--kind', 'rule', 'first rule of the other database'], { env });
    const after = runProcess(BINARY, ['add', 'second fact', '--db', db, '--json'], { env });
    expect(before).toMatchObject({ code: 0, stderr: '' });
    // MEMCUE_PROFILE's marks say which way the add went: without commander, the CLI is never loaded.
    const profiled = runProcess(BINARY, ['add', 'a profiled fact', '--db', db], { env: { ...env, MEMCUE_PROFILE: '1' } });
    expect(profiled.stderr).toContain('fast path loaded');
    expect(profiled.stderr).not.toContain('js loaded');
    expect(JSON.parse(after.stdout)).toMatchObject({ text: 'second fact', kind: 'note' });
    const listed = runProcess(BINARY, ['list', '--db', db, '--json'], { env });
    expect(listed.stdout).toContain('first rule of the other database');
    const wrong = runProcess(BINARY, ['add', '--kind', 'bogus', 'x', '--db', db], { env });
    expect(wrong).toMatchObject({ code: 1, stdout: '' });
    expect(wrong.stderr).toMatch(/^memcue: unknown kind "bogus" \(use one of: .*\)\n$/);
  });
});
