import type { Context } from '../context.js';
import { install, recordPath } from '../install/engine.js';
import { wiringFor, type InstallAgent, type InstallOptions } from '../install/wirings.js';

export async function run(ctx: Context, agent: InstallAgent, opts: InstallOptions): Promise<void> {
  const wiring = wiringFor(agent, ctx, opts);
  const changes = install(ctx.env, wiring);
  for (const change of changes) {
    ctx.stdout(`${agent}: ${change.action === 'added' ? 'wrote' : 'already there:'} ${change.label} → ${change.path}\n`);
  }
  if (changes.some((c) => c.action === 'added')) {
    ctx.stdout(`${agent}: previous contents kept in ${recordPath(ctx.env, agent)}; \`memcue uninstall ${agent}\` puts them back\n`);
  }
  for (const note of wiring.notes) ctx.stdout(`${agent}: ${note}\n`);
}
