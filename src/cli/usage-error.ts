// Commander's parse errors as one line: what was wrong, the nearest valid option, and whose help to read.
import type { Command, CommanderError } from 'commander';
import { nearest } from '../util/nearest.js';

/** Options people reach for that are spelled differently here. */
const MEANT: Record<string, { option: string; instead: string }> = {
  '--all': { option: '--in', instead: '--in all' },
};

/** Commands people reach for that are named otherwise here (from other tools' vocabulary). */
const COMMAND_MEANT: Record<string, string> = {
  remove: 'forget', delete: 'forget', rm: 'forget', del: 'forget', drop: 'forget',
  ls: 'list', find: 'search', grep: 'search', query: 'search', recall: 'search',
  remember: 'add', save: 'add', new: 'add', note: 'add', store: 'add',
  history: 'log', changes: 'log', update: 'edit', change: 'edit', cat: 'show', get: 'show', view: 'show',
  backup: 'export', dump: 'export', restore: 'import', load: 'import', open: 'ui', web: 'ui', viewer: 'ui',
  status: 'doctor', check: 'doctor', setup: 'install', wire: 'install', unwire: 'uninstall',
};

/** Agent names as people write them → the name `install` takes; null: a client memcue does not wire. */
const AGENT_MEANT: Record<string, string | null> = {
  'claude-code': 'claude', claudecode: 'claude', claude_code: 'claude', cc: 'claude',
  'codex-cli': 'codex', 'openai-codex': 'codex', 'gemini-cli': 'gemini', 'cursor-agent': 'cursor', 'hermes-agent': 'hermes',
  'claude-app': 'claude-desktop', desktop: 'claude-desktop',
  vscode: null, code: null, copilot: null, 'github-copilot': null, windsurf: null, zed: null, cline: null, continue: null, aider: null,
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
  const command = err.code === 'commander.unknownCommand' ? /'([^']*)'/.exec(first)?.[1] : undefined;
  const suggested = /Did you mean (.+)\?/.exec(rest.join(' '))?.[1] ?? (command !== undefined ? COMMAND_MEANT[command.toLowerCase()] : undefined);
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
  const noun = name.replace(/^-+|[ <>[\]].*$/g, '') || name;
  const meant = noun === 'agent' ? AGENT_MEANT[typed.toLowerCase()] : undefined;
  // Any MCP client can run `memcue mcp` itself; install only writes the configs it knows.
  if (meant === null) return `unknown ${noun} "${typed}": memcue does not wire it, but any MCP client can run \`memcue mcp\` (one of: ${choices.join(', ')}; see docs/agents.md#memcue-mcp)`;
  const near = meant ?? nearest(typed, choices);
  return `unknown ${noun} "${typed}"${near ? `; did you mean ${near}?` : ''} (one of: ${choices.join(', ')}; see ${where})`;
}

function fullName(cmd: Command): string {
  return cmd.parent?.parent ? `${fullName(cmd.parent)} ${cmd.name()}` : cmd.name();
}
