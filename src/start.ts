// The way in: src/bin-entry.ts, the single executable (SQLite's WASM and the plugin files embedded),
// which is also what `npx memcue` runs (bin/memcue.js launches it). It calls start(), and what runs
// before what is the start-up budget (bench/RESULTS.md, "Cold start"):
//   1. `memcue --version` alone is answered before anything else is loaded;
//   2. a command that will open the database starts compiling SQLite (off the main thread, while the
//      rest loads); a long command gets the JIT back;
//   3. a plain `hook` and a cached `card` are served by src/hook-fast-path.ts, a plain `add` by
//      src/add-fast-path.ts, a plain `search` by src/search-fast-path.ts, without commander;
//   4. otherwise the entry's extras load (embedded files) beside src/cli.ts, which parses the
//      arguments and runs the command's module from src/commands/.
// First the options typed before the command (`--db F`, `--json`, `-n 3`) are moved behind it
// (src/global-options.ts), so `memcue --json search …` takes the path, and has the meaning,
// `memcue search … --json` has.
import { commandFacts } from './command-table.js';
import { inCommandOrder } from './global-options.js';
import type { Io } from './context.js';
import { registerSelf } from './sync/self.js';
import { compileWasm } from './sqlite/wasm-binary.js';
import { restoreJit } from './util/jit.js';
import { mark, report } from './util/profile.js';
import { readJsonValue, readStdin, writeStdout } from './util/stdio.js';
import { VERSION } from './version.js';

export interface Entry {
  /** How git's merge driver runs this same memcue (src/sync/self.ts). */
  self: string[];
  /** What the CLI needs that the fast paths do not (the embedded viewer and plugin files). */
  extras: () => Promise<unknown>;
}

/** The program's own option (src/cli.ts), as commander and the one-dash spelling accept it. */
const DB_OPTION = new Set(['--db', '-db']);

/** A command line read just far enough to route it: the words without the global option, and its value. */
export interface CommandLine {
  words: string[];
  db?: string;
}

/** `argv` (the words after the program's name) with `--db F`, `-db F`, `--db=F` or `-db=F` taken out, up to `--`. */
export function commandLine(argv: readonly string[]): CommandLine {
  const words: string[] = [];
  let db: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '--') {
      words.push(...argv.slice(i));
      break;
    }
    if (DB_OPTION.has(word) && i + 1 < argv.length) db = argv[++i];
    else if (/^--?db=/.test(word)) db = word.slice(word.indexOf('=') + 1);
    else words.push(word);
  }
  return { words, db };
}

export async function start(argv: readonly string[], entry: Entry): Promise<void> {
  if (printedVersion(argv)) return;
  const args = inCommandOrder(argv.slice(2));
  const line = commandLine(args);
  earlyStart(line);
  if (await servedFast(line)) return;
  await runCli(args, line.words[0], entry);
}

/**
 * `memcue --version` alone (agents' wrappers and install checks run it) is answered before the CLI
 * is loaded: the same line commander prints. Returns whether it was.
 */
function printedVersion(argv: readonly string[]): boolean {
  if (argv.length !== 3 || (argv[2] !== '--version' && argv[2] !== '-V')) return false;
  void writeStdout(`${VERSION}\n`);
  return true;
}

/** Whether the command will open the database, so SQLite is worth compiling before it asks. */
export function opensDatabase({ words }: CommandLine): boolean {
  return commandFacts(words[0])?.opensDatabase === true && !words.includes('--help');
}

/**
 * A long command (command-table.ts) gets JavaScriptCore's normal JIT policy back: the compiled binary
 * starts with the JIT made reluctant (scripts/build-bin.ts: --compile-jit-policy), which saves a
 * short command the compiling it would never profit from.
 */
function earlyStart(line: CommandLine): void {
  if (commandFacts(line.words[0])?.longRunning) restoreJit();
  // A failure here (a missing file) is reported by the command that needs SQLite, not here.
  if (opensDatabase(line)) compileWasm().catch(() => {});
}

/** The fast paths, by command: each serves the plain forms of its command and leaves the rest to the CLI. */
const FAST_PATHS: Record<'hook' | 'add' | 'search', () => Promise<(argv: readonly string[], io: Io, db?: string) => Promise<number | undefined>>> = {
  hook: async () => (await import('./hook-fast-path.js')).runFastPath,
  add: async () => (await import('./add-fast-path.js')).runAddFastPath,
  search: async () => (await import('./search-fast-path.js')).runSearchFastPath,
};

/** Whether a fast path served the command line (then the exit code is set): a plain `hook` or `add`, a cached `card`. */
async function servedFast(line: CommandLine): Promise<boolean> {
  const fastPath = commandFacts(line.words[0])?.fastPath;
  if (!fastPath) return false;
  const runFastPath = await FAST_PATHS[fastPath]();
  mark('fast path loaded');
  let out = ''; // written in one piece at the end, through Bun's writer (src/util/stdio.ts)
  const io: Io = { env: process.env, cwd: process.cwd(), stdout: (text) => (out += text), stderr: (text) => process.stderr.write(text), readStdin, readHookInput };
  // `add` tells a person at a terminal where a new memory was made (the README's first step is an
  // add). Asked only then, once in a memory's life: node:tty, or the stderr stream, costs every add ~2 ms.
  Object.defineProperty(io, 'stderrIsTTY', { get: () => process.stderr.isTTY === true });
  const code = await runFastPath(line.words, io, line.db);
  if (code === undefined) return false;
  await finish(out, code);
  return true;
}

/**
 * A hook's stdin: agents send one small JSON object (a few paths), and the session waits for the
 * hook, so a pipe left open or never written to costs at most this wait.
 */
const readHookInput = () => readJsonValue(1 << 20, 1500);

/** The CLI on the real streams and environment; its exit code becomes the process's. */
async function runCli(argv: string[], command: string | undefined, entry: Entry): Promise<void> {
  // The CLI (commander and every command's definition) is loaded only here.
  const [cli] = await Promise.all([import('./cli.js'), entry.extras()]);
  registerSelf(entry.self);
  mark('js loaded');
  // A command that prints a few lines (command-table.ts) keeps its output and writes it in one piece
  // at the end through Bun's writer (src/util/stdio.ts), so Node's process.stdout stream is never set
  // up (~0.5 ms of a 19 ms search). The others (export, list, mcp, ui, progress bars) write as they go.
  const kept = commandFacts(command)?.shortOutput === true;
  let out = '';
  const io: Io = {
    env: process.env,
    cwd: process.cwd(),
    stdout: kept ? (text) => (out += text) : (text) => stream(process.stdout).write(text),
    stderr: (text) => stream(process.stderr).write(text),
    readStdin,
    readHookInput,
  };
  // Asked of the descriptor (process.stderr.isTTY would set up the stream), and only when a command
  // asks: loading node:tty loads Node's stream modules, ~5 ms CPU and 7 MB of a search that never asks.
  Object.defineProperties(io, {
    stderrIsTTY: { get: () => isTerminal(2), enumerable: true },
    stdoutIsTTY: { get: () => isTerminal(1), enumerable: true },
  });
  const code = await cli.runCli(argv, io);
  await finish(out, code);
}

/** The output kept for the end written in one piece, the profile's marks reported; `code` becomes the process's exit code. */
async function finish(out: string, code: number): Promise<void> {
  if (out) await writeStdout(out);
  mark('done');
  report((text) => process.stderr.write(text));
  process.exitCode = code;
}

/** Whether the descriptor is a terminal; node:tty is loaded on the first call. */
function isTerminal(fd: number): boolean {
  return process.getBuiltinModule('node:tty').isatty(fd);
}

const watched = new Set<NodeJS.WriteStream>();

/** A standard stream, set up on first use: `memcue list | head -1`, a reader that went away, is not an error worth a stack trace. */
function stream(s: NodeJS.WriteStream): NodeJS.WriteStream {
  if (watched.has(s)) return s;
  watched.add(s);
  s.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw err;
  });
  return s;
}
