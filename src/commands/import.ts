import { resolve } from 'node:path';
import type { Context } from '../context.js';
import { resolveScope } from '../context.js';
import { fromPlainLine, parseImport } from '../store/import-lines.js';
import type { Fact } from '../store/facts.js';
import type { Store } from '../store/store.js';
import { withStore } from '../store/store.js';
import { readTextFile } from '../util/read-file.js';
import { counted } from './format.js';

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
        // Already here: import is idempotent (a plain line is "here" when its scope has its text).
        if (store!.hasRow(fact) || (fromPlainLine.has(fact) && hasText(store!, fact))) continue;
        added++;
        // A plain line's fact is searchable at once, so a repeat of it later in the file is seen.
        if (fromPlainLine.has(fact)) {
          store!.insertVersion(fact);
          continue;
        }
        store!.insertVersionOnly(fact);
        touched.add(fact.id);
      }
      for (const id of touched) store!.refreshHead(id);
      return { added, skipped: facts.length - added };
    }),
  );
  ctx.stdout(`imported ${counted(added, 'fact version')}${skipped ? `, ${skipped} already present` : ''}\n`);
}

/** Whether a current active fact in the fact's scope has exactly its text. */
function hasText(store: Store, fact: Fact): boolean {
  const sql = `SELECT 1 AS x FROM heads h JOIN facts f ON f.rowid = h.fact_row WHERE f.state = 'active' AND f.scope = ? AND f.text = ? LIMIT 1`;
  return store.db.get(sql, [fact.scope, fact.text]) !== undefined;
}
