// The fast path of `memcue search` (issue 36): the search's plain forms are parsed without commander
// and mean what commander makes of them; every other form is left to the CLI; and a search served
// this way prints what the CLI's search prints, errors included.
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { withTwoDashes } from '../src/cli.js';
import { defineCoreCommands } from '../src/cli/core.js';
import type { Io } from '../src/context.js';
import { plainSearchArgs, runSearchFastPath, SEARCH_OPTIONS } from '../src/search-fast-path.js';
import { cli, isolatedEnv, runProcess, BINARY, tempDir } from './helpers.js';
import { repoDir } from './hooks/fixtures.js';

/** What commander, with the search command as src/cli/core.ts defines it, hands the search's module. */
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
async function fast(argv: string[], env: Record<string, string>, cwd: string) {
  let stdout = '';
  let stderr = '';
  const io: Io = { env, cwd, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), readStdin: async () => '' };
  const code = await runSearchFastPath(argv, io);
  return code === undefined ? undefined : { code, stdout, stderr };
}

const PLAIN_FORMS = [
  ['search', 'redis'],
  ['search', 'deploy', 'server', 'config'],
  ['search', '-n', '10', 'deploy', '--in', 'all'],
  ['search', 'deploy', '--limit=3', '--kind', 'rule', '--since', '7d', '--json'],
  ['search', '-limit', '3', '-in', 'global', '-json', 'the', 'words'],
  ['search', '--kind', 'rule', '--kind', 'gotcha', 'the last one wins'],
  ['search', '--since=', 'an empty date, for search to refuse'],
  ['search', '--json', '--', '-Werror', 'flags'],
  ['search', 'text', '--', '-'],
  ['search', '-'],
];

describe('memcue search without commander', () => {
  it('knows the options the CLI defines for search, no more and no fewer', () => {
    const program = new Command('memcue');
    defineCoreCommands(program, () => async () => {});
    const search = program.commands.find((c) => c.name() === 'search')!;
    const names = search.options.flatMap((o) => [o.long, o.short].filter(Boolean).map((name) => [name!, [o.attributeName(), o.required]] as const));
    expect(new Map(names)).toEqual(SEARCH_OPTIONS);
  });

  it('parses the plain forms as commander does', async () => {
    for (const argv of PLAIN_FORMS) {
      const ours = plainSearchArgs(argv);
      expect(ours, argv.join(' ')).toBeDefined();
      expect(ours, argv.join(' ')).toEqual(await commanderParse(argv));
    }
  });

  it('leaves help, odd options and dash words to the CLI', () => {
    const others = [
      ['search'],
      ['search', '--help'],
      ['search', '-h', 'x'],
      ['search', '--limit'],
      ['search', 'x', '-n', '-3'],
      ['search', 'x', '-n=3'],
      ['search', 'x', '-n3'],
      ['search', '--json=yes', 'x'],
      ['search', '--scope', 'global', 'x'],
      ['search', '-Werror'],
      ['search', '--'],
      ['add', 'x'],
    ];
    for (const argv of others) expect(plainSearchArgs(argv), argv.join(' ')).toBeUndefined();
  });

  it('prints what the CLI prints, corrections and errors included', async () => {
    const repo = repoDir();
    const env = isolatedEnv();
    for (const text of ['api-gw times out after 30 s; raise PROXY_TIMEOUT', 'Редис на стейдже слушает порт 6380', 'postgres runs on the db host']) {
      expect((await cli(['add', '--scope', 'global', text], { env, cwd: repo })).code).toBe(0);
    }
    for (const argv of [
      ['search', 'timeout', 'proxy'],
      ['search', 'redis', '--json'],
      ['search', 'postgress'],
      ['search', 'nothing', 'matches', 'this', '--in', 'global'],
      ['search', 'x', '--kind', 'bogus'],
      ['search', 'x', '-n', 'many'],
      ['search', 'x', '--in', 'nowhere'],
    ]) {
      // Twice: the first search may build the search file; the second answers from it.
      for (const round of [1, 2]) expect(await fast(argv, env, repo), `${argv.join(' ')} (${round})`).toEqual(await cli(argv, { env, cwd: repo }));
    }
  });

  it('takes the fast path in the compiled binary, --db before or after the command', () => {
    const env = isolatedEnv();
    const db = `${tempDir()}/other.db`;
    expect(runProcess(BINARY, ['--db', db, 'add', '--scope', 'global', 'the deploy runs on fridays'], { env })).toMatchObject({ code: 0 });
    // MEMCUE_PROFILE's marks say which way the search went: without commander, the CLI is never loaded.
    for (const argv of [['--db', db, 'search', 'deploy'], ['search', 'deploy', '--db', db, '--json']]) {
      const profiled = runProcess(BINARY, argv, { env: { ...env, MEMCUE_PROFILE: '1' } });
      expect(profiled.stdout, argv.join(' ')).toContain('the deploy runs on fridays');
      expect(profiled.stderr).toContain('fast path loaded');
      expect(profiled.stderr).not.toContain('js loaded');
    }
    const wrong = runProcess(BINARY, ['search', 'deploy', '--kind', 'bogus', '--db', db], { env });
    expect(wrong).toMatchObject({ code: 1, stdout: '' });
    expect(wrong.stderr).toMatch(/^memcue: unknown kind "bogus" \(use one of: .*\)\n$/);
  });
});
