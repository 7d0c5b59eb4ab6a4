// A hook must never break the agent's turn, so its errors go to a log instead of the agent:
// `$XDG_STATE_HOME/memcue/hook.log` (else ~/.local/state/memcue/hook.log), one line per error.
// It is opened without blocking and never through a link (safe-file.ts): a FIFO or a link in its
// place is replaced by a new log that says so, and read by `doctor` only as a regular file.
import { closeSync, fstatSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Env } from '../config.js';
import { openForAppend, readKeptTail, replaceKeptFile, writeWhole } from '../util/safe-file.js';
import { hookLogPath } from '../install/paths.js';

const MAX_BYTES = 64 * 1024; // beyond this the oldest half is dropped

export function logHookError(env: Env, what: string, err: unknown): void {
  const message = err instanceof Error ? err.message : String(err);
  const line = `${stamp()} ${what}: ${message.replace(/\s*\n\s*/g, ' ')}\n`;
  try {
    const path = hookLogPath(env);
    mkdirSync(dirname(path), { recursive: true });
    const opened = openForAppend(path);
    if ('odd' in opened) {
      replaceKeptFile(path, `${stamp()} ${path} was ${opened.odd}: replaced by this log\n${line}`, 0o600);
      return;
    }
    let size: number;
    try {
      writeWhole(opened.fd, Buffer.from(line));
      size = fstatSync(opened.fd).size;
    } finally {
      closeSync(opened.fd);
    }
    if (size > MAX_BYTES) keepNewestHalf(path);
  } catch {
    // Nowhere left to report to without breaking the agent: give up silently.
  }
}

/** The last `count` logged errors, oldest first; `problem` when the log is not a file to read. */
export function readHookLog(env: Env, count: number): { lines: string[]; problem?: string } {
  const tail = logTail(hookLogPath(env), MAX_BYTES);
  if (typeof tail !== 'string') return { lines: [], problem: tail.problem };
  return { lines: tail.trimEnd().split('\n').filter(Boolean).slice(-count) };
}

function keepNewestHalf(path: string): void {
  const tail = logTail(path, MAX_BYTES / 2);
  if (typeof tail === 'string') replaceKeptFile(path, tail.slice(tail.indexOf('\n') + 1), 0o600);
}

/** The log's last `bytes` (however big the file grew), or why it cannot be read. */
function logTail(path: string, bytes: number): string | { problem: string } {
  let problem: string | undefined;
  const tail = readKeptTail(path, bytes, (why) => (problem = why));
  return problem ? { problem } : (tail ?? '');
}

function stamp(): string {
  return new Date().toISOString();
}
