// SQLite's own file locks (POSIX advisory byte-range locks), taken for real where the runtime can.
//
// Our WASM SQLite runs SQLite's unix VFS, which locks with fcntl(F_SETLK); Emscripten answers those
// calls with "done" and locks nothing, so a `sqlite3` shell, DB Browser or a script writing the
// same file could interleave with memcue and corrupt it. Under Bun on Linux, fcntl is reached
// through bun:ffi: the WASM's fcntl syscall is rerouted to the C library on a real descriptor of the
// same file, so memcue takes and honours exactly the locks every other SQLite program takes.
// Node has no way to call fcntl: there, foreign-locks.ts reads /proc/locks to see other programs.
// Not on macOS (its arm64 ABI passes fcntl's variadic argument on the stack, which bun:ffi cannot)
// nor Windows (SQLite locks there with LockFileEx): see docs/ARCHITECTURE.md.
import { closeSync, constants, fstatSync, openSync, readSync, statSync } from 'node:fs';

/** SQLite's lock bytes (os.h): the same offsets in every SQLite program on every platform. */
export const PENDING_BYTE = 0x40000000;
export const RESERVED_BYTE = PENDING_BYTE + 1;
export const SHARED_FIRST = PENDING_BYTE + 2;
export const SHARED_SIZE = 510;

export const F_RDLCK = 0;
export const F_WRLCK = 1;
export const F_UNLCK = 2;

/** A lock another process holds, as F_GETLK reports it. */
export interface LockHolder {
  type: typeof F_RDLCK | typeof F_WRLCK;
  pid: number;
}

export interface NativeLocks {
  /** Sets or clears a lock without waiting: false when another process holds a conflicting one. */
  set(fd: number, type: number, start: number, len: number): boolean;
  /** Who holds a lock that would conflict with a lock of `type` on the range, or undefined. */
  holder(fd: number, type: number, start: number, len: number): LockHolder | undefined;
  /** A descriptor of `path` that stays open for the process's life (see below). */
  descriptor(path: string): number;
}

// Linux (x86_64 and aarch64 alike): the fcntl commands and `struct flock` layout, which happen to be
// the WASM's own too (musl): short l_type, short l_whence, off_t l_start @8, off_t l_len @16, pid @24.
export const F_GETLK = 5;
export const F_SETLK = 6;
export const F_SETLKW = 7;
const FLOCK_SIZE = 32;
const EAGAIN = 11;
const EACCES = 13;
const ENOLCK = 37;
const ENOSYS = 38;
const EOPNOTSUPP = 95;

let loaded: NativeLocks | null | undefined;
/** Descriptors kept open for locks, by path (see `descriptor` below). */
const descriptors = new Map<string, number>();

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
 * MEMCUE_FOREIGN_LOCKS=0, a diagnostic: act as on macOS or Windows, where other programs' SQLite locks
 * can be neither taken nor seen (no native locks, no /proc/locks), so that the detection used there
 * (foreign-writes.ts) can be exercised on Linux.
 */
export function foreignLocksHidden(): boolean {
  return process.env.MEMCUE_FOREIGN_LOCKS === '0';
}

/** The native locks, or undefined where this runtime cannot take them (Node, macOS, Windows, MEMCUE_NATIVE_LOCKS=0 or MEMCUE_FOREIGN_LOCKS=0). */
export function nativeLocks(): NativeLocks | undefined {
  if (loaded === undefined) loaded = load() ?? null;
  return loaded ?? undefined;
}

function load(): NativeLocks | undefined {
  const bun = (globalThis as { Bun?: { } }).Bun;
  if (!bun || process.platform !== 'linux' || process.env.MEMCUE_NATIVE_LOCKS === '0' || foreignLocksHidden()) return undefined;
  // Hidden from the bundler: bun:ffi exists only under Bun.
  const ffi = (import.meta as unknown as { require: (id: string) => BunFfi }).require(`bun:${'ffi'}`);
  let lib: ReturnType<typeof openLibc>;
  try {
    lib = openLibc(ffi);
  } catch {
    return undefined; // no glibc or musl by those names: fall back to detection
  }
  const buf = new Uint8Array(FLOCK_SIZE);
  const view = new DataView(buf.buffer);
  const bufPtr = ffi.ptr(buf);
  const fcntl = (fd: number, cmd: number, type: number, start: number, len: number): number => {
    buf.fill(0);
    view.setInt16(0, type, true);
    view.setInt16(2, 0, true); // SEEK_SET
    view.setBigInt64(8, BigInt(start), true);
    view.setBigInt64(16, BigInt(len), true);
    return lib.symbols.fcntl(fd, cmd, bufPtr);
  };
  const errno = (): number => ffi.read.i32(lib.symbols.__errno_location(), 0);
  return {
    set(fd, type, start, len) {
      if (fcntl(fd, F_SETLK, type, start, len) === 0) return true;
      const e = errno();
      if (e === EAGAIN || e === EACCES) return false;
      // A file system without POSIX locks (some FUSE and network mounts): go on as before real
      // locks existed, with memcue's own lock files alone, rather than fail every command.
      if (e === ENOLCK || e === ENOSYS || e === EOPNOTSUPP) return true;
      throw Object.assign(new Error(`fcntl(F_SETLK) failed with errno ${e}`), { errno: e });
    },
    holder(fd, type, start, len) {
      if (fcntl(fd, F_GETLK, type, start, len) !== 0) return undefined;
      const held = view.getInt16(0, true);
      return held === F_UNLCK ? undefined : { type: held as LockHolder['type'], pid: view.getInt32(24, true) };
    },
    // POSIX locks belong to the process and the file, and closing ANY descriptor of the file drops
    // them all: so locks are taken on one descriptor per file that is never closed (SQLite itself
    // defers closing its own while it holds locks).
    descriptor(path) {
      let fd = descriptors.get(path);
      // A file renamed over the old one is another file: lock the new one (the old descriptor stays
      // open, as SQLite may still hold locks through it).
      if (fd !== undefined && fstatSync(fd).ino !== statSync(path).ino) fd = undefined;
      if (fd === undefined) {
        try {
          fd = openSync(path, 'r+');
        } catch {
          fd = openSync(path, 'r'); // read-only file or mount: read locks still work
        }
        descriptors.set(path, fd);
      }
      return fd;
    },
  };
}

/** The part of bun:ffi used here (the project does not depend on Bun's type package). */
interface BunFfi {
  FFIType: { i32: number; ptr: number };
  dlopen(name: string, symbols: object): { symbols: { fcntl(fd: number, cmd: number, arg: number): number; __errno_location(): number } };
  ptr(view: Uint8Array): number;
  read: { i32(ptr: number, offset: number): number };
}

function openLibc(ffi: BunFfi) {
  const symbols = {
    fcntl: { args: [ffi.FFIType.i32, ffi.FFIType.i32, ffi.FFIType.ptr], returns: ffi.FFIType.i32 },
    __errno_location: { args: [], returns: ffi.FFIType.ptr },
  } as const;
  for (const name of ['libc.so.6', 'libc.musl-x86_64.so.1', 'libc.musl-aarch64.so.1', 'libc.so']) {
    try {
      return ffi.dlopen(name, symbols);
    } catch {
      /* try the next name */
    }
  }
  throw new Error('no C library found');
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
      if (holder) view.setInt32(flock + 24, holder.pid, true);
      return 0;
    }
    // F_SETLKW is never waited on: waits happen in JS, where they can time out and say who holds it.
    return locks.set(fd, type, start, len) ? 0 : -WASM_EAGAIN;
  } catch {
    return -WASM_EIO;
  }
}
