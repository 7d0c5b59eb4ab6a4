import type { Context } from '../context.js';
import { withStore } from '../store/store.js';

export async function run(ctx: Context, opts: { allVersions?: boolean }): Promise<void> {
  await withStore(ctx.dbPath, false, (store) => {
    if (!store) return;
    const lines: string[] = [];
    for (const fact of store.rows(Boolean(opts.allVersions))) lines.push(JSON.stringify(fact));
    if (lines.length) ctx.stdout(`${lines.join('\n')}\n`);
  });
}
