// The fast path of `memcue add` (issue 22): the add's plain forms are parsed without commander and
// mean what commander makes of them; every other form is left to the CLI; and an add served this
// way stores and prints what the CLI's add does, errors included.
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { ADD_OPTIONS, plainAddArgs, runAddFastPath } from '../src/add-fast-path.js';
import { withTwoDashes } from '../src/cli.js';
import { defineCoreCommands } from '../src/cli/core.js';
import type { Io } from '../src/context.js';
import { withStore } from '../src/store/store.js';
import { cli, isolatedEnv, runProcess, BINARY, tempDir } from './helpers.js';
import { repoDir } from './hooks/fixtures.js';

/** What commander, with the add command as src/cli/core.ts defines it, hands the add's module. */
async function commanderParse(argv: string[]): Promise<{ words: string[]; opts: Record<string, unknown> }> {
  const program = new Command('memcue').exitOverride().configureOutput({ writeOut: () => {}, writeErr: () => {}, outputError: () => {} });
  let parsed: { words: string[]; opts: Record<string, unknown> } | undefined;
  defineCoreCommands(program, () => async (...args: unknown[]) => {
    parsed = { words: args[0] as string[], opts: args[1] as Record<string, unknown> };
  });
  await program.parseAsync(withTwoDashes(argv, program), { from: 'user' });
  return parsed!;
}

/** Runs the fast path in this process; undefined: it left the command to the CLI. */
async function fast(argv: string[], env: Record<string, string>, cwd: string, stdin = '') {
  let stdout = '';
  let stderr = '';
  const io: Io = { env, cwd, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), readStdin: async () => stdin };
  const code = await runAddFastPath(argv, io);
  return code === undefined ? undefined : { code, stdout, stderr };
}

const PLAIN_FORMS = [
  ['add', 'a', 'plain', 'fact'],
  ['add', '--kind', 'rule', 'deploy', 'on', 'fridays'],
  ['add', 'deploy', '--kind=gotcha', 'on', 'fridays', '--json'],
  ['add', '-kind', 'env', '-keywords=ci,build', 'the', 'fact'],
  ['add', '--scope', 'global', '--quote', 'as said', '--source', 'session 7', '--keywords', 'a,b', '--allow-secret', 'x'],
  ['add', '--kind', 'rule', '--kind', 'decision', 'the last one wins'],
  ['add', '--kind=', 'an empty kind, for add to refuse'],
  ['add', '-'],
  ['add', '--json', '--', '--kind', 'is', 'text', 'after', '--'],
  ['add', 'text', '--', '-'],
];

describe('memcue add without commander', () => {
  it('knows the options the CLI defines for add, no more and no fewer', () => {
    const program = new Command('memcue');
    defineCoreCommands(program, () => async () => {});
    const add = program.commands.find((c) => c.name() === 'add')!;
    expect(new Map(add.options.map((o) => [o.long, [o.attributeName(), o.required]]))).toEqual(ADD_OPTIONS);
  });

  it('parses the plain forms as commander does', async () => {
    for (const argv of PLAIN_FORMS) {
      const ours = plainAddArgs(argv);
      expect(ours, argv.join(' ')).toBeDefined();
      expect(ours, argv.join(' ')).toEqual(await commanderParse(argv));
    }
  });

  it('leaves help, odd options and dash words to the CLI', () => {
    const others = [
      ['add'],
      ['add', '--help'],
      ['add', '-h', 'x'],
      ['add', '--kind'],
      ['add', 'x', '--kind', '--json'],
      ['add', '--json=yes', 'x'],
      ['add', '--bogus', 'x'],
      ['add', '-5', 'degrees', 'is', 'the', 'floor'],
      ['add', '--', ],
      ['search', 'x'],
    ];
    for (const argv of others) expect(plainAddArgs(argv), argv.join(' ')).toBeUndefined();
  });

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
