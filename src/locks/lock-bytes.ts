// SQLite's lock protocol as its unix VFS speaks it, and what memcue needs from the operating system to
// take part in it (native-locks.ts picks the way: fcntl-locks.ts on Linux and macOS, windows-locks.ts).

/** SQLite's lock bytes (os.h): the same offsets in every SQLite program on every platform. */
export const PENDING_BYTE = 0x40000000;
export const RESERVED_BYTE = PENDING_BYTE + 1;
export const SHARED_FIRST = PENDING_BYTE + 2;
export const SHARED_SIZE = 510;
/** From PENDING to the end of the SHARED range: every byte SQLite ever locks. */
export const LOCK_RANGE = SHARED_FIRST + SHARED_SIZE - PENDING_BYTE;

/** `struct flock` lock types, as SQLite's WASM build (musl) and Linux number them. */
export const F_RDLCK = 0;
export const F_WRLCK = 1;
export const F_UNLCK = 2;

/** fcntl's lock commands, as the WASM's C library (musl) and Linux number them. */
export const F_GETLK = 5;
export const F_SETLK = 6;
export const F_SETLKW = 7;

/** A lock another process holds; its pid undefined where the system cannot say (Windows). */
export interface LockHolder {
  type: typeof F_RDLCK | typeof F_WRLCK;
  pid: number | undefined;
}

/** The calls that take, drop and look at SQLite's locks on a descriptor (types and commands as above). */
export interface LockCalls {
  /** Sets or clears a lock without waiting: false when another process holds a conflicting one. */
  set(fd: number, type: number, start: number, len: number): boolean;
  /** Who holds a lock that would conflict with a lock of `type` on the range, or undefined. */
  holder(fd: number, type: number, start: number, len: number): LockHolder | undefined;
}

export interface NativeLocks extends LockCalls {
  /** A descriptor (a handle on Windows) of `path` that stays open for the process's life. */
  descriptor(path: string): number;
}
