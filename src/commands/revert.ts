import type { Context } from '../context.js';
import { MemcueError } from '../errors.js';
import { revertFact } from '../audit/restore.js';
import { withStore } from '../store/store.js';
import { factJson, json, parseCount } from '../format.js';

export async function run(ctx: Context, idOrPrefix: string, opts: { to?: string; json?: boolean; allowSecret?: boolean }): Promise<void> {
  const to = parseCount(opts.to, '--to');
  const { fact, from } = await withStore(ctx.dbPath, true, (store) => {
    if (!store) throw new MemcueError('NOT_FOUND', `no fact with id "${idOrPrefix}" (the memory is empty)`);
    return store.writeAsync(() => revertFact(store, store.resolveId(idOrPrefix), to, ctx.host, opts.allowSecret));
  });
  ctx.stdout(opts.json ? json(factJson(fact)) : `${fact.id} v${fact.version} (= v${from.version}, ${fact.state})\n`);
}
