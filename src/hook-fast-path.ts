// `memcue hook <agent> <event>` runs at every agent session start and `memcue card` at every Hermes
// or OpenCode session, and both usually only print a cached card: then loading commander, defining
// every command, or even setting up Node's process.stdout would cost more than the card itself. So
// the way in (src/start.ts) sends their plain forms (no options but the global --db) here first: the
// hook runs as the CLI would run it, and `card` is printed when its cache is fresh; anything else
// takes the CLI. Keep this module's imports light: they are what a cached card loads
// (test/hook-fast-path.test.ts).
import { makeContext, type Context, type Io } from './context.js';
import { cachedCard } from './hooks/make-card.js';
import { mark } from './util/profile.js';

/** The hook's agent and event when `argv` is `hook [agent] [event]` with no options, else undefined. */
function plainHookArgs(argv: readonly string[]): (string | undefined)[] | undefined {
  if (argv[0] !== 'hook' || argv.length > 3 || argv.some((a) => a.startsWith('-'))) return undefined;
  return [argv[1], argv[2]];
}

/**
 * Runs a plain `hook` or a cached `card` the way the CLI would; undefined: let the CLI run it.
 * `argv`: the command line's words without the global `--db`, which comes as `db`.
 */
export async function runFastPath(argv: readonly string[], io: Io, db?: string): Promise<number | undefined> {
  const hookArgs = plainHookArgs(argv);
  if (!hookArgs && !(argv.length === 1 && argv[0] === 'card')) return undefined;
  let ctx: Context;
  try {
    ctx = makeContext(io, db);
  } catch {
    return undefined; // a bad environment: the CLI reports it as it does for every command
  }
  if (!hookArgs) {
    const card = cachedCard(ctx);
    if (card) io.stdout(card.text);
    return card ? 0 : undefined;
  }
  const hook = await import('./commands/hook.js');
  mark('command loaded');
  return hook.run(ctx, hookArgs[0], hookArgs[1]);
}
