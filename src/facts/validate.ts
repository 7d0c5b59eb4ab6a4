// The one definition of a valid fact row: every path that writes rows (add, edit, import, sync's
// journal reader, the merge driver, schema migration) goes through these checks, so a row one path
// accepts is never refused by another (a scope `add` wrote once broke sync on every machine).
import { MemcueError } from '../errors.js';
import { nearest } from '../util/nearest.js';
import { isName, isScope, MAX_NAME } from './names.js';

export const KINDS = ['rule', 'decision', 'gotcha', 'env', 'note'] as const;
export type Kind = (typeof KINDS)[number];
const STATES = ['active', 'superseded', 'forgotten'] as const;
export type State = (typeof STATES)[number];

/** Characters per field; `text` is what a fact says, the others describe where it came from. */
export const LIMITS = { text: 2000, translation: 4000, quote: 4000, source: 500 } as const;
export type LimitedField = keyof typeof LIMITS;

/**
 * The highest version a row may have. Each edit adds one, so a million is no real fact's history; a
 * row above it is forged (2^53-1 arrived by sync once: the next edit could not be sent). Every path
 * that takes rows in refuses it, and the store ignores one already stored (store.ts).
 */
export const MAX_VERSION = 1_000_000;

/** Lower-case letters and digits; `newId` makes 20 of them. */
const ID_PATTERN = /^[0-9a-z]{8,64}$/;
/** C0 controls but tab and newline, DEL, C1 controls: they move the cursor, retitle or clear a terminal. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/u;
/** Texts of only these say nothing: blanks, controls, format characters (zero-width, BOM, bidi). */
const INVISIBLE_ONLY = /^[\s\p{Cc}\p{Cf}\p{Z}\u115f\u1160\u3164\uffa0\ufe00-\ufe0f]*$/u;
/** An ISO 8601 date-time with a time zone, as toISOString writes it (and other machines may). */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

export function checkScope(value: string): string {
  if (isScope(value)) return value;
  throw new MemcueError('USAGE', `bad scope "${visible(value)}"`, 'use global, repo:<repo-id> or machine:<host> (no spaces)');
}

export function isKind(value: string): value is Kind {
  return (KINDS as readonly string[]).includes(value);
}

export function isState(value: string): value is State {
  return (STATES as readonly string[]).includes(value);
}

export function checkKind(value: string): Kind {
  if (isKind(value)) return value;
  const near = nearest(value, KINDS);
  throw new MemcueError('USAGE', `unknown kind "${visible(value)}"${near ? `; did you mean ${near}?` : ''}`, `use one of: ${KINDS.join(', ')}`);
}

/** A real date-time in ISO form: `1` or `yesterday` would sort above every real date. */
function isIsoDate(value: string): boolean {
  return ISO_DATE.test(value) && !Number.isNaN(Date.parse(value));
}

/**
 * A text field as stored: CRLF made LF, no control characters (a NUL silently truncates, ESC/OSC/CR
 * rewrite the terminal of whoever lists it), within its length limit. `text` must also say something
 * visible; the other fields may be empty. Returns the (trimmed) value.
 */
export function checkField(field: LimitedField, value: string): string {
  const clean = value.replace(/\r\n/g, '\n').trim();
  const bad = CONTROL.exec(clean);
  if (bad) {
    const code = bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    throw new MemcueError('BAD_INPUT', `control character U+${code} in "${field}"`, 'remove it: only tabs and newlines are kept');
  }
  if (field === 'text' && INVISIBLE_ONLY.test(clean)) {
    throw new MemcueError('EMPTY_TEXT', 'fact text is empty', 'write one short, self-contained statement');
  }
  const length = [...clean].length;
  if (length > LIMITS[field]) {
    const what = field === 'text' ? 'fact text' : `"${field}"`;
    throw new MemcueError('TOO_LONG', `${what} is ${length} characters, over the ${LIMITS[field]} limit`, field === 'text' ? 'split it into several short facts' : 'shorten it');
  }
  return clean;
}

/** A value memcue makes itself (a path as a source): control characters escaped, cut to the field's limit. */
export function fitField(field: LimitedField, value: string): string {
  return [...visible(value.replace(/\r\n/g, '\n').trim(), /[\t\n]/)].slice(0, LIMITS[field]).join('');
}

/** The fields of a full row (import with ids, journal, snapshot), each checked; a message names the field. */
export function checkRowFields(row: { id: string; version: unknown; created_at: string; host: string; state: string; kind: string; scope: string }): void {
  if (!ID_PATTERN.test(row.id)) throw new MemcueError('BAD_INPUT', `"id" must be 8–64 lower-case letters and digits, got "${visible(row.id)}"`);
  if (!Number.isSafeInteger(row.version) || (row.version as number) < 1 || (row.version as number) > MAX_VERSION) {
    throw new MemcueError('BAD_INPUT', `"version" must be a whole number from 1 to ${MAX_VERSION}, got ${visible(String(row.version))}`);
  }
  if (!isIsoDate(row.created_at)) throw new MemcueError('BAD_INPUT', `"created_at" must be an ISO date such as 2026-01-31T12:00:00.000Z, got "${visible(row.created_at)}"`);
  if (!isName(row.host)) throw new MemcueError('BAD_INPUT', `"host" must be 1–${MAX_NAME} visible characters without spaces, got "${visible(row.host)}"`);
  if (!isState(row.state)) throw new MemcueError('BAD_INPUT', `"state" must be active, superseded or forgotten, got "${visible(row.state)}"`);
  checkKind(row.kind);
  checkScope(row.scope);
}

/**
 * Text safe to print to a terminal: control characters and bidi overrides (which reorder what is
 * shown) as visible escapes (`\x1b`, `\u202e`); zero-width joiners stay, emoji and scripts need them.
 */
export function visible(text: string, keep: RegExp = /(?!)/): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/gu, (ch) => {
    if (keep.test(ch)) return ch;
    if (ch === '\r') return '\\r';
    const code = ch.codePointAt(0)!;
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
