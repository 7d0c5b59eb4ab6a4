import type { Context } from '../context.js';
import { withStore } from '../store/store.js';
import { ChunkedOutput, mapped } from './stream-out.js';
import { jsonLine } from '../format.js';

export async function run(ctx: Context, opts: { allVersions?: boolean }): Promise<void> {
  await withStore(ctx.dbPath, false, async (store) => {
    if (!store) return;
    // Written as read: a 500k-fact export never holds more than a chunk.
    await new ChunkedOutput(ctx.stdout).all(mapped(store.rows(Boolean(opts.allVersions)), jsonLine));
  });
}
