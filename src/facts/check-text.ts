// The checks every fact passes before it is written (kept apart from facts.ts so that commands that
// only read never load the secret patterns): the text is not empty nor too long, and no stored field
// holds a secret, whichever path the row takes (add, edit, import, dream, migrate, sync).
import { MemcueError } from '../errors.js';
import { findSecretRule } from '../text/secrets.js';
import type { Fact } from './facts.js';
import { checkField } from './validate.js';

/** The stored fields that hold free text; id, version, kind, state and created_at have checked formats. */
const FREE_TEXT_FIELDS = ['text', 'translation', 'quote', 'source', 'scope', 'host'] as const;
export type FreeTextField = (typeof FREE_TEXT_FIELDS)[number];

export interface SecretCheck {
  /** Skip the secret check (the user said it is not one). */
  allowSecret?: boolean;
  /** How the user overrides a refusal here, if they can (`--allow-secret`). */
  override?: string;
  /** The field the text goes to, when it is not the fact's text (a translation). */
  field?: string;
}

export interface RowSecret {
  field: FreeTextField | string;
  rule: string;
  label: string;
}

/** How add, edit and import let a refused value through. */
export const ALLOW_SECRET = '--allow-secret';

const WHAT_TO_DO = 'store where the secret lives (a vault path, an env var name), not the secret itself';

/** One line naming the field and the rule, never the secret, and what to do instead. */
export function secretError(found: RowSecret, override?: string): MemcueError {
  const field = found.field === 'text' ? 'fact text' : found.field;
  return new MemcueError(
    'SECRET',
    `refusing to store ${field}: it looks like ${found.label} (rule ${found.rule})`,
    override ? `${WHAT_TO_DO}; ${override} if it is not one` : WHAT_TO_DO,
  );
}

/** Throws if `value`, to be stored in `field`, looks like a secret. */
export function checkNoSecret(field: string, value: string, opts: SecretCheck = {}): string {
  if (!opts.allowSecret && value) {
    const found = findSecretRule(value);
    if (found) throw secretError({ field, ...found }, opts.override);
  }
  return value;
}

/** The first free-text field of a row that looks like a secret, or undefined. */
export function findRowSecret(row: Partial<Pick<Fact, FreeTextField>>): RowSecret | undefined {
  // One scan of all fields together clears almost every row (import and sync scan thousands); only a
  // row with a hit is scanned field by field, to name the field (a hit no field has alone is no secret).
  if (!findSecretRule(FREE_TEXT_FIELDS.map((f) => row[f] ?? '').join('\n\n'))) return undefined;
  for (const field of FREE_TEXT_FIELDS) {
    const value = row[field];
    const found = value ? findSecretRule(value) : undefined;
    if (found) return { field, ...found };
  }
  return undefined;
}

/** Throws if any free-text field of the row looks like a secret: one call for every path that writes rows. */
export function checkRowSecrets<T extends Partial<Pick<Fact, FreeTextField>>>(row: T, opts: SecretCheck = {}): T {
  if (opts.allowSecret) return row;
  const found = findRowSecret(row);
  if (found) throw secretError(found, opts.override);
  return row;
}

/** A row left out because a field looks like a secret: which row, which field, which rule. */
export interface RefusedRow extends RowSecret {
  id: string;
  version: number;
  host: string;
}

/** Splits rows written elsewhere (sync) into those to store and those that look like they hold a secret. */
export function withoutSecretRows(rows: Iterable<Fact>): { rows: Fact[]; refused: RefusedRow[] } {
  const kept: Fact[] = [];
  const refused: RefusedRow[] = [];
  for (const row of rows) {
    const found = findRowSecret(row);
    if (found) refused.push({ id: row.id, version: row.version, host: row.host, ...found });
    else kept.push(row);
  }
  return { rows: kept, refused };
}

/** Empty (or invisible), too long, control-character and secret-looking texts are refused before anything is written. */
export function checkText(text: string, opts: SecretCheck = {}): string {
  const trimmed = checkField('text', text);
  return checkNoSecret(opts.field ?? 'text', trimmed, opts);
}
