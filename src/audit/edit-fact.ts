// Changing a fact by hand, shared by `memcue edit`/`forget` and the viewer (`memcue ui`): each check
// and each write happens in one place, so the two cannot drift apart.
import type { Context } from '../context.js';
import { resolveScope } from '../context.js';
import { MemcueError } from '../errors.js';
import { ALLOW_SECRET, checkText } from '../facts/check-text.js';
import { checkKind, type Fact } from '../facts/facts.js';
import type { Store, VersionedField } from '../store/store.js';
import { forgetPinned, isPinned, replacePinned } from './pinned-fact.js';

export interface EditInput {
  text?: string;
  kind?: string;
  scope?: string;
  revive?: boolean;
  allowSecret?: boolean;
  /** Asked from the viewer: its hints name what the page offers, not command-line options. */
  fromViewer?: boolean;
}

/** The checked changes of an edit (before the database is opened: bad input writes nothing). */
export function checkEdit(ctx: Context, input: EditInput): Partial<Pick<Fact, VersionedField>> & { revive: boolean } {
  const text = input.text === undefined || input.text === '' ? undefined : checkText(input.text, { allowSecret: input.allowSecret, override: input.fromViewer ? undefined : ALLOW_SECRET });
  const kind = input.kind === undefined || input.kind === '' ? undefined : checkKind(input.kind);
  const scope = input.scope === undefined || input.scope === '' ? undefined : resolveScope(ctx, input.scope);
  if (text === undefined && kind === undefined && scope === undefined && !input.revive) {
    throw new MemcueError('USAGE', 'nothing to change', input.fromViewer ? 'change the text, kind or scope first' : 'give the new text, --kind, --scope or --revive');
  }
  return { ...(text !== undefined && { text }), ...(kind && { kind }), ...(scope && { scope }), revive: input.revive === true };
}

/**
 * Appends the edited version; call inside `store.write`. A fact pinned at the version bound gets its
 * new text as a new fact instead (pinned-fact.ts), said in one line to `note`.
 */
export function editFact(store: Store, idOrPrefix: string, edit: ReturnType<typeof checkEdit>, host: string, note: (line: string) => void = () => {}): Fact {
  const id = store.resolveId(idOrPrefix);
  const head = store.current(id);
  // A forgotten fact was forgotten on purpose: bringing it back must be said out loud.
  if (head.state !== 'active' && !edit.revive) {
    throw new MemcueError('USAGE', `fact ${id} is ${head.state}`, `add --revive to make it active again, or \`memcue revert ${id}\` for its earlier version`);
  }
  const { revive: _revive, ...fields } = edit;
  const changes: Partial<Pick<Fact, VersionedField>> = { ...fields, state: 'active' };
  // The old translation describes the old text: clear it so dream translates the new one.
  if (changes.text !== undefined && changes.text !== head.text) changes.translation = '';
  if (Object.entries(changes).every(([field, value]) => head[field as VersionedField] === value)) {
    throw new MemcueError('USAGE', `fact ${id} already says exactly that`, 'nothing was changed');
  }
  if (isPinned(head)) return replacePinned(store, head, changes, host, note);
  return store.appendVersion(id, changes, host);
}

/** Appends a forgotten version; call inside `store.write`. */
export function forgetFact(store: Store, idOrPrefix: string, host: string): Fact {
  const id = store.resolveId(idOrPrefix);
  const head = store.current(id);
  if (head.state === 'forgotten') throw new MemcueError('USAGE', `fact ${id} is already forgotten`);
  if (isPinned(head)) return forgetPinned(store, head, host);
  return store.appendVersion(id, { state: 'forgotten' }, host);
}
