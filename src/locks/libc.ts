// The C library, reached from Bun through bun:ffi (fcntl-locks.ts): its name and where errno lives
// differ between Linux (glibc, musl) and macOS (libSystem).

/** The part of bun:ffi used here (the project does not depend on Bun's type package). */
export interface BunFfi {
  FFIType: { i32: number; i64: number; i64_fast: number; ptr: number };
  dlopen(name: string, symbols: object): { symbols: Record<string, (...args: number[]) => number> };
  /** Compiles C with TinyCC into the process (Bun 1.1.28+). */
  cc?(options: { source: string; symbols: object }): { symbols: Record<string, (...args: number[]) => number> };
  ptr(view: Uint8Array): number;
  read: { i32(ptr: number, offset: number): number };
}

/** One C function's signature, as bun:ffi takes it. */
export type Signature = { args: number[]; returns: number };

export interface Libc {
  fn: Record<string, (...args: number[]) => number>;
  /** errno of the last failed call. */
  errno(): number;
  /** errno values that answer "another process holds the lock" and "no locks on this file system". */
  busy: ReadonlySet<number>;
  unsupported: ReadonlySet<number>;
}

const NAMES: Record<string, string[]> = {
  linux: ['libc.so.6', 'libc.musl-x86_64.so.1', 'libc.musl-aarch64.so.1', 'libc.so'],
  darwin: ['/usr/lib/libSystem.B.dylib', 'libSystem.B.dylib', '/usr/lib/libc.dylib'],
};
const ERRNO_AT: Record<string, string> = { linux: '__errno_location', darwin: '__error' };
// EAGAIN, EACCES / ENOLCK, ENOSYS, EOPNOTSUPP (and macOS's ENOTSUP).
const BUSY: Record<string, number[]> = { linux: [11, 13], darwin: [35, 13] };
const UNSUPPORTED: Record<string, number[]> = { linux: [37, 38, 95], darwin: [77, 78, 102, 45] };

/** The C library's `symbols`, or undefined where it does not load by any known name. */
export function loadLibc(ffi: BunFfi, symbols: Record<string, Signature>, platform = process.platform): Libc | undefined {
  const errnoAt = ERRNO_AT[platform];
  if (!errnoAt) return undefined;
  for (const name of NAMES[platform]!) {
    try {
      const lib = ffi.dlopen(name, { ...symbols, [errnoAt]: { args: [], returns: ffi.FFIType.ptr } });
      const where = lib.symbols[errnoAt]!;
      return { fn: lib.symbols, errno: () => ffi.read.i32(where(), 0), busy: new Set(BUSY[platform]), unsupported: new Set(UNSUPPORTED[platform]) };
    } catch {
      /* try the next name */
    }
  }
  return undefined;
}
