// `memcue hook <agent> <event>` runs at every agent session start, and usually only prints a cached
// card: then loading commander and defining every command would cost more than the card itself. So
// the plain form (no options) goes straight to the hook command; anything else takes the CLI.
import type { Io } from './context.js';
import { makeContext } from './context.js';
import { mark } from './util/profile.js';

/** The hook's agent and event when `argv` is `hook [agent] [event]` with no options, else undefined. */
export function plainHookArgs(argv: readonly string[]): (string | undefined)[] | undefined {
  if (argv[0] !== 'hook' || argv.length > 3 || argv.some((a) => a.startsWith('-'))) return undefined;
  return [argv[1], argv[2]];
}

/** Runs the hook as the CLI would (same context, same command); undefined: let the CLI run it. */
export async function runPlainHook(args: (string | undefined)[], io: Io): Promise<number | undefined> {
  let ctx;
  try {
    ctx = makeContext(io);
  } catch {
    return undefined; // a bad environment: the CLI reports it as it does for every command
  }
  const hook = await import('./commands/hook.js');
  mark('command loaded');
  return hook.run(ctx, args[0], args[1]);
}
