import type { Context } from '../context.js';
import { initRepo } from '../sync/init.js';
import { syncRepo } from '../sync/sync.js';
import { printReport } from './sync.js';

export async function run(ctx: Context, remote: string | undefined, opts: { dir?: string }): Promise<void> {
  const { dir, how } = await initRepo(ctx, remote, opts.dir);
  ctx.stdout(`memory repo ${how} at ${dir}\n`);
  // A second machine is done after this: its memory now holds what the remote had.
  printReport(ctx, await syncRepo(ctx, dir));
}
