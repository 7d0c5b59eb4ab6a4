// Schema v4: rows an older memcue wrote with a space in a scope or host (`repo:my project`, from a
// folder name; `machine:my laptop`, from MEMCUE_HOST) are rewritten in today's form. They were valid
// then and are everywhere now (databases, journals pushed to remotes), so they are mapped, not
// refused: the same deterministic mapping the journal reader and import apply (canonicalScope,
// canonicalHost), so every machine ends with the same row keys and sync does not send them twice.
import type { Database } from '../sqlite/sqlite.js';
import { canonicalHost, canonicalScope } from '../facts/names.js';

/** Rewrites the scopes and hosts that are not valid today; true when rows were merged away (the
 * derived tables must then be rebuilt, their rowids are gone). */
export function canonicalizeLegacyRows(db: Database): boolean {
  for (const { scope } of db.all('SELECT DISTINCT scope FROM facts')) {
    const fixed = canonicalScope(String(scope));
    if (fixed !== scope) db.run('UPDATE facts SET scope = ? WHERE scope = ?', [fixed, scope!]);
  }
  let merged = 0;
  for (const { host } of db.all('SELECT DISTINCT host FROM facts')) {
    const fixed = canonicalHost(String(host));
    if (fixed === host) continue;
    // The host is part of a row's key: a row already stored under the new spelling is the same row.
    db.run('UPDATE OR IGNORE facts SET host = ? WHERE host = ?', [fixed, host!]);
    merged += db.run('DELETE FROM facts WHERE host = ?', [host!]);
  }
  return merged > 0;
}
