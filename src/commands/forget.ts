import type { Context } from '../context.js';
import { MemcueError } from '../errors.js';
import { forgetFact } from '../audit/edit-fact.js';
import { withStore } from '../store/store.js';
import { factJson, json } from '../format.js';

export async function run(ctx: Context, idOrPrefix: string, opts: { json?: boolean }): Promise<void> {
  const fact = await withStore(ctx.dbPath, true, (store) => {
    if (!store) throw new MemcueError('NOT_FOUND', `no fact with id "${idOrPrefix}" (the memory is empty)`);
    return store.writeAsync(() => forgetFact(store, idOrPrefix, ctx.host));
  });
  ctx.stdout(opts.json ? json(factJson(fact)) : `forgot ${fact.id} (v${fact.version}; \`memcue show ${fact.id}\` keeps its history)\n`);
}
