// Global options stand before or after the command and mean the same (src/global-options.ts):
// `memcue --json search x` and `memcue -n 3 search x` were "unknown option" while `--db` first worked.
import { describe, expect, it } from 'vitest';
import { inCommandOrder } from '../src/global-options.js';
import { commandLine, opensDatabase } from '../src/start.js';
import { cli, isolatedEnv, tempDir } from './helpers.js';

describe('global options before the command', () => {
  it('moves them behind the command, values and all, in every spelling', () => {
    const after = ['search', 'deploy', '--json'];
    expect(inCommandOrder(['--json', 'search', 'deploy'])).toEqual(after);
    expect(inCommandOrder(['-json', 'search', 'deploy'])).toEqual(['search', 'deploy', '-json']);
    expect(inCommandOrder(['-n', '3', 'search', 'deploy'])).toEqual(['search', 'deploy', '-n', '3']);
    expect(inCommandOrder(['-n3', 'search', 'deploy'])).toEqual(['search', 'deploy', '-n3']);
    expect(inCommandOrder(['--limit=3', '--json', 'search', 'deploy'])).toEqual(['search', 'deploy', '--limit=3', '--json']);
    expect(inCommandOrder(['--db', 'f.db', '--json', '-n', '2', 'search', 'x'])).toEqual(['search', 'x', '--db', 'f.db', '--json', '-n', '2']);
    expect(inCommandOrder(['--in', 'all', '--kind', 'rule', 'list'])).toEqual(['list', '--in', 'all', '--kind', 'rule']);
  });

  it('keeps them ahead of --, after which every word is an argument', () => {
    expect(inCommandOrder(['--json', 'search', '--', '-Werror'])).toEqual(['search', '--json', '--', '-Werror']);
    expect(inCommandOrder(['search', '--', '--json'])).toEqual(['search', '--', '--json']);
  });

  it('leaves alone a line it cannot read: no command, an unknown option first, a value missing', () => {
    expect(inCommandOrder(['--json'])).toEqual(['--json']);
    expect(inCommandOrder(['--db', 'f.db'])).toEqual(['--db', 'f.db']);
    expect(inCommandOrder(['--bogus', 'search', 'x'])).toEqual(['--bogus', 'search', 'x']);
    expect(inCommandOrder(['--help', 'search'])).toEqual(['--help', 'search']);
    expect(inCommandOrder(['-n'])).toEqual(['-n']);
    expect(inCommandOrder(['search', 'x', '--json'])).toEqual(['search', 'x', '--json']);
  });

  it('routes every order the same way: no SQLite compiled for a search, the card fast path found', () => {
    for (const argv of [['--json', 'search', 'x'], ['-n', '3', 'search', 'x'], ['--json', '--db', 'f', 'search', 'x']]) {
      const line = commandLine(inCommandOrder(argv));
      expect(line.words[0]).toBe('search');
      expect(opensDatabase(line)).toBe(false);
    }
    expect(commandLine(inCommandOrder(['--json', 'card'])).words).toEqual(['card', '--json']);
    expect(opensDatabase(commandLine(inCommandOrder(['--json', 'add', 'a fact'])))).toBe(true);
  });

  it('gives the same output for every order a user types', async () => {
    const env = isolatedEnv();
    const cwd = tempDir();
    for (const text of ['deploy goes through the staging gateway', 'staging deploy needs a ticket', 'deploy window is friday']) {
      expect((await cli(['add', text], { env, cwd })).code).toBe(0);
    }
    const orders = [
      ['search', 'deploy', '--json', '-n', '2'],
      ['--json', 'search', 'deploy', '-n', '2'],
      ['-n', '2', 'search', 'deploy', '--json'],
      ['--json', '-n', '2', 'search', 'deploy'],
      ['-json', '-n2', 'search', 'deploy'],
      ['--limit=2', '--json', 'search', 'deploy'],
    ];
    const outputs = await Promise.all(orders.map((argv) => cli(argv, { env, cwd })));
    const first = outputs[0]!;
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toHaveLength(2);
    for (const out of outputs) expect(out).toEqual(first);
  });

  it('reports an option the command does not have the same way before and after it', async () => {
    const env = isolatedEnv();
    const before = await cli(['-n', '2', 'add', 'a fact'], { env });
    const after = await cli(['add', 'a fact', '-n', '2'], { env });
    expect(before.code).toBe(1);
    expect(before).toEqual(after);
  });
});
