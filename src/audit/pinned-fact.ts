// A fact whose current row sits at MAX_VERSION cannot take another version (a row above the bound is
// ignored everywhere, validate.ts). No real history gets there, so such a row was forged, and its
// owner needs a way out that edit and forget give: the new text becomes a new fact, and the pinned
// one is retired by a forgotten row at that same version, dated after its current row (the current
// row is the highest (version, created_at, host)). Both land in the caller's transaction.
import { MemcueError } from '../errors.js';
import { newId, type Fact } from '../facts/facts.js';
import type { Store, VersionedField } from '../store/store.js';
import { MAX_VERSION } from '../facts/validate.js';

export function isPinned(head: Fact): boolean {
  return head.version >= MAX_VERSION;
}

/** Retires the pinned fact; undefined when no date can sort after its current row's (a forger's far future). */
export function retirePinned(store: Store, head: Fact, host: string): Fact | undefined {
  const created_at = dateAfter(head.created_at);
  if (created_at === undefined) return undefined;
  const retired: Fact = { ...head, state: 'forgotten', created_at, host };
  store.insertVersion(retired);
  return retired;
}

/** forget of a pinned fact: its retirement, or one line saying why there can be none. */
export function forgetPinned(store: Store, head: Fact, host: string): Fact {
  const retired = retirePinned(store, head, host);
  if (retired) return retired;
  throw new MemcueError('USAGE', `fact ${head.id} is at version ${MAX_VERSION} and dated ${head.created_at}, after any date memcue may write`, 'it cannot be retired; nothing was changed');
}

/**
 * edit of a pinned fact: its text (and kind, scope) with the changes, as a new fact, and the pinned
 * one retired; `note` gets one line saying so.
 */
export function replacePinned(store: Store, head: Fact, changes: Partial<Pick<Fact, VersionedField>>, host: string, note: (line: string) => void): Fact {
  const fresh: Fact = { ...head, ...changes, id: newId(), version: 1, state: 'active', created_at: new Date().toISOString(), host };
  store.insertVersion(fresh);
  const retired = retirePinned(store, head, host);
  const pinned = `fact ${head.id} is at version ${MAX_VERSION}, the highest there may be (its current row, from ${head.host}, was likely forged)`;
  note(`${pinned}: the new text is fact ${fresh.id}, ${retired ? `and ${head.id} is forgotten` : `and ${head.id} stays as it is (dated ${head.created_at}, after any date memcue may write)`}`);
  return fresh;
}

/** An ISO date that sorts after `created` as stored (text order): now, else a millisecond after it. */
function dateAfter(created: string): string | undefined {
  const now = new Date().toISOString();
  if (now > created) return now;
  const later = Date.parse(created) + 1;
  if (!Number.isFinite(later) || Math.abs(later) > 8.64e15) return undefined;
  const next = new Date(later).toISOString();
  return next > created ? next : undefined;
}
