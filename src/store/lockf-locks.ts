// SQLite's locks taken with lockf(3): macOS under Bun, where fcntl cannot be called (its arm64 ABI
// passes a variadic argument on the stack, which bun:ffi cannot do). lockf and lseek are not
// variadic, and lockf is an fcntl write lock (F_WRLCK from the current offset) in glibc, musl and
// macOS's libc alike: it conflicts with every other SQLite program's locks as they expect.
// lockf has no read locks, so SQLite's requests are mapped:
// - a write lock or an unlock of a range: lseek to its start, lockf(F_TLOCK / F_ULOCK, len);
// - SHARED (a read lock on the 510-byte SHARED range): a write lock on ONE byte of it, picked at
//   random (others tried on conflict), so memcue's readers do not exclude each other, while a writer's
//   EXCLUSIVE (the whole range) still excludes them all. A foreign reader's read lock covers the whole
//   range, so no byte is free while one reads: then the PENDING byte, which SQLite holds while taking
//   SHARED, is kept instead. No writer reaches EXCLUSIVE without PENDING, so the file still cannot
//   change; but new readers, foreign or memcue's, wait (SQLite's busy handler, or memcue's) while it
//   is held, i.e. for one memcue read;
// - the read lock on PENDING taken while taking SHARED (for a moment): a write lock on that byte;
// - EXCLUSIVE back to SHARED (after a commit): the range is released but for the one byte;
// - F_GETLK: lockf(F_TEST) says only "locked", no pid, and glibc asks it as a reader (write locks
//   alone) where macOS asks it as a writer (any lock). SQLite asks only about RESERVED, which only
//   writers lock, so the answer is the same everywhere; memcue asks only that too (foreign-locks.ts).
import { F_UNLCK, F_WRLCK, PENDING_BYTE, SHARED_FIRST, SHARED_SIZE, type LockCalls } from './lock-bytes.js';
import { EBADF, loadLibc, type BunFfi } from './libc.js';

const F_ULOCK = 0;
const F_TLOCK = 2;
const F_TEST = 3;
const SEEK_SET = 0;
const SHARED_END = SHARED_FIRST + SHARED_SIZE;
/** Bytes of the SHARED range tried for a reader before answering busy (a foreign lock covers them all). */
const READER_TRIES = 8;

/** What this process holds of SQLite's lock bytes on one descriptor, beyond what lockf could say. */
interface Held {
  /** The byte standing for SQLite's SHARED lock. */
  byte?: number;
  /** The whole SHARED range: SQLite's EXCLUSIVE. */
  range: boolean;
  /** The PENDING byte. */
  pending: boolean;
  /** PENDING kept as SHARED, while a foreign reader held the whole range (see the top). */
  viaPending: boolean;
}

/** lockf locks, or undefined where the C library does not load. */
export function lockfLocks(ffi: BunFfi, platform = process.platform): LockCalls | undefined {
  const { i32, i64, i64_fast } = ffi.FFIType;
  const lib = loadLibc(ffi, { lockf: { args: [i32, i32, i64], returns: i32 }, lseek: { args: [i32, i64, i32], returns: i64_fast } }, platform);
  if (!lib) return undefined;
  /** 0, or the errno of lseek(start) + lockf(cmd, len). */
  const lockf = (fd: number, cmd: number, start: number, len: number): number =>
    lib.fn.lseek!(fd, start, SEEK_SET) < 0 || lib.fn.lockf!(fd, cmd, len) !== 0 ? lib.errno() : 0;
  /** Whether the lock was taken: false while another process holds a conflicting one. */
  const lock = (fd: number, start: number, len: number): boolean => {
    const e = lockf(fd, F_TLOCK, start, len);
    if (e === 0) return true;
    if (lib.busy.has(e)) return false;
    // A file system without POSIX locks, or a file memcue may only read (lockf's locks are all write
    // locks): go on with memcue's own lock files alone, as before real locks existed.
    if (lib.unsupported.has(e) || e === EBADF) return true;
    throw Object.assign(new Error(`lockf(F_TLOCK) failed with errno ${e}`), { errno: e });
  };
  const unlock = (fd: number, start: number, len: number): void => {
    const e = lockf(fd, F_ULOCK, start, len);
    if (e !== 0 && !lib.unsupported.has(e) && e !== EBADF) throw Object.assign(new Error(`lockf(F_ULOCK) failed with errno ${e}`), { errno: e });
  };
  const helds = new Map<number, Held>();

  /** SQLite's SHARED lock (or its EXCLUSIVE lowered to SHARED) as one byte of the range, or PENDING kept. */
  const share = (fd: number, held: Held): boolean => {
    if (held.range) {
      // Lowered from EXCLUSIVE: release the rest of the range around the byte kept, never the byte.
      const byte = held.byte ?? randomByte();
      if (byte > SHARED_FIRST) unlock(fd, SHARED_FIRST, byte - SHARED_FIRST);
      if (byte + 1 < SHARED_END) unlock(fd, byte + 1, SHARED_END - byte - 1);
      Object.assign(held, { byte, range: false });
      return true;
    }
    if (held.byte !== undefined || held.viaPending) return true;
    for (let i = 0; i < READER_TRIES; i++) {
      const byte = randomByte();
      if (lock(fd, byte, 1)) {
        held.byte = byte;
        return true;
      }
    }
    // Held by PENDING, no writer can hold EXCLUSIVE: the range is a foreign reader's.
    if (held.pending) held.viaPending = true;
    return held.viaPending;
  };

  const release = (fd: number, held: Held, start: number, len: number): void => {
    const end = len === 0 ? Infinity : start + len;
    const pending = start <= PENDING_BYTE && end > PENDING_BYTE;
    const range = start <= SHARED_FIRST && end >= SHARED_END; // SHARED or EXCLUSIVE ends, or every lock
    if (pending && held.viaPending && !range) {
      // SQLite drops PENDING (and RESERVED) but keeps SHARED, which PENDING stands for.
      if (start < PENDING_BYTE) unlock(fd, start, PENDING_BYTE - start);
      if (end > PENDING_BYTE + 1) unlock(fd, PENDING_BYTE + 1, end - PENDING_BYTE - 1);
      return;
    }
    unlock(fd, start, len);
    if (pending) held.pending = false;
    if (!range) return;
    if (held.viaPending && held.pending) unlock(fd, PENDING_BYTE, 1); // it stood for the SHARED lock now ended
    Object.assign(held, { byte: undefined, range: false, pending: held.pending && !held.viaPending, viaPending: false });
  };

  return {
    exact: false,
    readLocks: false,
    set(fd, type, start, len) {
      let held = helds.get(fd);
      if (!held) helds.set(fd, (held = { range: false, pending: false, viaPending: false }));
      if (type === F_UNLCK) {
        release(fd, held, start, len);
        return true;
      }
      if (start === SHARED_FIRST && len === SHARED_SIZE && type !== F_WRLCK) return share(fd, held);
      // A write lock, or the read lock on PENDING: exclusive either way.
      if (!lock(fd, start, len)) return false;
      if (start === SHARED_FIRST && len === SHARED_SIZE) Object.assign(held, { range: true, viaPending: false });
      if (start <= PENDING_BYTE && start + len > PENDING_BYTE) held.pending = true;
      return true;
    },
    holder(fd, _type, start, len) {
      const e = lockf(fd, F_TEST, start, len);
      return lib.busy.has(e) ? { type: F_WRLCK, pid: undefined } : undefined;
    },
  };
}

function randomByte(): number {
  return SHARED_FIRST + Math.floor(Math.random() * SHARED_SIZE);
}
