// A command's plain forms parsed without commander, for the fast paths (add-fast-path.ts,
// search-fast-path.ts): its words and the options it defines, each spelled as commander takes it
// (`--kind rule`, `--kind=rule`, the seed's one-dash `-kind rule` as src/cli.ts accepts it, a short
// `-n 3`). Any other form (help, an unknown or malformed option, a word that starts with `-`, no
// words) is left to commander, which parses and reports it as always. Keep this module's imports light.
import type { Context, Io } from './context.js';
import { keepSearchFileCurrent } from './snapshot/keep-current.js';

/** A command's options by name (long, or short), as commander names them in the options object; true: takes a value. */
export type PlainOptions = ReadonlyMap<string, readonly [key: string, takesValue: boolean]>;

/**
 * The words and options of `command …` (the words after the program's name, without the global
 * `--db`) as commander would parse them, options not given as in `defaults`; or undefined when
 * commander should parse them: then it does, and its answer (an error, help) is the one the user gets.
 */
export function plainArgs<T extends object>(argv: readonly string[], command: string, options: PlainOptions, defaults: T): { words: string[]; opts: T } | undefined {
  if (argv[0] !== command) return undefined;
  const words: string[] = [];
  const opts = { ...defaults };
  const set = opts as unknown as Record<string, string | boolean>;
  for (let i = 1; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '--') {
      words.push(...argv.slice(i + 1));
      break;
    }
    // `-` alone is an argument (add's standard input marker); any other dash word is an option.
    if (!word.startsWith('-') || word === '-') {
      words.push(word);
      continue;
    }
    const eq = word.indexOf('=');
    const name = eq < 0 ? word : word.slice(0, eq);
    // A short option takes its value as the next word only (commander reads `-n=3` otherwise).
    if (eq >= 0 && !name.startsWith('--') && name.length === 2) return undefined;
    const option = options.get(name) ?? (name.startsWith('--') ? undefined : options.get(`-${name}`));
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

/**
 * Runs a command's module as the CLI's would run it (src/cli.ts): on the context the CLI makes, with
 * its notes set up, an error reported in the CLI's words; the exit code. `db`: the global --db. The
 * module loads beside what the run needs, in one round.
 */
export async function runAsCli<M>(io: Io, db: string | undefined, load: () => Promise<M>, run: (module: M, ctx: Context) => Promise<unknown>): Promise<number> {
  keepSearchFileCurrent();
  const [{ commandContext }, { reportError }, module] = await Promise.all([import('./context.js'), import('./errors.js'), load()]);
  try {
    await run(module, commandContext(io, db));
    return 0;
  } catch (err) {
    return reportError(err, io);
  }
}
