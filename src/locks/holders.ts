// Who holds SQLite's lock on the database, for the one line a busy command ends with, and the wait
// for them. The operating system says who holds a POSIX lock (F_GETLK gives the pid); /proc tells a
// memcue command from another program on Linux. Windows names no holder: "another program".
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { MemcueError } from '../errors.js';
import { commandFacts, GLOBAL_OPTIONS } from '../command-table.js';
import { backOff, backOffAsync } from '../util/back-off.js';
import { F_WRLCK, LOCK_RANGE, PENDING_BYTE, nativeLocks, type LockHolder } from './native-locks.js';

/** A database file: what SQLite opens (`real`) and the path as the user gave it (for messages). */
export interface LockedFile {
  real: string;
  given: string;
}

/**
 * Writers wait this long. A write holds the lock for one transaction (milliseconds for an add), so
 * 30 s covers a queue of many writers on a loaded 2-core machine and a big import ahead of them.
 */
const DEFAULT_TIMEOUT_MS = 30_000;

export function busyTimeout(): number {
  const fromEnv = Number(process.env.MEMCUE_BUSY_TIMEOUT_MS);
  return Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : DEFAULT_TIMEOUT_MS;
}

/** Another process's lock on any of SQLite's lock bytes of `file`, or undefined. */
function lockHolder(file: LockedFile): LockHolder | undefined {
  try {
    const locks = nativeLocks();
    return locks?.holder(locks.descriptor(file.real), F_WRLCK, PENDING_BYTE, LOCK_RANGE);
  } catch {
    return undefined; // no file (yet), or no locks: nobody to name
  }
}

/**
 * A waiter for SQLite's lock: each call pauses a little, yielding the event loop, until `timeoutMs`
 * have passed; then it throws one line naming the holder. `perHolder`: the time runs per holder, so a
 * queue of writers that keep making progress is waited out (16 writers × 100 adds on a loaded
 * machine), and a busy error means one holder kept the lock past the timeout. `what`: what memcue
 * was waiting to do.
 */
export function asyncLockWaiter(file: LockedFile, timeoutMs: number, what: string, nothingDone: string, perHolder = false): () => Promise<void> {
  const check = lockDeadline(file, timeoutMs, what, nothingDone, perHolder);
  const pause = backOffAsync();
  return () => {
    check();
    return pause();
  };
}

/**
 * As asyncLockWaiter, sleeping synchronously: only for a reader opened lazily inside a synchronous
 * getter (connections.ts), where there is nothing to yield to.
 */
export function lockWaiter(file: LockedFile, timeoutMs: number, what: string, nothingDone: string): () => void {
  const check = lockDeadline(file, timeoutMs, what, nothingDone, false);
  const pause = backOff();
  return () => {
    check();
    pause();
  };
}

/** Throws the busy error once the time is up (see asyncLockWaiter). */
function lockDeadline(file: LockedFile, timeoutMs: number, what: string, nothingDone: string, perHolder: boolean): () => void {
  let deadline = Date.now() + timeoutMs;
  let last: number | undefined;
  return () => {
    const holder = lockHolder(file);
    if (perHolder && holder?.pid !== undefined && holder.pid !== last) {
      last = holder.pid;
      deadline = Date.now() + timeoutMs;
    }
    if (Date.now() >= deadline) {
      throw new MemcueError(
        'BUSY',
        `memory database is busy: ${describeHolder(holder)} holds SQLite's lock on ${file.given}; waited ${timeoutMs} ms to ${what}`,
        `${nothingDone}; try again when it has finished, or resume or end that process if it is stopped or hung`,
      );
    }
  };
}

/** "pid 123 (`memcue import`), since 05:40:12 UTC (14 s ago)" or "another program, pid 9 (python3)". */
export function describeHolder(holder: LockHolder | undefined): string {
  if (!holder) return 'another connection or program';
  if (!holder.pid) return 'another program';
  const argv = readProc(holder.pid, 'cmdline')?.split('\0').filter(Boolean);
  const memcueArgs = argv && memcueArguments(argv);
  if (memcueArgs) return `pid ${holder.pid} (\`${commandSummary(memcueArgs)}\`)${since(holder.pid)}`;
  const name = readProc(holder.pid, 'comm')?.trim();
  return `another program, pid ${holder.pid}${name ? ` (${name})` : ''}`;
}

/** The arguments after memcue itself when `argv` runs memcue (the executable, or a script named memcue). */
function memcueArguments(argv: string[]): string[] | undefined {
  if (/^memcue(\.exe)?$/.test(basename(argv[0] ?? ''))) return argv.slice(1);
  if (/^memcue(\.m?js)?$/.test(basename(argv[1] ?? ''))) return argv.slice(2);
  return undefined;
}

/** `memcue import`, `memcue dream apply`: the command words, never its arguments (they may hold a fact). */
export function commandSummary(args: string[]): string {
  const words: string[] = [];
  for (let i = 0; i < args.length && words.length < 2; i++) {
    const option = args[i]!.startsWith('--') ? args[i]! : `-${args[i]!}`; // the seed's one-dash spelling too
    if (GLOBAL_OPTIONS.get(option) || GLOBAL_OPTIONS.get(args[i]!)) i++; // its value is not the command
    else if (!args[i]!.startsWith('-')) words.push(args[i]!);
  }
  const [first, second] = words;
  if (!first || !/^[a-z-]{1,20}$/.test(first)) return 'memcue';
  const sub = second && commandFacts(first)?.subcommands && /^[a-z-]{1,20}$/.test(second) ? ` ${second}` : '';
  return `memcue ${first}${sub}`;
}

/** ", since 05:40:12 UTC (14 s ago)" from the process's start (Linux), or nothing. */
function since(pid: number): string {
  const stat = readProc(pid, 'stat');
  const boot = /^btime (\d+)$/m.exec(readText('/proc/stat') ?? '')?.[1];
  // Field 22, in clock ticks since boot (100 a second on Linux); the name (field 2) may hold spaces.
  const ticks = stat && Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
  if (!ticks || !boot) return '';
  const started = Number(boot) * 1000 + ticks * 10;
  return `, since ${new Date(started).toISOString().slice(11, 19)} UTC (${Math.max(0, Math.round((Date.now() - started) / 1000))} s ago)`;
}

function readProc(pid: number, name: string): string | undefined {
  return readText(`/proc/${pid}/${name}`);
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
