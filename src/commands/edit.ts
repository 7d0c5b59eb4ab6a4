import type { Context } from '../context.js';
import { checkEdit, editFact, type EditInput } from '../audit/edit-fact.js';
import { withStore } from '../store/store.js';
import { factJson, json } from '../format.js';

type EditOptions = Omit<EditInput, 'text' | 'fromViewer'> & { json?: boolean };

export async function run(ctx: Context, idOrPrefix: string, words: string[], opts: EditOptions): Promise<void> {
  const edit = checkEdit(ctx, { ...opts, text: words.length ? words.join(' ') : undefined });
  const fact = await withStore(ctx.dbPath, true, (store) => store!.writeAsync(() => editFact(store!, idOrPrefix, edit, ctx.host, (line) => ctx.stderr(`memcue: note: ${line}\n`))));
  ctx.stdout(opts.json ? json(factJson(fact)) : `${fact.id} v${fact.version}\n`);
}
