import type { Context } from '../context.js';
import { MemcueError } from '../errors.js';
import { ALLOW_SECRET, checkText } from '../store/check-text.js';
import { checkKind } from '../store/facts.js';
import { withStore } from '../store/store.js';
import { json } from './format.js';

interface EditOptions {
  kind?: string;
  allowSecret?: boolean;
  json?: boolean;
}

export async function run(ctx: Context, idOrPrefix: string, words: string[], opts: EditOptions): Promise<void> {
  const text = checkText(words.join(' '), { allowSecret: opts.allowSecret, override: ALLOW_SECRET });
  const kind = opts.kind === undefined ? undefined : checkKind(opts.kind);
  const fact = await withStore(ctx.dbPath, true, (store) =>
    store!.write(() => {
      const id = store!.resolveId(idOrPrefix);
      const head = store!.current(id);
      if (head.text === text && (kind ?? head.kind) === head.kind && head.state === 'active') {
        throw new MemcueError('USAGE', `fact ${id} already says exactly that`, 'nothing was changed');
      }
      // The old translation describes the old text: clear it so dream translates the new one.
      return store!.appendVersion(id, { text, kind: kind ?? head.kind, translation: '', state: 'active' }, ctx.host);
    }),
  );
  ctx.stdout(opts.json ? json(fact) : `${fact.id} v${fact.version}\n`);
}
