// SQLite's own file locks, taken for real: the one lock protocol every process on the file follows.
//
// Our WASM SQLite runs SQLite's unix VFS, which locks with fcntl(F_SETLK); Emscripten answers those
// calls with "done" and locks nothing. memcue runs under Bun (the single executable; the npm package
// launches it), and the WASM's fcntl syscall is rerouted through bun:ffi to the operating system on a
// real descriptor of the same file: fcntl on Linux and macOS (fcntl-locks.ts), LockFileEx on Windows
// (windows-locks.ts). memcue then takes and honours exactly the locks a `sqlite3` shell takes, and
// SQLite's own rules order every process: readers share, a writer's commit excludes them, a hot
// journal is played back only when no writer holds RESERVED. Node cannot take locks: there the store
// opens only for vitest's in-process tests, one process alone on its files (see ARCHITECTURE.md).
import { closeSync, constants, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { MemcueError } from '../errors.js';
import { fcntlLocks } from './fcntl-locks.js';
import { F_GETLK, F_UNLCK, F_WRLCK, PENDING_BYTE, RESERVED_BYTE, SHARED_FIRST, SHARED_SIZE, type LockCalls, type NativeLocks } from './lock-bytes.js';
import type { BunFfi } from './libc.js';
import { windowsLocks } from './windows-locks.js';

export * from './lock-bytes.js';

let loaded: NativeLocks | null | undefined;
/** Descriptors kept open for locks, by path (see `descriptor` below). */
const descriptors = new Map<string, number>();
/** Whether `descriptors` are the runtime's own file descriptors (not Windows handles). */
let posix = true;

/**
 * The lock descriptor of `path` if this process holds one: other reads of the database file must go
 * through it, because closing any other descriptor of the file would drop this process's POSIX locks.
 */
export function heldDescriptor(path: string): number | undefined {
  return posix ? descriptors.get(path) : undefined;
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

/** Whether this process runs under Bun, the runtime that can take locks. */
function underBun(): boolean {
  return (globalThis as { Bun?: object }).Bun !== undefined;
}

/**
 * The native locks. Throws one line where they cannot be taken: a database shared with other
 * processes must never be opened unlocked. Under Node only vitest's in-process tests may go on
 * without them (MEMCUE_IN_PROCESS_TESTS=1, set by vitest.config.ts), with SQLite's own locking between
 * the connections of their one process.
 */
export function nativeLocks(): NativeLocks | undefined {
  if (loaded === undefined) loaded = (underBun() ? load() : undefined) ?? null;
  if (loaded) return loaded;
  if (!underBun() && process.env.MEMCUE_IN_PROCESS_TESTS === '1') return undefined;
  throw new MemcueError(
    'ENGINE',
    underBun() ? `memcue cannot take SQLite's file locks on ${process.platform}: the system's C library did not load` : 'this memcue runs under Node, which cannot take SQLite\'s file locks',
    'run the memcue executable (`npx memcue`, `npm i -g memcue`, or the release binary); the database was not touched',
  );
}

function load(): NativeLocks | undefined {
  // Hidden from the bundler: bun:ffi exists only under Bun.
  const ffi = (import.meta as unknown as { require: (id: string) => BunFfi }).require(`bun:${'ffi'}`);
  if (process.platform === 'win32') {
    const calls = windowsLocks(ffi);
    posix = false;
    return calls && { ...calls, descriptor: (path) => lockDescriptor(path, calls.open) };
  }
  const calls: LockCalls | undefined = fcntlLocks(ffi);
  return calls && { ...calls, descriptor: (path) => lockDescriptor(path, openPosix) };
}

function openPosix(path: string): number {
  try {
    return openSync(path, 'r+');
  } catch {
    return openSync(path, 'r'); // read-only file or mount: fcntl's read locks still work
  }
}

/**
 * A descriptor of `path` that is never closed: POSIX locks belong to the process and the file, and
 * closing ANY descriptor of the file drops them all, so locks are taken on one descriptor per file
 * (SQLite itself defers closing its own while it holds locks).
 */
function lockDescriptor(path: string, open: (path: string) => number): number {
  let fd = descriptors.get(path);
  // A file renamed over the old one is another file: lock the new one (the old descriptor stays
  // open, as SQLite may still hold locks through it).
  if (fd !== undefined && posix && fstatSync(fd).ino !== statSync(path).ino) fd = undefined;
  if (fd === undefined) {
    fd = open(path);
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

/** Descriptors whose RESERVED lock SQLite let go while it was kept (keepReserved). */
const keptReserved = new Set<number>();
let keeping: NativeLocks | undefined;

/**
 * Keeps this process's RESERVED lock past the COMMIT that ends a write transaction, until the
 * returned release is called: what a writer does right after its commit (the search file's delta,
 * the record of the state it left, both describing exactly that commit) must land before the next
 * writer's transaction begins. Readers do not mind RESERVED. A no-op without native locks.
 */
export function keepReserved(): () => void {
  keeping = loaded ?? undefined;
  return () => {
    const locks = keeping;
    keeping = undefined;
    for (const fd of keptReserved) locks?.set(fd, F_UNLCK, RESERVED_BYTE, 1);
    keptReserved.clear();
  };
}

/** An unlock while RESERVED is kept: everything asked but that byte. */
function unlockKeepingReserved(locks: NativeLocks, fd: number, start: number, len: number): boolean {
  const end = len === 0 ? Infinity : start + len;
  if (start > RESERVED_BYTE || end <= RESERVED_BYTE) return locks.set(fd, F_UNLCK, start, len);
  keptReserved.add(fd);
  const before = start >= RESERVED_BYTE || locks.set(fd, F_UNLCK, start, RESERVED_BYTE - start);
  const after = end <= RESERVED_BYTE + 1 || locks.set(fd, F_UNLCK, RESERVED_BYTE + 1, len === 0 ? 0 : end - RESERVED_BYTE - 1);
  return before && after;
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
      if (holder) view.setInt32(flock + 24, holder.pid ?? 0, true); // 0: unknown (Windows)
      return 0;
    }
    // F_SETLKW is never waited on: waits happen in JS, where they can time out and say who holds it.
    if (type === F_UNLCK && keeping) return unlockKeepingReserved(locks, fd, start, len) ? 0 : -WASM_EAGAIN;
    if (locks.set(fd, type, start, len)) return 0;
    // A commit refused EXCLUSIVE (readers hold SHARED): SQLite keeps PENDING meanwhile, which shuts
    // every new reader out until the commit is through, so one stopped reader would stop all the
    // others for the writer's whole busy timeout. memcue lets PENDING go between its tries (SQLite
    // still counts it as held and next asks for the SHARED range alone, which excludes every reader
    // by itself); new readers come in between, and the writer commits in the first gap they leave.
    if (type === F_WRLCK && start === SHARED_FIRST && len === SHARED_SIZE) locks.set(fd, F_UNLCK, PENDING_BYTE, 1);
    return -WASM_EAGAIN;
  } catch {
    return -WASM_EIO;
  }
}
