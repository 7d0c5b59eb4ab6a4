// Where things live. Everything takes an explicit env so tests never touch the real home.
import { homedir, hostname } from 'node:os';
import { join } from 'node:path';
import { canonicalName } from './facts/names.js';

export type Env = Record<string, string | undefined>;

/** `--db`, else `$MEMCUE_DB`, else `$XDG_DATA_HOME/memcue/memcue.db`, else the XDG default. */
export function databasePath(env: Env, override?: string): string {
  if (override) return override;
  if (env.MEMCUE_DB) return env.MEMCUE_DB;
  if (env.XDG_DATA_HOME) return join(env.XDG_DATA_HOME, 'memcue', 'memcue.db');
  if (process.platform === 'win32' && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, 'memcue', 'memcue.db');
  return join(env.HOME || env.USERPROFILE || homedir(), '.local', 'share', 'memcue', 'memcue.db');
}

/** The machine name used in `machine:` scopes and in each row's host column. */
export function machineName(env: Env): string {
  // Made valid for the host column and `machine:` scopes: a name with a space once broke sync everywhere.
  return canonicalName((env.MEMCUE_HOST || hostname()).toLowerCase());
}
