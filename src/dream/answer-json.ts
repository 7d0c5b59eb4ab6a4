// Reading a model's answer (dream or migrate): the JSON itself, then each item's fields. A problem is
// reported as one line naming the item and the field, so the agent can fix exactly that and retry.
import { MemcueError } from '../errors.js';

export type JsonObject = Record<string, unknown>;

const NOTHING_CHANGED = 'nothing was changed; fix the answer and apply it again';

/** An answer is a JSON object; models often wrap it in a ```json fence, which is accepted. */
export function readAnswerJson(content: string): JsonObject {
  const fenced = /^\s*```[a-z]*\s*\n([\s\S]*?)\n\s*```\s*$/i.exec(content);
  const body = fenced ? fenced[1]! : content;
  if (!body.trim()) throw new MemcueError('BAD_INPUT', 'the answer is empty', 'give the JSON answer as a file or on standard input');
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (err) {
    throw new MemcueError('BAD_INPUT', `the answer is not valid JSON: ${(err as Error).message}`, NOTHING_CHANGED);
  }
  return asObject(value, 'the answer');
}

/** Runs one item's checks; any failure becomes `<label>: <reason>` and nothing is written. */
export function atItem<T>(label: string, check: () => T): T {
  try {
    return check();
  } catch (err) {
    if (err instanceof MemcueError && err.code === 'BAD_INPUT' && err.hint === NOTHING_CHANGED) throw err;
    const reason = err instanceof MemcueError ? `${err.message}${err.hint ? ` (${err.hint})` : ''}` : (err as Error).message;
    throw new MemcueError('BAD_INPUT', `${label}: ${reason}`, NOTHING_CHANGED);
  }
}

/** `check`'s error said as the field's; a secret's error names the field itself and says what to do. */
export function inField<T>(field: string, check: () => T): T {
  try {
    return check();
  } catch (err) {
    if (err instanceof MemcueError && err.code === 'SECRET') throw err;
    throw new Error(`${field}: ${(err as Error).message}`);
  }
}

export function asObject(value: unknown, what: string): JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badInput(`${what} must be a JSON object`);
  return value as JsonObject;
}

/** Exactly these fields: every required one present, nothing unknown (a typo is an error, not ignored). */
export function checkFields(o: JsonObject, required: readonly string[], optional: readonly string[] = []): void {
  for (const key of required) if (o[key] === undefined) throw new Error(`"${key}" is missing`);
  const known = new Set([...required, ...optional]);
  const unknown = Object.keys(o).filter((k) => !known.has(k));
  if (unknown.length) throw new Error(`unknown field "${unknown[0]}" (expected ${[...known].map((k) => `"${k}"`).join(', ')})`);
}

export function stringField(o: JsonObject, key: string, opts: { nonEmpty?: boolean } = {}): string {
  const v = o[key];
  if (typeof v !== 'string') throw new Error(`"${key}" must be a string`);
  if (opts.nonEmpty && !v.trim()) throw new Error(`"${key}" is empty`);
  return v;
}

export function optionalString(o: JsonObject, key: string): string | undefined {
  return o[key] === undefined ? undefined : stringField(o, key);
}

export function arrayField(o: JsonObject, key: string, min: number): unknown[] {
  const v = o[key];
  if (!Array.isArray(v)) throw new Error(`"${key}" must be an array`);
  if (v.length < min) throw new Error(`"${key}" needs at least ${min} item${min === 1 ? '' : 's'}`);
  return v;
}

export function stringArray(o: JsonObject, key: string, min: number): string[] {
  return arrayField(o, key, min).map((v, i) => {
    if (typeof v !== 'string') throw new Error(`"${key}"[${i}] must be a string`);
    return v;
  });
}

/** An error about the answer as a whole (not one item). */
export function badInput(message: string, hint = NOTHING_CHANGED): MemcueError {
  return new MemcueError('BAD_INPUT', message, hint);
}
