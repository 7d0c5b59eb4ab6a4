import type { Context } from '../context.js';
import { resolveScope } from '../context.js';
import { MemcueError } from '../errors.js';
import { checkText } from '../store/check-text.js';
import { checkKind, type Fact } from '../store/facts.js';
import { withStore, type VersionedField } from '../store/store.js';
import { json } from './format.js';

interface EditOptions {
  kind?: string;
  scope?: string;
  revive?: boolean;
  allowSecret?: boolean;
  json?: boolean;
}

export async function run(ctx: Context, idOrPrefix: string, words: string[], opts: EditOptions): Promise<void> {
  const text = words.length ? checkText(words.join(' '), { allowSecret: opts.allowSecret }) : undefined;
  const kind = opts.kind === undefined ? undefined : checkKind(opts.kind);
  const scope = opts.scope === undefined ? undefined : resolveScope(ctx, opts.scope);
  if (text === undefined && kind === undefined && scope === undefined && !opts.revive) {
    throw new MemcueError('USAGE', 'nothing to change', 'give the new text, --kind, --scope or --revive');
  }
  const fact = await withStore(ctx.dbPath, true, (store) =>
    store!.write(() => {
      const id = store!.resolveId(idOrPrefix);
      const head = store!.current(id);
      // A forgotten fact was forgotten on purpose: bringing it back must be said out loud.
      if (head.state !== 'active' && !opts.revive) {
        throw new MemcueError('USAGE', `fact ${id} is ${head.state}`, `add --revive to make it active again, or \`memcue revert ${id}\` for its earlier version`);
      }
      const changes: Partial<Pick<Fact, VersionedField>> = { state: 'active' };
      if (kind !== undefined) changes.kind = kind;
      if (scope !== undefined) changes.scope = scope;
      // The old translation describes the old text: clear it so dream translates the new one.
      if (text !== undefined && text !== head.text) Object.assign(changes, { text, translation: '' });
      if (Object.entries(changes).every(([field, value]) => head[field as VersionedField] === value)) {
        throw new MemcueError('USAGE', `fact ${id} already says exactly that`, 'nothing was changed');
      }
      return store!.appendVersion(id, changes, ctx.host);
    }),
  );
  ctx.stdout(opts.json ? json(fact) : `${fact.id} v${fact.version}\n`);
}
