// `memcue doctor` runs what an install made the agent run, the way the agent runs it: the hook's
// command through sh with SessionStart JSON on stdin, a plugin's memcue binary with --version. A
// hook that cannot start (exit 127: not found) is then reported, not assumed to work.
import { spawnSync } from 'node:child_process';
import type { Env } from '../config.js';
import { isOurCommand } from './json-hooks.js';
import { parseJsonc } from './jsonc.js';

export interface Probe {
  command: string;
  /** The exit code; null when it did not finish in time or could not start. */
  exit_code: number | null;
  /** What came out: the card's size, or the first line of the error. */
  result: string;
  /** It ran but did not do its job (an MCP server without memcue's tools), whatever its exit code. */
  failed?: boolean;
}

const TIMEOUT_MS = 15_000;

/** The commands of our SessionStart hooks in an agent's JSON hooks file (Claude Code format). */
export function ourHookCommands(text: string, agent: string): string[] {
  try {
    const groups = (parseJsonc(text) as { hooks?: { SessionStart?: { hooks?: { command?: unknown }[] }[] } }).hooks?.SessionStart;
    const hooks = Array.isArray(groups) ? groups.flatMap((g) => (Array.isArray(g?.hooks) ? g.hooks : [])) : [];
    return hooks.map((h) => h?.command).filter((c): c is string => isOurCommand(c, agent));
  } catch {
    return [];
  }
}

/** The memcue binary a plugin file was pointed at (its `DEFAULT_BIN` line). */
export function pluginBinary(text: string): string | undefined {
  const found = /^\s*(?:const\s+)?DEFAULT_BIN\s*=\s*(["'])(.*?)\1/m.exec(text);
  return found?.[2];
}

export function runHook(command: string, env: Env, cwd: string): Probe {
  const input = JSON.stringify({ session_id: 'memcue-doctor', cwd, hook_event_name: 'SessionStart', source: 'startup' });
  const r = spawnSync('/bin/sh', ['-c', command], { env: env as NodeJS.ProcessEnv, cwd, input, encoding: 'utf8', timeout: TIMEOUT_MS });
  const probe = finished(command, r);
  if (probe.exit_code !== 0) return probe;
  try {
    const context = (JSON.parse(r.stdout) as { hookSpecificOutput?: { additionalContext?: unknown } }).hookSpecificOutput?.additionalContext;
    return { ...probe, result: typeof context === 'string' ? `card of ${context.length} characters` : 'no card in its output (see the hook log)' };
  } catch {
    return { ...probe, result: 'its output is not the JSON the agent reads' };
  }
}

export function runVersion(binary: string, env: Env, cwd: string): Probe {
  const r = spawnSync(binary, ['--version'], { env: env as NodeJS.ProcessEnv, cwd, encoding: 'utf8', timeout: TIMEOUT_MS });
  const probe = finished(`${binary} --version`, r);
  return probe.exit_code === 0 ? { ...probe, result: `memcue ${r.stdout.trim()}` } : probe;
}

function finished(command: string, r: ReturnType<typeof spawnSync>): Probe {
  // EPIPE: the command exited before reading its stdin (sh: not found); its exit code still counts.
  const failed = r.error && ((r.error as NodeJS.ErrnoException).code !== 'EPIPE' || r.status === null);
  if (r.error && failed) return { command, exit_code: null, result: (r.error as NodeJS.ErrnoException).code === 'ETIMEDOUT' ? `no answer in ${TIMEOUT_MS / 1000} s` : r.error.message };
  const firstError = String(r.stderr ?? '').trim().split('\n')[0] ?? '';
  return { command, exit_code: r.status, result: r.status === 0 ? 'ok' : firstError || `exit ${r.status}` };
}
