import { resolve } from 'node:path';
import type { Context } from '../context.js';
import { mergeFiles } from '../sync/merge.js';

export async function run(ctx: Context, ours: string, theirs: string, opts: { base?: string }): Promise<void> {
  const at = (p: string) => resolve(ctx.cwd, p);
  const { added, facts } = await mergeFiles(at(ours), at(theirs), opts.base === undefined ? undefined : at(opts.base), ctx.env);
  ctx.stdout(`merged ${added} new version row${added === 1 ? '' : 's'} (${facts} fact${facts === 1 ? '' : 's'} changed) into ${ours}\n`);
}
