// The card tells the agent to run `memcue …`. When the shell the agent's commands run in has no
// `memcue` (a binary kept off PATH, the npm route's launcher in memcue's data folder), the card says
// what to run instead. Codex runs every command through a login shell (`bash -lc`), whose profile
// may set another PATH than the one Codex (and so this hook) inherited: for Codex that shell is asked.
import { spawnSync } from 'node:child_process';
import { isAbsolute } from 'node:path';
import type { Env } from '../config.js';
import { findOnPath, memcueBinary, shellQuote } from './binary.js';

export function runHint(env: Env, agent?: string): string | undefined {
  const bin = memcueBinary(env);
  if (!isAbsolute(bin)) return undefined;
  const found = agent === 'codex' ? loginShellFinds(env, 'memcue') : findOnPath(env.PATH, 'memcue') !== undefined;
  if (found) return undefined;
  return `\`memcue\` is not on your PATH here: wherever these instructions say \`memcue\`, run \`${shellQuote(bin)}\` instead.`;
}

/** Whether `<shell> -lc 'command -v name'` finds it, as Codex's `bash -lc <command>` would. */
function loginShellFinds(env: Env, name: string): boolean {
  const shell = env.SHELL && isAbsolute(env.SHELL) ? env.SHELL : '/bin/bash';
  const r = spawnSync(shell, ['-lc', `command -v ${name}`], { env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'ignore', 'ignore'], timeout: 3000 });
  if (r.error) return findOnPath(env.PATH, name) !== undefined; // no such shell: Codex falls back to the plain PATH too
  return r.status === 0;
}
