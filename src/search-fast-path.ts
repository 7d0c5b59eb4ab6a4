// `memcue search` is what agents run most. Loading commander and defining the commands cost a search
// over the search file ~3 ms CPU of ~45 (issue 36) for nothing the search uses. So the way in
// (src/start.ts) sends the search's plain forms here (plain-args.ts): the options `memcue search
// --help` lists, each spelled as commander takes it, then the same command module runs on the same
// context. Any other form takes the CLI, which parses and reports it as always.
import type { SearchCommandOptions } from './commands/search.js';
import type { Io } from './context.js';
import { plainArgs, runAsCli, type PlainOptions } from './plain-args.js';

/** search's options (src/cli/core.ts), by long and short name, as commander names them in the options object; true: takes a value. */
export const SEARCH_OPTIONS: PlainOptions = new Map<string, [key: string, takesValue: boolean]>([
  ['--limit', ['limit', true]],
  ['-n', ['limit', true]],
  ['--in', ['in', true]],
  ['--kind', ['kind', true]],
  ['--since', ['since', true]],
  ['--json', ['json', false]],
]);

/** The query's words and the options of `search …` as commander would parse them, or undefined when commander should. */
export function plainSearchArgs(argv: readonly string[]): { words: string[]; opts: SearchCommandOptions } | undefined {
  return plainArgs<SearchCommandOptions>(argv, 'search', SEARCH_OPTIONS, { limit: '5' });
}

/** Runs a plain `search` the way the CLI would; undefined: let the CLI run it. `db`: the global --db. */
export async function runSearchFastPath(argv: readonly string[], io: Io, db?: string): Promise<number | undefined> {
  const args = plainSearchArgs(argv);
  if (!args) return undefined;
  return runAsCli(io, db, () => import('./commands/search.js'), (search, ctx) => search.run(ctx, args.words, args.opts));
}
