// SQLite's locks taken with fcntl(F_SETLK), exactly as SQLite's unix VFS takes them (Linux, macOS).
// fcntl is variadic. On Linux (x86_64, aarch64) its third argument travels in a register as a fixed
// one would, so bun:ffi calls fcntl itself. On macOS arm64 a variadic argument goes on the stack,
// which bun:ffi cannot do: there memcue calls `__fcntl`, the non-variadic system-call stub that
// libSystem's fcntl calls (`int __fcntl(int, int, long)`), or, if a libSystem lacks it, a three-line
// C wrapper compiled by bun:ffi's `cc`. macOS numbers the commands and lays out `struct flock` its
// own way: translated here. Not run on a Mac by this project (docs/ARCHITECTURE.md).
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { F_GETLK, F_RDLCK, F_SETLK, F_UNLCK, F_WRLCK, type LockCalls, type LockHolder } from './lock-bytes.js';
import { loadLibc, type BunFfi, type Libc } from './libc.js';

/** One platform's `struct flock` and numbers. */
interface Layout {
  size: number;
  type: number;
  whence: number;
  start: number;
  len: number;
  pid: number;
  /** The platform's F_GETLK, F_SETLK and F_RDLCK, F_WRLCK, F_UNLCK. */
  getlk: number;
  setlk: number;
  types: [number, number, number];
}

// Linux (and the WASM's musl): short l_type, short l_whence, off_t l_start @8, off_t l_len @16, pid @24.
const LINUX: Layout = { size: 32, type: 0, whence: 2, start: 8, len: 16, pid: 24, getlk: F_GETLK, setlk: F_SETLK, types: [F_RDLCK, F_WRLCK, F_UNLCK] };
// macOS <sys/fcntl.h>: off_t l_start, off_t l_len, pid_t l_pid, short l_type, short l_whence.
const DARWIN: Layout = { size: 24, start: 0, len: 8, pid: 16, type: 20, whence: 22, getlk: 7, setlk: 8, types: [1, 3, 2] };

/** The platform's lock call with a pointer third argument: fcntl, __fcntl, or a compiled wrapper. */
type LockCall = (fd: number, cmd: number, flock: number) => number;

/** fcntl locks for `platform`, or undefined where the C library does not load. */
export function fcntlLocks(ffi: BunFfi, platform = process.platform): LockCalls | undefined {
  const layout = platform === 'darwin' ? DARWIN : LINUX;
  const { i32, i64, ptr } = ffi.FFIType;
  let lib: Libc | undefined;
  let call: LockCall | undefined;
  if (platform === 'darwin') {
    lib = loadLibc(ffi, { __fcntl: { args: [i32, i32, i64], returns: i32 } }, platform);
    const raw = lib?.fn.__fcntl;
    if (raw) call = (fd, cmd, flock) => raw(fd, cmd, flock);
    else {
      lib = loadLibc(ffi, {}, platform);
      call = compiledWrapper(ffi);
    }
  } else {
    lib = loadLibc(ffi, { fcntl: { args: [i32, i32, ptr], returns: i32 } }, platform);
    call = lib?.fn.fcntl;
  }
  if (!lib || !call) return undefined;
  return withLayout(ffi, lib, call, layout);
}

/** The lock calls over one `struct flock` buffer in `layout`. */
function withLayout(ffi: BunFfi, lib: Libc, call: LockCall, layout: Layout): LockCalls {
  const buf = new Uint8Array(layout.size);
  const view = new DataView(buf.buffer);
  const bufPtr = ffi.ptr(buf);
  const run = (fd: number, cmd: number, type: number, start: number, len: number): number => {
    buf.fill(0);
    view.setInt16(layout.type, layout.types[type]!, true);
    view.setInt16(layout.whence, 0, true); // SEEK_SET
    view.setBigInt64(layout.start, BigInt(start), true);
    view.setBigInt64(layout.len, BigInt(len), true);
    return call(fd, cmd, bufPtr);
  };
  return {
    set(fd, type, start, len) {
      if (run(fd, layout.setlk, type, start, len) === 0) return true;
      const e = lib.errno();
      if (lib.busy.has(e)) return false;
      // A file system without POSIX locks (some FUSE and network mounts): SQLite's own answer there
      // is to go on unlocked too; memcue says so in `memcue doctor` rather than fail every command.
      if (lib.unsupported.has(e)) return true;
      throw Object.assign(new Error(`fcntl(F_SETLK) failed with errno ${e}`), { errno: e });
    },
    holder(fd, type, start, len) {
      if (run(fd, layout.getlk, type, start, len) !== 0) return undefined;
      const held = layout.types.indexOf(view.getInt16(layout.type, true));
      if (held !== F_RDLCK && held !== F_WRLCK) return undefined;
      return { type: held, pid: view.getInt32(layout.pid, true) } satisfies LockHolder;
    },
  };
}

const WRAPPER = 'int fcntl(int, int, ...);\nint memcue_lock_call(int fd, int cmd, void *flock) { return fcntl(fd, cmd, flock); }\n';

/** fcntl called from C, compiled by bun:ffi's cc (TinyCC) into this process: the C compiler passes the variadic argument right. */
function compiledWrapper(ffi: BunFfi): LockCall | undefined {
  if (!ffi.cc) return undefined;
  try {
    const source = join(tmpdir(), `memcue-lock-call-${process.pid}.c`);
    writeFileSync(source, WRAPPER);
    const { i32, ptr } = ffi.FFIType;
    return ffi.cc({ source, symbols: { memcue_lock_call: { args: [i32, i32, ptr], returns: i32 } } }).symbols.memcue_lock_call;
  } catch {
    return undefined;
  }
}
