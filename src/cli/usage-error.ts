// Commander's parse errors as one line: what was wrong, the nearest valid option, and whose help to read.
import type { Command, CommanderError } from 'commander';

/** Options people reach for that are spelled differently here. */
const MEANT: Record<string, { option: string; instead: string }> = {
  '--all': { option: '--in', instead: '--in all' },
};

/** The (sub)command the arguments name: `dream apply x` → dream's `apply`. */
export function commandFor(program: Command, args: string[]): Command {
  let cmd = program;
  for (const arg of args) {
    if (arg === '--') break;
    const sub = cmd.commands.find((c) => c.name() === arg || c.aliases().includes(arg));
    if (sub) cmd = sub;
  }
  return cmd;
}

/** `error: unknown option '--jsn'\n(Did you mean --json?)` → `unknown option --jsn; did you mean --json? (see …)`. */
export function usageLine(err: CommanderError, cmd: Command): string {
  const [first = '', ...rest] = err.message.replace(/^error: /, '').split('\n');
  const unknown = err.code === 'commander.unknownOption' ? /'(-[^']*)'/.exec(first)?.[1] : undefined;
  let line = unknown ? `unknown option ${unknown}` : first;
  const suggested = /Did you mean (.+)\?/.exec(rest.join(' '))?.[1];
  const meant = unknown ? MEANT[unknown] : undefined;
  if (suggested) line += `; did you mean ${suggested}?`;
  else if (meant && cmd.options.some((o) => o.long === meant.option)) line += `; did you mean ${meant.instead}?`;
  const where = cmd.parent ? `memcue ${fullName(cmd)} --help` : 'memcue --help';
  // A query or fact that really starts with `-` is written after `--`.
  const dash = unknown && cmd.registeredArguments.some((a) => a.variadic) ? `; words starting with - go after --` : '';
  return `${line} (see ${where}${dash})`;
}

function fullName(cmd: Command): string {
  return cmd.parent?.parent ? `${fullName(cmd.parent)} ${cmd.name()}` : cmd.name();
}
