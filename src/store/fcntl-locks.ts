// SQLite's locks taken with fcntl(F_SETLK), exactly as SQLite's unix VFS takes them: Linux under Bun.
// fcntl is variadic; on Linux (x86_64 and aarch64 alike) its third argument travels in a register as
// a fixed one would, so bun:ffi can call it. Not on macOS: lockf-locks.ts.
import { F_GETLK, F_SETLK, F_UNLCK, type LockCalls, type LockHolder } from './lock-bytes.js';
import { loadLibc, type BunFfi, type Libc } from './libc.js';

// Linux's `struct flock` layout, which happens to be the WASM's own too (musl): short l_type, short
// l_whence, off_t l_start @8, off_t l_len @16, pid @24.
const FLOCK_SIZE = 32;

/** fcntl locks, or undefined where the C library does not load. */
export function fcntlLocks(ffi: BunFfi): LockCalls | undefined {
  const { i32, ptr } = ffi.FFIType;
  const lib: Libc | undefined = loadLibc(ffi, { fcntl: { args: [i32, i32, ptr], returns: i32 } });
  if (!lib) return undefined;
  const buf = new Uint8Array(FLOCK_SIZE);
  const view = new DataView(buf.buffer);
  const bufPtr = ffi.ptr(buf);
  const fcntl = (fd: number, cmd: number, type: number, start: number, len: number): number => {
    buf.fill(0);
    view.setInt16(0, type, true);
    view.setInt16(2, 0, true); // SEEK_SET
    view.setBigInt64(8, BigInt(start), true);
    view.setBigInt64(16, BigInt(len), true);
    return lib.fn.fcntl!(fd, cmd, bufPtr);
  };
  return {
    exact: true,
    readLocks: true,
    set(fd, type, start, len) {
      if (fcntl(fd, F_SETLK, type, start, len) === 0) return true;
      const e = lib.errno();
      if (lib.busy.has(e)) return false;
      // A file system without POSIX locks (some FUSE and network mounts): go on as before real
      // locks existed, with memcue's own lock files alone, rather than fail every command.
      if (lib.unsupported.has(e)) return true;
      throw Object.assign(new Error(`fcntl(F_SETLK) failed with errno ${e}`), { errno: e });
    },
    holder(fd, type, start, len) {
      if (fcntl(fd, F_GETLK, type, start, len) !== 0) return undefined;
      const held = view.getInt16(0, true);
      return held === F_UNLCK ? undefined : { type: held as LockHolder['type'], pid: view.getInt32(24, true) };
    },
  };
}
