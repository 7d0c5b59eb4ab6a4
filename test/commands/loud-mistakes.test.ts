// Mistakes a new user makes in the first hour that used to pass in silence (issue 37): each one is
// now an error or a warning that names what was meant, and a new or empty memory names its path.
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli.js';
import { BUNDLE, cli, git, isolatedEnv, runProcess, tempDir } from '../helpers.js';

/** A memory and a working folder that is a clone of github.com/acme/app. */
function inRepo() {
  const dir = tempDir();
  const env = isolatedEnv(dir);
  const cwd = join(dir, 'app');
  mkdirSync(cwd);
  git(cwd, 'init', '-q');
  git(cwd, 'remote', 'add', 'origin', 'git@github.com:acme/app.git');
  return { dir, env, cwd, run: (...argv: string[]) => cli(argv, { env, cwd }) };
}

const SCOPES = 'scopes with facts: global, machine:testhost, repo:github.com/acme/app; or use --in all, repo, global or machine';

describe('--in names a scope some fact has, in list and log as in search', () => {
  it.each([
    [['list', '--in', 'everything'], `--in everything: no fact has scope "repo:everything"; did you mean --in all? (${SCOPES})`],
    [['list', '--in', 'globl'], `--in globl: no fact has scope "repo:globl"; did you mean --in global? (${SCOPES})`],
    [['log', '--in', 'globl'], `--in globl: no fact has scope "repo:globl"; did you mean --in global? (${SCOPES})`],
    [['search', 'pnpm', '--in', 'github.com/acme/ap'], `--in github.com/acme/ap: no fact has scope "repo:github.com/acme/ap"; did you mean --in github.com/acme/app? (${SCOPES})`],
  ])('%j', async (argv, line) => {
    const { run } = inRepo();
    await run('add', 'use pnpm, never npm');
    await run('add', '--scope', 'global', 'answer in English');
    await run('add', '--scope', 'machine', 'the GPU box is slow');
    expect(await run(...argv)).toEqual({ code: 1, stdout: '', stderr: `memcue: ${line}\n` });
  });

  it('a scope that exists still lists and logs', async () => {
    const { run } = inRepo();
    await run('add', 'use pnpm, never npm');
    expect((await run('list', '--in', 'github.com/acme/app')).stdout).toContain('use pnpm');
    expect((await run('log', '--in', 'global')).stderr).toBe('memcue: no changes in global\n');
  });

  it('--in repo outside a git repository is refused instead of meaning everything', async () => {
    const dir = tempDir();
    const env = isolatedEnv(dir);
    await cli(['add', 'deploy with make ship'], { env, cwd: dir });
    const line = 'memcue: --in repo: not inside a git repository, so there is no repo scope (run it inside the repository, or use --in all, global, machine or a repo id)\n';
    for (const argv of [['search', 'deploy', '--in', 'repo'], ['list', '--in', 'repo'], ['log', '--in', 'repo']]) {
      expect(await cli(argv, { env, cwd: dir })).toEqual({ code: 1, stdout: '', stderr: line });
    }
    // Without --in, outside a repo, everything is still the default.
    expect((await cli(['search', 'deploy'], { env, cwd: dir })).stdout).toContain('make ship');
  });
});

describe('add says where a fact went when no session would see it', () => {
  it('a scope no other fact has, not this repo: stored, with a warning that names this repo and the scopes', async () => {
    const { run } = inRepo();
    await run('add', 'use pnpm, never npm');
    const r = await run('add', '--scope', 'repo:github.com/acme/ap', 'run the linter before push');
    const id = r.stdout.trim();
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      `memcue: warning: no other fact has scope "repo:github.com/acme/ap"; did you mean repo:github.com/acme/app? (this repo is github.com/acme/app; scopes with facts: repo:github.com/acme/app); stored anyway (move it: memcue edit ${id} --scope <scope>)\n`,
    );
    expect((await run('list', '--in', 'github.com/acme/ap')).stdout).toContain('run the linter');
    // The second fact in that scope is no longer a surprise; nor are the shorthands or this repo's own scope.
    expect((await run('add', '--scope', 'repo:github.com/acme/ap', 'tests run with vitest')).stderr).toBe('');
    for (const scope of ['global', 'machine', 'repo', 'repo:github.com/acme/app', 'machine:testhost']) {
      expect((await run('add', '--scope', scope, `a fact for ${scope}`)).stderr).toBe('');
    }
  });

  it('--scope globl is refused with did you mean global', async () => {
    const { run } = inRepo();
    const r = await run('add', '--scope', 'globl', 'answer in English');
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr: 'memcue: bad scope "globl"; did you mean global? (use repo (this repository), machine (this machine), global, repo:<repo-id> or machine:<host>)\n',
    });
  });
});

describe('commands and agents named otherwise elsewhere', () => {
  it.each([
    [['remove', 'abcd'], "unknown command 'remove'; did you mean forget? (see memcue --help)"],
    [['delete', 'abcd'], "unknown command 'delete'; did you mean forget? (see memcue --help)"],
    [['ls'], "unknown command 'ls'; did you mean list? (see memcue --help)"],
    [['install', 'claude-code'], 'unknown agent "claude-code"; did you mean claude? (one of: claude, hermes, dsh, codex, gemini, opencode, cursor, claude-desktop; see memcue install --help)'],
    [
      ['install', 'vscode'],
      'unknown agent "vscode": memcue does not wire it, but any MCP client can run `memcue mcp` (one of: claude, hermes, dsh, codex, gemini, opencode, cursor, claude-desktop; see docs/agents.md#memcue-mcp)',
    ],
  ])('%j', async (argv, line) => {
    expect(await cli(argv)).toEqual({ code: 1, stdout: '', stderr: `memcue: ${line}\n` });
  });
});

describe('the path of a new or empty memory is said', () => {
  it('the first write names the new file to a person at a terminal; scripts and agents are spared it', async () => {
    const dir = tempDir();
    const env = isolatedEnv(dir);
    let stderr = '';
    const io = { env, cwd: dir, stdout: () => {}, stderr: (t: string) => (stderr += t), readStdin: async () => '', stderrIsTTY: true };
    expect(await runCli(['add', 'first fact'], io)).toBe(0);
    expect(stderr).toBe(`memcue: note: a new memory was created at ${env.MEMCUE_DB}; it is private to you (mode 0600)\n`);
    stderr = '';
    expect(await runCli(['add', 'second fact'], io)).toBe(0);
    expect(stderr).toBe('');
    const other = join(dir, 'other.db');
    expect(await cli(['--db', other, 'add', 'first fact'], { env, cwd: dir })).toMatchObject({ code: 0, stderr: '' });
  });

  // The real entry at a real terminal (a pty from util-linux `script`): a plain `add` is served by the
  // fast path (src/add-fast-path.ts), which once never learnt that a person reads its stderr.
  it.skipIf(!existsSync('/usr/bin/script'))('the first add in a terminal, as in the README\'s first step, names the new file', async () => {
    const dir = tempDir();
    const env: Record<string, string> = { ...isolatedEnv(dir), MEMCUE_DB: '' };
    const db = join(env.XDG_DATA_HOME!, 'memcue', 'memcue.db');
    for (const argv of [['add', '--kind', 'rule', '--scope', 'global', 'Never deploy on Fridays'], ['--db', join(dir, 'other.db'), 'add', 'first fact']]) {
      const line = ['node', BUNDLE, ...argv].map((w) => `'${w}'`).join(' ');
      const r = runProcess('script', ['-qec', line, '/dev/null'], { env, cwd: dir });
      expect(r.code, r.stdout).toBe(0);
      const path = argv[0] === '--db' ? argv[1]! : db;
      expect(r.stdout).toContain(`memcue: note: a new memory was created at ${path}`);
    }
  });

  it('the default folder made on first use is expected: nothing said to a script or an agent', async () => {
    const dir = tempDir();
    const env: Record<string, string> = { ...isolatedEnv(dir), MEMCUE_DB: '' };
    expect(await cli(['add', 'first fact'], { env, cwd: dir })).toMatchObject({ code: 0, stderr: '' });
    expect(statSync(join(env.XDG_DATA_HOME!, 'memcue', 'memcue.db')).mode & 0o777).toBe(0o600);
  });

  it('a folder made for a --db path is said to anyone; the file is 0600, its side files too', async () => {
    const dir = tempDir();
    const env = isolatedEnv(dir);
    // One missing folder is made (and said); two are refused (test/commands/hostile-input.test.ts).
    const db = join(dir, 'nested', 'm.db');
    const r = await cli(['--db', db, 'add', 'first fact'], { env, cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`memcue: note: a new memory was created at ${db} (and the folder ${join(dir, 'nested')}); it is private to you (mode 0600)\n`);
    expect((await cli(['--db', db, 'add', 'second fact'], { env, cwd: dir })).stderr).toBe('');
    expect(statSync(db).mode & 0o777).toBe(0o600);
    expect(statSync(`${db}.checked`).mode & 0o777).toBe(0o600);
    await cli(['--db', db, 'search', 'fact'], { env, cwd: dir });
    expect(statSync(`${db}.search`).mode & 0o777).toBe(0o600);
  });

  it('a read of a missing memory names the path it looked at, and creates nothing', async () => {
    const dir = tempDir();
    const env = isolatedEnv(dir);
    const db = join(dir, 'typo.db');
    const empty = `the memory at ${db} is empty (memcue add "..." stores a fact)`;
    expect(await cli(['--db', db, 'list'], { env, cwd: dir })).toEqual({ code: 0, stdout: '', stderr: `memcue: ${empty}\n` });
    expect(await cli(['--db', db, 'log'], { env, cwd: dir })).toEqual({ code: 0, stdout: '', stderr: `memcue: no changes: ${empty}\n` });
    expect((await cli(['--db', db, 'search', 'x'], { env, cwd: dir })).stderr).toBe(`memcue: no facts match "x": ${empty}\n`);
    expect(statSync(db, { throwIfNoEntry: false })).toBeUndefined();
  });
});
