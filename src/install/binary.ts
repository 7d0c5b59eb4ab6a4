// How an agent's hook or plugin should start memcue: `$MEMCUE_BIN` when set; the running executable
// when this is the single binary (it may well not be on the agent's PATH); else `memcue` from PATH.
import { basename } from 'node:path';
import type { Env } from '../config.js';

export function memcueBinary(env: Env): string {
  if (env.MEMCUE_BIN) return env.MEMCUE_BIN;
  if (/^memcue(\.exe)?$/i.test(basename(process.execPath))) return process.execPath;
  return 'memcue';
}

/** Quoted for sh when it needs to be. */
export function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

export function hookCommand(env: Env, agent: string): string {
  return `${shellQuote(memcueBinary(env))} hook ${agent} session-start`;
}
