// A hook must never break the agent's turn, so its errors go to a log instead of the agent:
// `$XDG_STATE_HOME/memcue/hook.log` (else ~/.local/state/memcue/hook.log), one line per error.
import { appendFileSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Env } from '../config.js';
import { hookLogPath } from './paths.js';

const MAX_BYTES = 64 * 1024; // beyond this the oldest half is dropped

export function logHookError(env: Env, what: string, err: unknown): void {
  const message = err instanceof Error ? err.message : String(err);
  const line = `${new Date().toISOString()} ${what}: ${message.replace(/\s*\n\s*/g, ' ')}\n`;
  try {
    const path = hookLogPath(env);
    mkdirSync(dirname(path), { recursive: true });
    appendFileSync(path, line);
    if (statSync(path).size > MAX_BYTES) {
      const text = readFileSync(path, 'utf8');
      writeFileSync(path, text.slice(text.indexOf('\n', text.length / 2) + 1));
    }
  } catch {
    // Nowhere left to report to without breaking the agent: give up silently.
  }
}

/** The last `count` logged errors, oldest first. */
export function lastHookErrors(env: Env, count: number): string[] {
  try {
    return readFileSync(hookLogPath(env), 'utf8').trimEnd().split('\n').filter(Boolean).slice(-count);
  } catch {
    return [];
  }
}
