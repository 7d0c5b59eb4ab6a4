// SQLite's lock protocol as its unix VFS speaks it, and what memcue needs from the operating system to
// take part in it (native-locks.ts picks the way: fcntl-locks.ts on Linux, lockf-locks.ts on macOS).

/** SQLite's lock bytes (os.h): the same offsets in every SQLite program on every platform. */
export const PENDING_BYTE = 0x40000000;
export const RESERVED_BYTE = PENDING_BYTE + 1;
export const SHARED_FIRST = PENDING_BYTE + 2;
export const SHARED_SIZE = 510;

/** `struct flock` lock types, as SQLite's WASM build (musl) and Linux number them. */
export const F_RDLCK = 0;
export const F_WRLCK = 1;
export const F_UNLCK = 2;

/** fcntl's lock commands, as the WASM's C library (musl) and Linux number them. */
export const F_GETLK = 5;
export const F_SETLK = 6;
export const F_SETLKW = 7;

/** A lock another process holds; its pid undefined where the system cannot say (lockf). */
export interface LockHolder {
  type: typeof F_RDLCK | typeof F_WRLCK;
  pid: number | undefined;
}

/** The calls that take, drop and look at SQLite's locks on a descriptor. */
export interface LockCalls {
  /** Sets or clears a lock without waiting: false when another process holds a conflicting one. */
  set(fd: number, type: number, start: number, len: number): boolean;
  /**
   * Who holds a lock that would conflict with a lock of `type` on the range, or undefined. With
   * lockf only RESERVED can be asked the same way everywhere (see lockf-locks.ts): `exact` is false.
   */
  holder(fd: number, type: number, start: number, len: number): LockHolder | undefined;
  /** Whether holder() tells the lock's type and pid, and any range can be asked (fcntl). */
  readonly exact: boolean;
  /** Whether read locks exist, which a descriptor open for reading only can take (fcntl; not lockf). */
  readonly readLocks: boolean;
}

export interface NativeLocks extends LockCalls {
  /** A descriptor of `path` that stays open for the process's life (native-locks.ts). */
  descriptor(path: string): number;
  /** Whether SQLite's SHARED lock can really be taken on that descriptor (not lockf's on a read-only file). */
  canShare(fd: number): boolean;
}
