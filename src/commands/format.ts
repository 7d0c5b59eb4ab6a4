// Output shapes shared by commands. Plain lines are compact because they land in an agent's context.
import { MemcueError } from '../errors.js';
import type { Fact } from '../store/facts.js';

export function factLine(fact: Fact, opts: { showScope?: boolean } = {}): string {
  const date = fact.created_at.slice(0, 10);
  const scope = opts.showScope && fact.scope !== 'global' ? ` [${fact.scope}]` : '';
  return `${fact.id} ${fact.kind} ${date}${scope} ${oneLine(fact.text)}`;
}

export function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ');
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

export function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

export function parseCount(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new MemcueError('USAGE', `${name} must be a positive whole number, got "${value}"`);
  return n;
}

