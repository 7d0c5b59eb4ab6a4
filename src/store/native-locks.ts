// SQLite's own file locks (POSIX advisory byte-range locks), taken for real where the runtime can.
//
// Our WASM SQLite runs SQLite's unix VFS, which locks with fcntl(F_SETLK); Emscripten answers those
// calls with "done" and locks nothing, so a `sqlite3` shell, DB Browser or a script writing the
// same file could interleave with memcue and corrupt it. Under Bun, the WASM's fcntl syscall is
// rerouted through bun:ffi to the C library on a real descriptor of the same file, so memcue takes
// and honours the locks every other SQLite program takes: with fcntl itself on Linux
// (fcntl-locks.ts), with lockf on macOS, where fcntl cannot be called (lockf-locks.ts).
// Node has no way to call either: there, foreign-locks.ts reads /proc/locks to see other programs.
// Not on Windows (SQLite locks there with LockFileEx): see docs/ARCHITECTURE.md.
import { closeSync, constants, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { MemcueError } from '../errors.js';
import { fcntlLocks } from './fcntl-locks.js';
import { F_GETLK, F_SETLK, F_SETLKW, F_UNLCK, PENDING_BYTE, type LockCalls, type NativeLocks } from './lock-bytes.js';
import type { BunFfi } from './libc.js';
import { lockfLocks } from './lockf-locks.js';

export * from './lock-bytes.js';

let loaded: NativeLocks | null | undefined;
/** Descriptors kept open for locks, by path (see `descriptor` below). */
const descriptors = new Map<string, number>();
/** Those of them open for reading only: lockf (write locks alone) cannot lock through them. */
const readOnly = new Set<number>();

/**
 * The lock descriptor of `path` if this process holds one: other reads of the database file must go
 * through it, because closing any other descriptor of the file would drop this process's locks.
 */
export function heldDescriptor(path: string): number | undefined {
  return descriptors.get(path);
}

/**
 * The first `length` bytes of the database file (or its journal) from offset `at`, zero past what
 * was `read`, and the file's size: through the lock descriptor when this process holds one, else
 * opened without blocking (a FIFO swapped in must not hang). Throws what the file system throws.
 */
export function readFileBytes(path: string, length: number, at = 0): { bytes: Buffer; read: number; size: number } {
  const held = heldDescriptor(path);
  const fd = held ?? openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const bytes = Buffer.alloc(length);
    const read = readSync(fd, bytes, 0, length, at);
    return { bytes, read, size: fstatSync(fd).size };
  } finally {
    if (held === undefined) closeSync(fd);
  }
}

/**
 * MEMCUE_FOREIGN_LOCKS=0, a diagnostic: act as on Windows (or macOS under Node), where other programs'
 * SQLite locks can be neither taken nor seen (no native locks, no /proc/locks), so that the detection
 * used there (foreign-writes.ts) can be exercised on Linux.
 */
export function foreignLocksHidden(): boolean {
  return process.env.MEMCUE_FOREIGN_LOCKS === '0';
}

/** How SQLite's locks are taken: with fcntl, with lockf, or not at all (detection, foreign-writes.ts). */
export type LockWay = 'fcntl' | 'lockf' | undefined;

/** MEMCUE_NATIVE_LOCKS's values; unset or empty: the platform's way. */
const LOCK_WAYS_ASKED = new Set(['', '0', 'fcntl', 'lockf']);

/**
 * The way for this runtime and platform: fcntl on Linux, lockf on macOS, none under Node or on
 * Windows. MEMCUE_NATIVE_LOCKS=0 takes none, =lockf takes lockf on Linux too (how macOS's way is
 * tested here), =fcntl insists on fcntl (Linux only). Any other value is refused in every runtime:
 * a diagnostic typed wrong (`lokf`) must not quietly test the default way instead.
 */
export function lockWay(bun: boolean, platform: string, env: Record<string, string | undefined>): LockWay {
  const asked = env.MEMCUE_NATIVE_LOCKS;
  if (asked !== undefined && !LOCK_WAYS_ASKED.has(asked)) {
    throw new MemcueError(
      'USAGE',
      `MEMCUE_NATIVE_LOCKS=${JSON.stringify(asked).slice(1, -1)} is not a value memcue knows`,
      'accepted: 0 (no native locks), fcntl (Linux), lockf; unset it for the default',
    );
  }
  if (!bun || asked === '0' || env.MEMCUE_FOREIGN_LOCKS === '0') return undefined;
  if (platform === 'linux') return asked === 'lockf' ? 'lockf' : 'fcntl';
  if (platform === 'darwin') return asked === 'fcntl' ? undefined : 'lockf';
  return undefined;
}

/** The native locks, or undefined where this runtime cannot take them (see lockWay), or the C library does not load. */
export function nativeLocks(): NativeLocks | undefined {
  if (loaded === undefined) loaded = load() ?? null;
  return loaded ?? undefined;
}

function load(): NativeLocks | undefined {
  const way = lockWay((globalThis as { Bun?: object }).Bun !== undefined, process.platform, process.env);
  if (!way) return undefined;
  // Hidden from the bundler: bun:ffi exists only under Bun.
  const ffi = (import.meta as unknown as { require: (id: string) => BunFfi }).require(`bun:${'ffi'}`);
  // No C library by the names known: fall back to detection.
  const calls: LockCalls | undefined = way === 'fcntl' ? fcntlLocks(ffi) : lockfLocks(ffi);
  return calls && { ...calls, descriptor: lockDescriptor, canShare: (fd) => calls.readLocks || !readOnly.has(fd) };
}

/**
 * A descriptor of `path` that is never closed: POSIX locks belong to the process and the file, and
 * closing ANY descriptor of the file drops them all, so locks are taken on one descriptor per file
 * (SQLite itself defers closing its own while it holds locks).
 */
function lockDescriptor(path: string): number {
  let fd = descriptors.get(path);
  // A file renamed over the old one is another file: lock the new one (the old descriptor stays
  // open, as SQLite may still hold locks through it).
  if (fd !== undefined && fstatSync(fd).ino !== statSync(path).ino) fd = undefined;
  if (fd === undefined) {
    try {
      fd = openSync(path, 'r+');
    } catch {
      fd = openSync(path, 'r'); // read-only file or mount: fcntl's read locks still work
      readOnly.add(fd);
    }
    descriptors.set(path, fd);
  }
  return fd;
}

// Emscripten's errno numbers (not Linux's): what the WASM's C library expects back from a syscall.
const WASM_EAGAIN = 6;
export const WASM_EIO = 29;

export function describeCall(memory: WebAssembly.Memory, cmd: number, varargs: number): string {
  const view = new DataView(memory.buffer);
  const flock = view.getUint32(varargs, true);
  const type = ['read', 'write', 'unlock'][view.getInt16(flock, true)];
  const start = Number(view.getBigInt64(flock + 8, true)) - PENDING_BYTE;
  return `${cmd === F_GETLK ? 'query' : 'set'} ${type} PENDING+${start} len ${view.getBigInt64(flock + 16, true)}`;
}

/** One F_GETLK/F_SETLK from SQLite: reads its `struct flock` from WASM memory, answers in kind. */
export function lockCall(memory: WebAssembly.Memory, locks: NativeLocks, fd: number, cmd: number, varargs: number): number {
  const view = new DataView(memory.buffer);
  const flock = view.getUint32(varargs, true);
  const type = view.getInt16(flock, true);
  const start = Number(view.getBigInt64(flock + 8, true));
  const len = Number(view.getBigInt64(flock + 16, true));
  try {
    if (cmd === F_GETLK) {
      const holder = locks.holder(fd, type, start, len);
      view.setInt16(flock, holder ? holder.type : F_UNLCK, true);
      if (holder) view.setInt32(flock + 24, holder.pid ?? 0, true); // 0: unknown (lockf)
      return 0;
    }
    // F_SETLKW is never waited on: waits happen in JS, where they can time out and say who holds it.
    return locks.set(fd, type, start, len) ? 0 : -WASM_EAGAIN;
  } catch {
    return -WASM_EIO;
  }
}
