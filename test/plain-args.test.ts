// The fast paths' parse (src/plain-args.ts) of add and search: their plain forms mean what commander
// makes of them, with the options src/cli/core.ts defines, and every other form is left to the CLI.
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { ADD_OPTIONS, plainAddArgs } from '../src/add-fast-path.js';
import { withTwoDashes } from '../src/cli.js';
import { defineCoreCommands } from '../src/cli/core.js';
import type { PlainOptions } from '../src/plain-args.js';
import { plainSearchArgs, SEARCH_OPTIONS } from '../src/search-fast-path.js';

/** What commander, with the commands src/cli/core.ts defines, hands the command's module. */
async function commanderParse(argv: string[]): Promise<{ words: string[]; opts: Record<string, unknown> }> {
  const program = new Command('memcue').exitOverride().configureOutput({ writeOut: () => {}, writeErr: () => {}, outputError: () => {} });
  let parsed: { words: string[]; opts: Record<string, unknown> } | undefined;
  defineCoreCommands(program, () => async (...args: unknown[]) => {
    parsed = { words: args[0] as string[], opts: args[1] as Record<string, unknown> };
  });
  await program.parseAsync(withTwoDashes(argv, program), { from: 'user' });
  return parsed!;
}

const COMMANDS: [command: string, options: PlainOptions, parse: (argv: string[]) => unknown, plain: string[][], others: string[][]][] = [
  [
    'add',
    ADD_OPTIONS,
    plainAddArgs,
    [
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
    ],
    [['add'], ['add', '--help'], ['add', '-h', 'x'], ['add', '--kind'], ['add', 'x', '--kind', '--json'], ['add', '--json=yes', 'x'], ['add', '--bogus', 'x'], ['add', '-5', 'degrees', 'is', 'the', 'floor'], ['add', '--'], ['search', 'x']],
  ],
  [
    'search',
    SEARCH_OPTIONS,
    plainSearchArgs,
    [
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
    ],
    [['search'], ['search', '--help'], ['search', '-h', 'x'], ['search', '--limit'], ['search', 'x', '-n', '-3'], ['search', 'x', '-n=3'], ['search', 'x', '-n3'], ['search', '--json=yes', 'x'], ['search', '--scope', 'global', 'x'], ['search', '-Werror'], ['search', '--'], ['add', 'x']],
  ],
];

describe.each(COMMANDS)('memcue %s without commander', (command, options, parse, plain, others) => {
  it('knows the options the CLI defines for it, no more and no fewer', () => {
    const program = new Command('memcue');
    defineCoreCommands(program, () => async () => {});
    const defined = program.commands.find((c) => c.name() === command)!;
    const names = defined.options.flatMap((o) => [o.long, o.short].filter((n): n is string => n !== undefined).map((n) => [n, [o.attributeName(), o.required]] as const));
    expect(new Map(names)).toEqual(options);
  });

  it('parses the plain forms as commander does', async () => {
    for (const argv of plain) {
      const ours = parse(argv);
      expect(ours, argv.join(' ')).toBeDefined();
      expect(ours, argv.join(' ')).toEqual(await commanderParse(argv));
    }
  });

  it('leaves help, odd options and dash words to the CLI', () => {
    for (const argv of others) expect(parse(argv), argv.join(' ')).toBeUndefined();
  });
});
