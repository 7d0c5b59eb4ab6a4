// Output shapes shared by the commands and the session-start card (src/hooks/card.ts). Plain lines are
// compact because they land in an agent's context.
import { MemcueError } from './errors.js';
import type { Fact } from './facts/facts.js';
import { visible } from './facts/validate.js';
import { readHidden } from './text/hidden-index.js';

export function factLine(fact: Fact, opts: { showScope?: boolean } = {}): string {
  const date = visible(fact.created_at.slice(0, 10));
  const scope = opts.showScope && fact.scope !== 'global' ? ` [${visible(fact.scope)}]` : '';
  return `${fact.id} ${fact.kind} ${date}${scope} ${oneLine(fact.text)}`;
}

/** A stored text on one line, its control characters escaped: facts from an old memcue, an import or
 * another machine may hold ESC/OSC/CR bytes that would retitle, clear or fake a terminal. */
export function oneLine(text: string): string {
  return visible(text.replace(/\s*\n\s*/g, ' '), /\t/);
}

/** A stored text as it is (newlines and tabs kept), its other control characters escaped. */
export function shown(text: string): string {
  return visible(text, /[\t\n]/);
}

/** `1 fact version`, `2 fact versions`. */
export function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** One line of at most `max` characters, for quoting user text inside a message. */
export function clip(text: string, max = 60): string {
  const line = oneLine(text);
  return line.length > max ? `${line.slice(0, max - 3)}...` : line;
}

/** A fact as --json prints it: the index-only column split into its translation and its keywords. */
export function factJson<T extends Fact>(fact: T): T & { keywords: string[] } {
  const { translation, keywords } = readHidden(fact.translation);
  return { ...fact, translation, keywords };
}

/**
 * JSON escapes C0 controls itself; DEL, C1 (0x9b is CSI on some terminals) and bidi overrides (which
 * reorder what a terminal shows) are escaped here too. Parsed back, the text is the same.
 */
export function json(value: unknown): string {
  return `${jsonText(value)}\n`;
}

/** The same without the final newline (list --json writes an array one element at a time). */
export function jsonText(value: unknown): string {
  return escapeForTerminal(JSON.stringify(value, null, 2));
}

/** One JSON Lines row (export). */
export function jsonLine(value: unknown): string {
  return `${escapeForTerminal(JSON.stringify(value))}\n`;
}

const TERMINAL_CONTROLS = /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

function escapeForTerminal(jsonString: string): string {
  return jsonString.replace(TERMINAL_CONTROLS, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function parseCount(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new MemcueError('USAGE', `${name} must be a positive whole number, got "${value}"`);
  // More than any memory holds means all of it; past 2^53 SQLite would refuse the number itself.
  return Math.min(n, Number.MAX_SAFE_INTEGER);
}

