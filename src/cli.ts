// The command line: the program, its global options and the one error boundary. Commands are defined
// per group in src/cli/<group>.ts; each command's work lives in src/commands/<name>.ts.
import { Command, CommanderError } from 'commander';
import { defineAgentCommands } from './cli/agents.js';
import { defineCoreCommands } from './cli/core.js';
import { defineSyncCommands } from './cli/sync.js';
import { defineCurateCommands } from './cli/curate.js';
import { defineEvalCommands } from './cli/eval.js';
import type { Lazy } from './cli/kit.js';
import { commandFacts, GROUPS, type Group } from './command-table.js';
import { inCommandOrder } from './global-options.js';
import { commandFor, usageLine } from './cli/usage-error.js';
import { commandContext, type Context, type Io } from './context.js';
import { reportError } from './errors.js';
import { VERSION } from './version.js';
import { mark } from './util/profile.js';
import { keepSearchFileCurrent } from './snapshot/keep-current.js';

export type { Io } from './context.js';

/** Commander's ways of ending after printing help or the version: not errors. */
const QUIET_EXITS = new Set(['commander.helpDisplayed', 'commander.version', 'commander.help']);

export async function runCli(argv: string[], io: Io): Promise<number> {
  keepSearchFileCurrent();
  let exitCode = 0;
  // Global options before the command (`memcue --json search x`) mean what they mean after it.
  const ordered = inCommandOrder(argv);
  const program = buildProgram(io, (code) => (exitCode = code), ordered[0]);
  const args = withTwoDashes(ordered, program);
  try {
    await program.parseAsync(args, { from: 'user' });
    return exitCode;
  } catch (err) {
    if (err instanceof CommanderError && !QUIET_EXITS.has(err.code)) {
      io.stderr(`memcue: ${usageLine(err, commandFor(program, args))}\n`);
      return 1;
    }
    // Help or version, already printed; help exits 1 when it stands in for a missing command (`memcue`).
    if (err instanceof CommanderError) return err.exitCode;
    return reportError(err, io);
  }
}

/**
 * The seed's one-dash long options (`-in all`, `-keywords=a,b`) as commander reads them (`--in all`):
 * every long option some command declares. After `--` every word is an argument, kept as written.
 */
export function withTwoDashes(argv: string[], program: Command): string[] {
  const long = new Set<string>();
  const collect = (cmd: Command): void => {
    for (const option of cmd.options) if (option.long) long.add(option.long.slice(1));
    cmd.commands.forEach(collect);
  };
  collect(program);
  const end = argv.indexOf('--');
  return argv.map((word, i) => (long.has(word.split('=')[0]!) && (end < 0 || i < end) ? `-${word}` : word));
}

function buildProgram(io: Io, setExit: (code: number) => void, command: string | undefined): Command {
  const program = new Command('memcue')
    .description('Long-term memory for coding agents: short facts in one SQLite file, searched with BM25.')
    .version(VERSION, '-V, --version')
    .option('--db <path>', 'database file (default: $MEMCUE_DB, else $XDG_DATA_HOME/memcue/memcue.db)')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr, outputError: () => {} });

  /** Wires a command to its module, lazily; the module's `run` gets a context and the parsed args. */
  const lazy: Lazy = (load) => async (...args: unknown[]) => {
    const ctx = commandContext(io, program.opts().db as string | undefined);
    const mod = await load();
    mark('command loaded');
    const code = await (mod.run as (ctx: Context, ...a: unknown[]) => Promise<number | void>)(ctx, ...args.slice(0, -1));
    setExit(code ?? 0);
  };

  // Only the group (src/cli/<group>.ts) that holds the command the line names (command-table.ts):
  // building commander's objects for every command costs a search ~1.3 ms CPU (a 20 ms command).
  // Help, a mistyped command and the like get the whole program.
  const group = commandFacts(command)?.group;
  for (const name of group ? [group] : GROUPS) COMMAND_GROUPS[name](program, lazy);
  return program;
}

const COMMAND_GROUPS: Record<Group, typeof defineCoreCommands> = {
  core: defineCoreCommands,
  sync: defineSyncCommands,
  curate: defineCurateCommands,
  agents: defineAgentCommands,
  eval: defineEvalCommands,
};
