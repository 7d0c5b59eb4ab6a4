import type { Context } from '../context.js';
import { install, recordPath } from '../install/engine.js';
import { ensureLauncher, isTransient, launcherPath, runningExecutable } from '../install/launcher.js';
import { findOnPath, memcueBinary } from '../install/binary.js';
import { wiringFor, type InstallAgent, type InstallOptions } from '../install/wirings.js';

export async function run(ctx: Context, agent: InstallAgent, opts: InstallOptions): Promise<void> {
  const wiring = wiringFor(agent, ctx, opts);
  // The npm route through npx: the hooks name a copy of the executable in memcue's data folder, so it must exist first.
  if (memcueBinary(ctx.env) === launcherPath(ctx.env)) {
    const launcher = ensureLauncher(ctx.env);
    if (launcher) ctx.stdout(`${agent}: hooks run memcue through ${launcher}\n`);
  }
  const changes = install(ctx.env, wiring);
  for (const change of changes) {
    ctx.stdout(`${agent}: ${change.action === 'added' ? 'wrote' : 'already there:'} ${change.label} → ${change.path}\n`);
  }
  const undo = `memcue uninstall ${agent}${opts.mcp ? ' --mcp' : ''}${opts.project ? ' --project' : ''}`;
  const added = changes.filter((c) => c.action === 'added');
  if (added.some((c) => c.existed)) {
    ctx.stdout(`${agent}: previous contents kept in ${recordPath(ctx.env, wiring.agent)}; \`${undo}\` puts them back\n`);
  } else if (added.length) ctx.stdout(`${agent}: \`${undo}\` takes it out again\n`);
  for (const note of wiring.notes) ctx.stdout(`${agent}: ${note}\n`);
  const npxNote = notOnPathNote(ctx);
  if (npxNote) ctx.stdout(`${agent}: ${npxNote}\n`);
}

/**
 * After `npx memcue install …` the hooks work (through the launcher), but the user's shell has no
 * `memcue` command: say so, and how to get one.
 */
function notOnPathNote(ctx: Context): string | undefined {
  const exe = runningExecutable();
  if (!exe || !isTransient(exe) || findOnPath(ctx.env.PATH, 'memcue')) return undefined;
  return `\`memcue\` itself is not on your PATH (this ran through npx): \`npm install -g memcue\` gives you the command, or run ${launcherPath(ctx.env)} (what the hooks run).`;
}
