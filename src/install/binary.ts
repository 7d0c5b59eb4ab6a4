// How an agent's hook or plugin should start memcue: always an absolute command that runs without
// memcue on the agent's PATH. `$MEMCUE_BIN` when set; the running executable where it lasts; its
// copy in memcue's data folder when it runs from npx's or bunx's cache (launcher.ts); else (running
// from source) `memcue` as found on PATH.
import { statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { Env } from '../config.js';
import { isTransient, launcherPath, runningExecutable } from './launcher.js';

export function memcueBinary(env: Env): string {
  if (env.MEMCUE_BIN) return env.MEMCUE_BIN;
  const exe = runningExecutable();
  if (exe) return isTransient(exe) ? launcherPath(env) : exe;
  return findOnPath(env.PATH, 'memcue') ?? 'memcue';
}

/** The executable file `name` in the first of PATH's folders that has one. */
export function findOnPath(path: string | undefined, name: string): string | undefined {
  for (const dir of (path ?? '').split(delimiter)) {
    if (!dir) continue;
    try {
      const stat = statSync(join(dir, name));
      if (stat.isFile() && (stat.mode & 0o111) !== 0) return join(dir, name);
    } catch {
      // not here
    }
  }
  return undefined;
}

/** Quoted for sh when it needs to be. */
export function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

export function hookCommand(env: Env, agent: string, event = 'session-start'): string {
  return `${shellQuote(memcueBinary(env))} hook ${agent} ${event}`;
}
