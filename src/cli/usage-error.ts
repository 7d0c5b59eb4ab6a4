// Commander's parse errors as one line: what was wrong, the nearest valid option, and whose help to read.
import type { Command, CommanderError } from 'commander';
import { nearest } from '../util/nearest.js';

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
  const where = cmd.parent ? `memcue ${fullName(cmd)} --help` : 'memcue --help';
  const choice = choiceLine(err.message, where);
  if (choice) return choice;
  const [first = '', ...rest] = err.message.replace(/^error: /, '').split('\n');
  const unknown = err.code === 'commander.unknownOption' ? /'(-[^']*)'/.exec(first)?.[1] : undefined;
  let line = unknown ? `unknown option ${unknown}` : first;
  const suggested = /Did you mean (.+)\?/.exec(rest.join(' '))?.[1];
  const meant = unknown ? MEANT[unknown] : undefined;
  if (suggested) line += `; did you mean ${suggested}?`;
  else if (meant && cmd.options.some((o) => o.long === meant.option)) line += `; did you mean ${meant.instead}?`;
  // A query or fact that really starts with `-` is written after `--`.
  const dash = unknown && cmd.registeredArguments.some((a) => a.variadic) ? `; words starting with - go after --` : '';
  return `${line} (see ${where}${dash})`;
}

/** `command-argument value 'cursr' is invalid for argument 'agent'. Allowed choices are a, b.` →
 * `unknown agent "cursr"; did you mean cursor? (one of: a, b; see …)`. */
function choiceLine(message: string, where: string): string | undefined {
  const m = /value '(.*)' is invalid for (?:argument|option) '([^']*)'\. Allowed choices are (.*)\.$/m.exec(message);
  if (!m) return undefined;
  const [, typed, name, list] = m as unknown as [string, string, string, string];
  const choices = list.split(', ');
  const near = nearest(typed, choices);
  const noun = name.replace(/^-+|[ <>[\]].*$/g, '') || name;
  return `unknown ${noun} "${typed}"${near ? `; did you mean ${near}?` : ''} (one of: ${choices.join(', ')}; see ${where})`;
}

function fullName(cmd: Command): string {
  return cmd.parent?.parent ? `${fullName(cmd.parent)} ${cmd.name()}` : cmd.name();
}
