import type { Context } from '../context.js';
import { withStore } from '../store/store.js';
import { ChunkedOutput } from './stream-out.js';

export async function run(ctx: Context, opts: { allVersions?: boolean }): Promise<void> {
  await withStore(ctx.dbPath, false, (store) => {
    if (!store) return;
    // Written as read: a 500k-fact export never holds more than a chunk.
    const out = new ChunkedOutput(ctx.stdout);
    for (const fact of store.rows(Boolean(opts.allVersions))) out.text(`${JSON.stringify(fact)}\n`);
    out.flush();
  });
}
