import type { Context } from '../context.js';
import { uninstall } from '../install/engine.js';
import { wiringFor, type InstallAgent, type InstallOptions } from '../install/wirings.js';

const SAY = {
  restored: 'restored as it was before install:',
  deleted: 'deleted (memcue created it):',
  removed: 'removed memcue\'s part (the file was edited since install, the rest is kept):',
  unchanged: 'nothing of memcue\'s in',
  absent: 'not there:',
  added: '',
} as const;

export async function run(ctx: Context, agent: InstallAgent, opts: InstallOptions): Promise<void> {
  const changes = uninstall(ctx.env, wiringFor(agent, ctx, opts));
  for (const change of changes) ctx.stdout(`${agent}: ${SAY[change.action]} ${change.path}\n`);
}
