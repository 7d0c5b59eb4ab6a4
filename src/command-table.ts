// The one table of memcue's commands and global options: what the way in (start.ts), the CLI
// (cli.ts), the global options' reordering (global-options.ts) and a busy message naming another
// memcue (locks/holders.ts) know of each, before anything else is loaded. Kept free of imports.

/** The CLI's command groups (src/cli/<group>.ts), in the order `--help` lists them. */
export const GROUPS = ['core', 'sync', 'curate', 'agents', 'eval'] as const;
export type Group = (typeof GROUPS)[number];

export interface CommandFacts {
  group: Group;
  /** It opens the database, so SQLite's WASM is worth compiling while the rest loads. */
  opensDatabase: boolean;
  /** It runs long enough for the JIT to pay off (src/start.ts). */
  longRunning?: boolean;
  /** It prints a few lines, kept and written in one piece at the end (src/start.ts). */
  shortOutput?: boolean;
  /** Its plain forms are served without commander (src/hook-fast-path.ts, src/add-fast-path.ts, src/search-fast-path.ts). */
  fastPath?: 'hook' | 'add' | 'search';
  /** Its second word says what it does: a subcommand (`memcue dream apply`), the agent (`memcue hook claude`), the evaluation set. */
  subcommands?: boolean;
}

// `hook`, `card` and `search` usually answer from a cached card or the search file, and compile
// SQLite only when they must.
const COMMANDS: Record<string, CommandFacts> = {
  add: { group: 'core', opensDatabase: true, shortOutput: true, fastPath: 'add' },
  search: { group: 'core', opensDatabase: false, shortOutput: true, fastPath: 'search' },
  show: { group: 'core', opensDatabase: true, shortOutput: true },
  edit: { group: 'core', opensDatabase: true, shortOutput: true },
  forget: { group: 'core', opensDatabase: true, shortOutput: true },
  revert: { group: 'core', opensDatabase: true, shortOutput: true },
  log: { group: 'core', opensDatabase: true },
  ui: { group: 'core', opensDatabase: true },
  list: { group: 'core', opensDatabase: true },
  stats: { group: 'core', opensDatabase: true, shortOutput: true },
  compact: { group: 'core', opensDatabase: true },
  export: { group: 'core', opensDatabase: true },
  import: { group: 'core', opensDatabase: true, longRunning: true },
  merge: { group: 'sync', opensDatabase: true },
  sync: { group: 'sync', opensDatabase: true, subcommands: true },
  dream: { group: 'curate', opensDatabase: true, longRunning: true, subcommands: true },
  migrate: { group: 'curate', opensDatabase: true, longRunning: true, subcommands: true },
  card: { group: 'agents', opensDatabase: false, shortOutput: true, fastPath: 'hook' },
  hook: { group: 'agents', opensDatabase: false, fastPath: 'hook', subcommands: true },
  doctor: { group: 'agents', opensDatabase: true },
  mcp: { group: 'agents', opensDatabase: true },
  install: { group: 'agents', opensDatabase: false },
  uninstall: { group: 'agents', opensDatabase: false },
  eval: { group: 'eval', opensDatabase: true, longRunning: true, subcommands: true },
};

/** What the table says of the command named `word`, or undefined for anything else (an option, a typo). */
export function commandFacts(word: string | undefined): CommandFacts | undefined {
  return word !== undefined && Object.hasOwn(COMMANDS, word) ? COMMANDS[word] : undefined;
}

/** Options people type before the command as well as after it → whether each takes a value. Long names also in the seed's one-dash spelling (`-json`). */
export const GLOBAL_OPTIONS = new Map<string, boolean>([
  ['--db', true], ['--json', false], ['-n', true], ['--limit', true], ['--in', true], ['--kind', true], ['--since', true],
]);
