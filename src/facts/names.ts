// What a name is (a host, a repo id, the name part of a scope) and how older names map to today's
// form. Apart from validate.ts because schema migration v4 (legacy-rows.ts) needs only this, and
// validate.ts needs the schema's kinds and states.

/** A scope's name part (`repo:<id>`, `machine:<host>`) and a host: long enough for any URL path. */
export const MAX_NAME = 200;
/** A name (host, repo id): visible characters only, no spaces, so it reads as one word in a scope. */
const NAME_PATTERN = /^[^\s\p{Cc}\p{Cf}]+$/u;
/** Characters that make up a name's separators when it is made valid. */
const NAME_BREAKS = /[\s\p{Cc}\p{Cf}]+/gu;
const SCOPE_PARTS = /^(repo|machine):(.*)$/s;

/**
 * A name made valid for a scope or host column: runs of spaces and invisible characters become one
 * "-" (`my project` → `my-project`). Deterministic, so every machine makes the same name from the same
 * folder or host, and rows written before this rule (see schema v4) map to what is written now.
 */
export function canonicalName(value: string): string {
  const name = value.trim().replace(NAME_BREAKS, '-').slice(0, MAX_NAME);
  return name || '-';
}

export function isName(value: string): boolean {
  return value.length > 0 && value.length <= MAX_NAME && NAME_PATTERN.test(value);
}

/** Scopes are `global`, `repo:<id>` or `machine:<host>`, the name part a valid name. */
export function isScope(value: string): boolean {
  const m = SCOPE_PARTS.exec(value);
  return value === 'global' || (m !== null && isName(m[2]!));
}

/** A scope or host written by an older memcue that allowed spaces, in today's form. */
export function canonicalScope(value: string): string {
  const m = SCOPE_PARTS.exec(value);
  return m && !isScope(value) ? `${m[1]}:${canonicalName(m[2]!)}` : value;
}

/** A host column value in today's form (see canonicalScope): a valid host is kept as it is. */
export function canonicalHost(value: string): string {
  return isName(value) ? value : canonicalName(value);
}
