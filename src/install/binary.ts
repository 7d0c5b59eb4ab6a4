// How an agent's hook or plugin should start memcue: always an absolute command that runs without
// memcue on the agent's PATH. `$MEMCUE_BIN` when set; the running executable when this is the single
// binary; for the npm bundle (`npx memcue install …`, a global npm install) a small launcher in
// memcue's data folder (launcher.ts); else (running from source) `memcue` as found on PATH.
import { statSync } from 'node:fs';
import { basename, delimiter, join } from 'node:path';
import type { Env } from '../config.js';
import { bundleRoot, launcherPath } from './launcher.js';

export function memcueBinary(env: Env): string {
  if (env.MEMCUE_BIN) return env.MEMCUE_BIN;
  if (/^memcue(\.exe)?$/i.test(basename(process.execPath))) return process.execPath;
  if (bundleRoot() && process.platform !== 'win32') return launcherPath(env);
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
