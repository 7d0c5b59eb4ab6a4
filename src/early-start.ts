// The first thing both entries run, before the CLI's code is even evaluated: answer `--version`,
// start compiling SQLite for commands that will open the database (the compile runs off the main
// thread while commander and the command load), give long commands the JIT back, and send a plain
// `hook` or `card` to the fast path that usually serves it without the CLI.
import { compileWasm } from './store/wasm-binary.js';
import { restoreJit } from './util/jit.js';
import { VERSION } from './version.js';
import { writeStdout } from './util/stdio.js';

/**
 * Commands that never open the database: no point compiling SQLite for them. `hook` and `card`
 * usually serve a cached card, and `search` usually reads the search file (src/snapshot); when they
 * cannot, they compile it when they open the database.
 */
const NO_DATABASE = new Set([undefined, '--version', '-V', '--help', '-h', 'help', 'install', 'uninstall', 'hook', 'card', 'search']);
/**
 * Commands that run long enough for JavaScriptCore's JIT to pay off. The compiled binary starts with
 * the JIT made reluctant (scripts/build-bin.ts: --compile-jit-policy), which saves a short
 * command the compiling it would never profit from; these get the normal policy back.
 */
const LONG_RUNNING = new Set(['import', 'dream', 'eval', 'migrate']);

/**
 * `memcue --version` alone (agents' wrappers and install checks run it) is answered before the CLI
 * is loaded: the same line commander prints. Returns whether it was.
 */
export function printedVersion(argv: readonly string[]): boolean {
  if (argv.length !== 3 || (argv[2] !== '--version' && argv[2] !== '-V')) return false;
  void writeStdout(`${VERSION}\n`);
  return true;
}

export function earlyStart(argv: readonly string[]): void {
  const first = argv[2];
  if (LONG_RUNNING.has(first!)) restoreJit();
  if (NO_DATABASE.has(first) || argv.includes('--help')) return;
  // A failure here (a missing file) is reported by the command that needs SQLite, not here.
  compileWasm().catch(() => {});
}

/** Whether the fast path (src/hook-fast-path.ts) served `argv`: a plain `hook`, a cached `card`. */
export async function servedFast(argv: readonly string[]): Promise<boolean> {
  if (argv[2] !== 'hook' && argv[2] !== 'card') return false;
  return (await import('./hook-fast-path.js')).servedFast(argv.slice(2));
}

