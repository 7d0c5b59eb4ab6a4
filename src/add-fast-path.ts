// `memcue add` is what agents run in the middle of their work. Loading commander, defining the
// commands and the entry's embedded files cost an add ~5 % of its CPU for nothing the add uses
// (docs/add-cost.md). So the way in (src/start.ts) sends the add's plain forms here: the options
// `memcue add --help` lists, each spelled as commander takes it, then the same command module runs
// on the same context. Any other form (help, an unknown or malformed option, a word that starts with
// `-`) takes the CLI, which parses and reports it as always. Keep this module's imports light.
import { keepSearchFileCurrent } from './snapshot/keep-current.js';
import type { AddOptions } from './commands/add.js';
import type { Io } from './context.js';

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

export interface AddArgs {
  words: string[];
  opts: AddOptions;
}

/**
 * The fact's words and options of `add …` (the words after the program's name, without the global
 * `--db`) as commander would parse them, or undefined when commander should: then it does, and its
 * answer (an error, help) is the one the user gets.
 */
export function plainAddArgs(argv: readonly string[]): AddArgs | undefined {
  if (argv[0] !== 'add') return undefined;
  const words: string[] = [];
  const opts: AddOptions = { kind: 'note' };
  const set = opts as unknown as Record<string, string | boolean>;
  for (let i = 1; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '--') {
      words.push(...argv.slice(i + 1));
      break;
    }
    // `-` alone is the standard input marker, an argument; any other dash word is an option.
    if (!word.startsWith('-') || word === '-') {
      words.push(word);
      continue;
    }
    const eq = word.indexOf('=');
    const name = eq < 0 ? word : word.slice(0, eq);
    // The seed's one-dash spelling of a long option (`-kind rule`), as src/cli.ts accepts it.
    const option = ADD_OPTIONS.get(name) ?? (name.startsWith('--') ? undefined : ADD_OPTIONS.get(`-${name}`));
    if (!option) return undefined;
    const [key, takesValue] = option;
    if (!takesValue) {
      if (eq >= 0) return undefined;
      set[key] = true;
      continue;
    }
    const value = eq >= 0 ? word.slice(eq + 1) : argv[++i];
    // A missing value, or one commander might read otherwise: its parse decides.
    if (value === undefined || (eq < 0 && value.startsWith('-'))) return undefined;
    set[key] = value;
  }
  return words.length > 0 ? { words, opts } : undefined;
}

/** Runs a plain `add` the way the CLI would; undefined: let the CLI run it. `db`: the global --db. */
export async function runAddFastPath(argv: readonly string[], io: Io, db?: string): Promise<number | undefined> {
  const args = plainAddArgs(argv);
  if (!args) return undefined;
  keepSearchFileCurrent();
  const [{ makeContext }, { databasePath }, { reportError }, { setOddFileNotes, setPersonReading }, add] = await Promise.all([
    import('./context.js'),
    import('./config.js'),
    import('./errors.js'),
    import('./util/safe-file.js'),
    import('./commands/add.js'),
  ]);
  try {
    const ctx = makeContext(io, db);
    setOddFileNotes((line) => io.stderr(`memcue: note: ${line}\n`));
    setPersonReading(() => io.stderrIsTTY === true, databasePath({ ...io.env, MEMCUE_DB: undefined }));
    await add.run(ctx, args.words, args.opts);
    return 0;
  } catch (err) {
    return reportError(err, io);
  }
}
