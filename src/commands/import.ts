import { resolve } from 'node:path';
import type { Context } from '../context.js';
import { resolveScope } from '../context.js';
import { parseImport } from '../store/import-lines.js';
import { withStore } from '../store/store.js';
import { readTextFile } from '../util/read-file.js';

export async function run(ctx: Context, file: string, opts: { allowSecret?: boolean }): Promise<void> {
  const content = file === '-' ? await ctx.readStdin() : readTextFile(resolve(ctx.cwd, file));
  const facts = parseImport(content, {
    scope: resolveScope(ctx, undefined),
    host: ctx.host,
    source: ctx.repo()?.id ?? '',
    allowSecret: opts.allowSecret,
  });
  const { added, skipped } = await withStore(ctx.dbPath, true, (store) =>
    store!.write(() => {
      let added = 0;
      const touched = new Set<string>();
      // Versions in order, so each fact's head ends on its highest version.
      for (const fact of [...facts].sort((a, b) => a.version - b.version)) {
        if (store!.hasRow(fact)) continue; // already here: import is idempotent
        store!.insertVersionOnly(fact);
        touched.add(fact.id);
        added++;
      }
      for (const id of touched) store!.refreshHead(id);
      return { added, skipped: facts.length - added };
    }),
  );
  ctx.stdout(`imported ${added} fact versions${skipped ? `, ${skipped} already present` : ''}\n`);
}
