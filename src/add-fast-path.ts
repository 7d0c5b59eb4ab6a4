// `memcue add` is what agents run in the middle of their work. Loading commander, defining the
// commands and the entry's embedded files cost an add ~5 % of its CPU for nothing the add uses
// (docs/add-cost.md). So the way in (src/start.ts) sends the add's plain forms here: the options
// `memcue add --help` lists, each spelled as commander takes it (plain-args.ts), then the same command
// module runs on the same context. Any other form (help, an unknown or malformed option, a word that
// starts with `-`) takes the CLI, which parses and reports it as always. Keep this module's imports light.
import type { AddOptions } from './commands/add.js';
import type { Io } from './context.js';
import { plainArgs, runAsCli } from './plain-args.js';

/** add's options (src/cli/core.ts), as commander names them in the options object; true: takes a value. */
export const ADD_OPTIONS = new Map<string, [key: string, takesValue: boolean]>([
  ['--kind', ['kind', true]],
  ['--scope', ['scope', true]],
  ['--quote', ['quote', true]],
  ['--source', ['source', true]],
  ['--keywords', ['keywords', true]],
  ['--allow-secret', ['allowSecret', false]],
  ['--json', ['json', false]],
]);

/** The fact's words and options of `add …` as commander would parse them, or undefined when commander should (plain-args.ts). */
export function plainAddArgs(argv: readonly string[]): { words: string[]; opts: AddOptions } | undefined {
  return plainArgs<AddOptions>(argv, 'add', ADD_OPTIONS, { kind: 'note' });
}

/** Runs a plain `add` the way the CLI would; undefined: let the CLI run it. `db`: the global --db. */
export async function runAddFastPath(argv: readonly string[], io: Io, db?: string): Promise<number | undefined> {
  const args = plainAddArgs(argv);
  if (!args) return undefined;
  return runAsCli(io, db, () => import('./commands/add.js'), (add, ctx) => add.run(ctx, args.words, args.opts));
}
