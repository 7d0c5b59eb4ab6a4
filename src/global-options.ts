// Options people type before the command (`memcue --json search x`, `memcue -n 3 search x`) as well
// as after it. Commander knows only `--db` at the program's level; the others belong to commands, so
// the way in (src/start.ts) moves them behind the command before anything routes or parses the line:
// every order then takes the same path and means the same. Kept free of commander: this runs before
// the CLI is loaded.

import { GLOBAL_OPTIONS } from './command-table.js';

/** How many words the option at `argv[i]` spans (1 or 2), or 0 when it is not a global option. */
function globalOptionWords(argv: readonly string[], i: number): number {
  const word = argv[i]!;
  const name = word.split('=')[0]!;
  const takesValue = GLOBAL_OPTIONS.get(name) ?? GLOBAL_OPTIONS.get(`-${name}`);
  if (takesValue === undefined) {
    // `-n3`: commander's short option with its value attached.
    return /^-n\d/.test(word) ? 1 : 0;
  }
  if (!takesValue) return name === word ? 1 : 0;
  if (name !== word) return 1; // --limit=3
  return i + 1 < argv.length ? 2 : 0;
}

/**
 * `argv` (the words after the program's name) with the global options that stand before the command
 * moved behind it, ahead of a `--` (after which every word is an argument). A line whose leading
 * options are not all global is left as it is, for commander to report.
 */
export function inCommandOrder(argv: readonly string[]): string[] {
  const leading: string[] = [];
  let i = 0;
  while (i < argv.length && argv[i]!.startsWith('-') && argv[i] !== '--') {
    const span = globalOptionWords(argv, i);
    if (span === 0) return [...argv];
    leading.push(...argv.slice(i, i + span));
    i += span;
  }
  if (leading.length === 0 || i === argv.length) return [...argv];
  const rest = argv.slice(i);
  const end = rest.indexOf('--');
  return end < 0 ? [...rest, ...leading] : [...rest.slice(0, end), ...leading, ...rest.slice(end)];
}
