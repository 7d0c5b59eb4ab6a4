// `--in <repo id>` names a scope; a typo there would silently search nothing, so a scope no fact has
// is refused with the scopes that do exist.
import { MemcueError } from '../errors.js';
import type { Store } from '../store/store.js';
import { nearest } from '../util/nearest.js';
import { oneLine } from '../format.js';

/** The `--in` words that are not scope names: they always mean something. */
const KEYWORDS = new Set(['all', 'repo', 'global', 'machine']);

/** Words people type for a keyword that is spelled otherwise here. */
const MEANT: Record<string, string> = { everything: 'all', every: 'all', any: 'all', '*': 'all', this: 'repo', here: 'repo', local: 'machine', host: 'machine' };

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
  const ids = known.map((s) => s.replace(/^repo:/, ''));
  const near = MEANT[where.toLowerCase()] ?? nearest(where, [...KEYWORDS, ...ids, ...known]);
  const meant = near ? `; did you mean --in ${near}?` : '';
  throw new MemcueError('USAGE', `--in ${where}: no fact has scope "${scopes[0]}"${meant}`, `${existing}; or use --in all, repo, global or machine`);
}

/**
 * A fact about to go into a scope no fact has, that is neither this repository's, this machine's nor
 * global: most likely a typo (`acme/ap`), and no session would ever see it. Returns the warning, or
 * undefined; asked inside the write, before the fact is inserted.
 */
export function newScopeNote(store: Store, scope: string, own: { repo?: string; machine: string }): string | undefined {
  if (scope === 'global' || scope === own.machine || scope === own.repo) return undefined;
  if (store.db.get('SELECT 1 AS x FROM facts WHERE scope = ? LIMIT 1', [scope])) return undefined;
  const known = scopesInUse(store).sort();
  const near = nearest(scope, known);
  const here = own.repo ? `this repo is ${own.repo.replace(/^repo:/, '')}` : 'not inside a git repository';
  const existing = known.length ? `scopes with facts: ${known.slice(0, 12).join(', ')}${known.length > 12 ? ', …' : ''}` : 'no other facts yet';
  return `no other fact has scope "${scope}"${near ? `; did you mean ${near}?` : ''} (${here}; ${existing})`;
}

/** What a read of a memory with no facts says: where it looked, so a mistyped --db is seen. */
export function emptyMemory(path: string): string {
  return `the memory at ${oneLine(path)} is empty (memcue add "..." stores a fact)`;
}
