// SQLite's locks on Windows, taken with LockFileEx on the same bytes as SQLite's own Windows VFS takes
// them (PENDING, RESERVED, and the SHARED range shared or exclusive), so memcue and a native SQLite
// program (the sqlite3 shell, DB Browser) exclude each other as two native programs do.
//
// Our WASM SQLite speaks the unix VFS: it asks for POSIX fcntl locks, which replace a held lock on a
// range in one step and unlock any span. Windows locks are per handle, cannot be converted, and must
// be unlocked exactly as taken: so the three ranges are tracked here and a change is made as SQLite's
// Windows VFS makes it (unlock, then lock; on failure the previous lock is taken back). Windows
// cannot say who holds a lock (no pid). The handle is memcue's own (CreateFileW), never closed, and
// used for locks alone: Windows locks bind reads of their bytes too, and nobody reads SQLite's lock
// page. Written to Microsoft's documentation; not run on Windows by this project (docs/ARCHITECTURE.md).
import { F_UNLCK, F_WRLCK, PENDING_BYTE, RESERVED_BYTE, SHARED_FIRST, SHARED_SIZE, type LockCalls } from './lock-bytes.js';
import type { BunFfi } from './libc.js';

const RANGES: [start: number, len: number][] = [
  [PENDING_BYTE, 1],
  [RESERVED_BYTE, 1],
  [SHARED_FIRST, SHARED_SIZE],
];
const LOCKFILE_FAIL_IMMEDIATELY = 1;
const LOCKFILE_EXCLUSIVE_LOCK = 2;
const GENERIC_READ = 0x80000000;
const GENERIC_WRITE = 0x40000000;
const SHARE_ALL = 7; // FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE
const OPEN_EXISTING = 3;
const FILE_ATTRIBUTE_NORMAL = 0x80;

/** LockFileEx locks with an `open` that makes the handle, or undefined where kernel32 does not load. */
export function windowsLocks(ffi: BunFfi): (LockCalls & { open(path: string): number }) | undefined {
  const { i32, i64, ptr } = ffi.FFIType;
  let k: Record<string, (...args: number[]) => number>;
  try {
    k = ffi.dlopen('kernel32.dll', {
      CreateFileW: { args: [ptr, i32, i32, ptr, i32, i32, ptr], returns: ffi.FFIType.i64_fast },
      LockFileEx: { args: [i64, i32, i32, i32, i32, ptr], returns: i32 },
      UnlockFileEx: { args: [i64, i32, i32, i32, ptr], returns: i32 },
    }).symbols;
  } catch {
    return undefined;
  }
  // OVERLAPPED (x64): Internal, InternalHigh (8 each), Offset @16, OffsetHigh @20, hEvent @24.
  const overlapped = new Uint8Array(32);
  const view = new DataView(overlapped.buffer);
  const at = ffi.ptr(overlapped);
  const region = (start: number) => {
    overlapped.fill(0);
    view.setUint32(16, start % 2 ** 32, true);
    view.setUint32(20, Math.floor(start / 2 ** 32), true);
    return at;
  };
  const lock = (h: number, i: number, exclusive: boolean) =>
    k.LockFileEx!(h, LOCKFILE_FAIL_IMMEDIATELY | (exclusive ? LOCKFILE_EXCLUSIVE_LOCK : 0), 0, RANGES[i]![1], 0, region(RANGES[i]![0])) !== 0;
  const unlock = (h: number, i: number) => void k.UnlockFileEx!(h, 0, RANGES[i]![1], 0, region(RANGES[i]![0]));
  /** What this process holds on each range, by handle. */
  const held = new Map<number, number[]>();
  const touched = (start: number, len: number) => {
    const end = len === 0 ? Infinity : start + len; // POSIX: length 0 runs to the end of the file
    return RANGES.flatMap(([s, l], i) => (s < end && s + l > start ? [i] : []));
  };
  /** One range from `from` to `to`, as SQLite's Windows VFS does it; false (and `from` kept) when refused. */
  const change = (h: number, i: number, from: number, to: number): boolean => {
    if (from !== F_UNLCK) unlock(h, i);
    if (to === F_UNLCK || lock(h, i, to === F_WRLCK)) return true;
    if (from !== F_UNLCK) lock(h, i, from === F_WRLCK);
    return false;
  };
  return {
    open(path) {
      const name = Buffer.from(`${path}\0`, 'utf16le');
      for (const access of [GENERIC_READ | GENERIC_WRITE, GENERIC_READ]) {
        const h = k.CreateFileW!(ffi.ptr(name), access | 0, SHARE_ALL, 0, OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, 0);
        if (h !== -1 && h !== 0) return h;
      }
      throw Object.assign(new Error(`cannot open ${path} to lock it`), { code: 'EACCES' });
    },
    set(h, type, start, len) {
      const state = held.get(h) ?? [F_UNLCK, F_UNLCK, F_UNLCK];
      held.set(h, state);
      const done: [number, number][] = [];
      for (const i of touched(start, len)) {
        if (state[i] === type) continue;
        if (!change(h, i, state[i]!, type)) {
          // All of the request or none of it, as one fcntl call is.
          for (const [j, was] of done.reverse()) change(h, j, type, was), (state[j] = was);
          return false;
        }
        done.push([i, state[i]!]);
        state[i] = type;
      }
      return true;
    },
    holder(h, type, start, len) {
      const state = held.get(h) ?? [F_UNLCK, F_UNLCK, F_UNLCK];
      for (const i of touched(start, len)) {
        if (state[i] !== F_UNLCK) continue; // asked only about others' locks, as F_GETLK is
        if (!lock(h, i, type === F_WRLCK)) return { type: F_WRLCK, pid: undefined };
        unlock(h, i);
      }
      return undefined;
    },
  };
}
