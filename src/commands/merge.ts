import { resolve } from 'node:path';
import type { Context } from '../context.js';
import { mergeFiles } from '../sync/merge.js';
import { visible } from '../facts/validate.js';

export async function run(ctx: Context, ours: string, theirs: string, opts: { base?: string }): Promise<void> {
  const at = (p: string) => resolve(ctx.cwd, p);
  const { added, facts, skipped } = await mergeFiles(at(ours), at(theirs), opts.base === undefined ? undefined : at(opts.base), ctx.env);
  for (const [where, why] of skipped) ctx.stderr(`memcue: skipped ${visible(where)}: ${visible(why)}\n`);
  ctx.stdout(`merged ${added} new version row${added === 1 ? '' : 's'} (${facts} fact${facts === 1 ? '' : 's'} changed) into ${ours}\n`);
}
