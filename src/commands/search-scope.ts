// `--in <repo id>` names a scope; a typo there would silently search nothing, so a scope no fact has
// is refused with the scopes that do exist.
import { MemcueError } from '../errors.js';
import type { Store } from '../store/store.js';

/** The `--in` words that are not scope names: they always mean something. */
const KEYWORDS = new Set(['all', 'repo', 'global', 'machine']);

/** Every scope some fact (any version, any state) has; none without a database. */
export function scopesInUse(store: Store | undefined): string[] {
  return store ? store.db.all('SELECT DISTINCT scope FROM facts').map((r) => String(r.scope)) : [];
}

/**
 * Throws when `--in` names a scope (the first of `scopes`) that no fact in the memory has. `inUse`:
 * the scopes facts have, from the database or from the search file (asked only for a named scope).
 */
export function checkNamedScope(inUse: () => readonly string[], where: string | undefined, scopes: string[] | undefined): void {
  if (where === undefined || KEYWORDS.has(where) || !scopes?.length) return;
  const known = [...inUse()].sort();
  if (known.includes(scopes[0]!)) return;
  const existing = known.length ? `scopes with facts: ${known.join(', ')}` : 'the memory is empty';
  throw new MemcueError('USAGE', `--in ${where}: no fact has scope "${scopes[0]}"`, `${existing}; or use --in all, repo, global or machine`);
}
