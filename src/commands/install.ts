import type { Context } from '../context.js';
import { memcueBinary } from '../install/binary.js';
import { install, recordPath } from '../install/engine.js';
import { ensureLauncher, launcherPath } from '../install/launcher.js';
import { wiringFor, type InstallAgent, type InstallOptions } from '../install/wirings.js';

export async function run(ctx: Context, agent: InstallAgent, opts: InstallOptions): Promise<void> {
  const wiring = wiringFor(agent, ctx, opts);
  // The npm route: the hooks name a launcher in memcue's data folder, so it must exist first.
  if (memcueBinary(ctx.env) === launcherPath(ctx.env)) {
    const launcher = ensureLauncher(ctx.env);
    if (launcher) ctx.stdout(`${agent}: hooks run memcue through ${launcher}\n`);
  }
  const changes = install(ctx.env, wiring);
  for (const change of changes) {
    ctx.stdout(`${agent}: ${change.action === 'added' ? 'wrote' : 'already there:'} ${change.label} → ${change.path}\n`);
  }
  if (changes.some((c) => c.action === 'added')) {
    ctx.stdout(`${agent}: previous contents kept in ${recordPath(ctx.env, agent)}; \`memcue uninstall ${agent}\` puts them back\n`);
  }
  for (const note of wiring.notes) ctx.stdout(`${agent}: ${note}\n`);
}
