// The command line: commander definitions only. Each command's work lives in src/commands/<name>.ts
// and is imported when that command runs, so `--version` or `--help` never load SQLite.
import { Command, CommanderError, Option } from 'commander';
import { makeContext, type Context, type Io } from './context.js';
import { MemcueError } from './errors.js';
import { VERSION } from './version.js';

export type { Io } from './context.js';

/** The seed's single-dash long options (`-in all`) become standard `--in all`. */
const SINGLE_DASH_LONG = new Set(['-in', '-kind', '-since', '-json', '-db', '-scope', '-limit', '-all']);

export async function runCli(argv: string[], io: Io): Promise<number> {
  const args = argv.map((a) => (SINGLE_DASH_LONG.has(a) ? `-${a}` : a));
  let exitCode = 0;
  const program = buildProgram(io, (code) => (exitCode = code));
  try {
    await program.parseAsync(args, { from: 'user' });
    return exitCode;
  } catch (err) {
    return reportError(err, io);
  }
}

function buildProgram(io: Io, setExit: (code: number) => void): Command {
  const program = new Command('memcue')
    .description('Long-term memory for coding agents: short facts in one SQLite file, searched with BM25.')
    .version(VERSION, '-V, --version')
    .option('--db <path>', 'database file (default: $MEMCUE_DB, else $XDG_DATA_HOME/memcue/memcue.db)')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr, outputError: () => {} });

  /** Wires a command to its module, lazily; the module's `run` gets a context and the parsed args. */
  const lazy =
    (load: () => Promise<{ run: (ctx: Context, ...args: never[]) => Promise<number | void> | number | void }>) =>
    async (...args: unknown[]) => {
      const ctx = makeContext(io, program.opts().db as string | undefined);
      const mod = await load();
      const code = await (mod.run as (ctx: Context, ...a: unknown[]) => Promise<number | void>)(ctx, ...args.slice(0, -1));
      setExit(code ?? 0);
    };

  const kindOption = () => new Option('--kind <kind>', 'rule | decision | gotcha | env | note');
  const inOption = () => new Option('--in <where>', 'repo (default: this repo + machine + global), all, global, machine, or a repo id');

  program
    .command('add')
    .description('remember one short, self-contained fact; prints its id')
    .argument('<text...>', 'the fact (several words are joined with spaces)')
    .addOption(kindOption().default('note'))
    .option('--scope <scope>', 'repo (default inside a git repo), global, machine, or repo:<id>')
    .option('--quote <quote>', 'supporting excerpt the fact came from')
    .option('--source <source>', 'where it came from (a path or session id); the repo id is added')
    .option('--allow-secret', 'store it even if it looks like a secret')
    .option('--json', 'print the whole fact as JSON')
    .addHelpText('after', '\nExample:\n  memcue add --kind gotcha "api-gw times out after 30 s; raise PROXY_TIMEOUT for uploads"')
    .action(lazy(() => import('./commands/add.js')));

  program
    .command('search')
    .description('find facts: BM25, best first, at most 5, weak results cut off')
    .argument('<query...>', 'words, synonyms, both languages; any text is valid')
    .option('-n, --limit <n>', 'at most this many results', '5')
    .addOption(inOption())
    .addOption(kindOption())
    .option('--since <date>', 'only facts since an ISO date or an age: 7d, 2w, 3m')
    .option('--json', 'print a JSON array')
    // Any text is a valid query, even words that look like options (`-a`, `--foo`).
    .allowUnknownOption()
    .addHelpText('after', '\nExample:\n  memcue search deploy staging деплой стенд --in all')
    .action(lazy(() => import('./commands/search.js')));

  program
    .command('show')
    .description('a fact with all its versions')
    .argument('<id>', 'fact id (or a unique prefix)')
    .option('--json', 'print JSON')
    .action(lazy(() => import('./commands/show.js')));

  program
    .command('edit')
    .description('replace the text of a fact (appends a version)')
    .argument('<id>', 'fact id (or a unique prefix)')
    .argument('<text...>', 'the new text')
    .addOption(kindOption())
    .option('--allow-secret', 'store it even if it looks like a secret')
    .option('--json', 'print the new version as JSON')
    .action(lazy(() => import('./commands/edit.js')));

  program
    .command('forget')
    .description('forget a fact (appends a forgotten version; history is kept)')
    .argument('<id>', 'fact id (or a unique prefix)')
    .option('--json', 'print the new version as JSON')
    .action(lazy(() => import('./commands/forget.js')));

  program
    .command('list')
    .description('current facts, newest first')
    .addOption(kindOption())
    .addOption(inOption())
    .option('--since <date>', 'only facts since an ISO date or an age: 7d, 2w, 3m')
    .option('-n, --limit <n>', 'at most this many')
    .option('--json', 'print a JSON array')
    .action(lazy(() => import('./commands/list.js')));

  program
    .command('stats')
    .description('counts by kind and scope, versions, file size')
    .option('--json', 'print JSON')
    .action(lazy(() => import('./commands/stats.js')));

  program
    .command('export')
    .description('write facts as JSON Lines to stdout (current versions, or all with --all-versions)')
    .option('--all-versions', 'every version row, not only current ones')
    .action(lazy(() => import('./commands/export.js')));

  program
    .command('import')
    .description('read JSON Lines (export format or {"text","kind"?,"scope"?}) in one transaction')
    .argument('<file>', 'a file, or - for standard input')
    .option('--allow-secret', 'import lines that look like secrets')
    .action(lazy(() => import('./commands/import.js')));

  return program;
}

/** The one place errors become output: one line, a hint, exit 1 for the user's errors, 2 for ours. */
function reportError(err: unknown, io: Io): number {
  if (err instanceof CommanderError) {
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') return 0;
    io.stderr(`memcue: ${err.message.replace(/^error: /, '')} (see memcue --help)\n`);
    return 1;
  }
  const debug = io.env.MEMCUE_DEBUG === '1';
  if (err instanceof MemcueError) {
    io.stderr(`memcue: ${err.message}${err.hint ? ` (${err.hint})` : ''}\n`);
    if (debug) io.stderr(`${err.stack}\n`);
    return 1;
  }
  const message = err instanceof Error ? err.message : String(err);
  io.stderr(`memcue: internal error: ${message.split('\n')[0]} (run with MEMCUE_DEBUG=1 for details and report it)\n`);
  if (debug && err instanceof Error) io.stderr(`${err.stack}\n`);
  return 2;
}
