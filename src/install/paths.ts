// Where memcue keeps its own small files outside the database, from the caller's env (never the
// process's own home in tests): the hook error log and install records (state), cached cards (cache).
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Env } from '../config.js';

export function homeOf(env: Env): string {
  return env.HOME || env.USERPROFILE || homedir();
}

/** `$XDG_STATE_HOME/memcue`, else `~/.local/state/memcue`. */
export function stateDir(env: Env): string {
  return join(env.XDG_STATE_HOME || join(homeOf(env), '.local', 'state'), 'memcue');
}

/** `$XDG_CACHE_HOME/memcue`, else `~/.cache/memcue`. */
export function cacheDir(env: Env): string {
  return join(env.XDG_CACHE_HOME || join(homeOf(env), '.cache'), 'memcue');
}

/** `$XDG_CONFIG_HOME`, else `~/.config`. */
export function configHome(env: Env): string {
  return env.XDG_CONFIG_HOME || join(homeOf(env), '.config');
}

export function hookLogPath(env: Env): string {
  return join(stateDir(env), 'hook.log');
}
