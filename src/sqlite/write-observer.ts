// Every byte SQLite writes into a database file, shown to an observer before it lands: the write
// check (store/write-digest.ts) keeps the file's CRC-32 current from the pages a commit writes,
// instead of reading the whole file again after it. Emscripten's file layer writes at the stream's
// position (SQLite seeks, then writes), so each descriptor's position is followed through its seeks,
// reads and writes; a write at a position not known, or one that fails, is reported as lost.
import SYSCALLS from '../../wasm/syscalls.json' with { type: 'json' };

export interface WriteObserver {
  /** `data` is about to be written at byte `at`: the file still holds the old bytes there. */
  write(at: number, data: Uint8Array): void;
  /** The file is about to be cut (or grown with zeros) to `size` bytes. */
  truncate(size: number): void;
  /** A write whose place or outcome is not known: what the observer derived no longer holds. */
  lost(): void;
}

const observers = new Map<string, WriteObserver>();

/** From now on SQLite's writes to the file at `path` (the name SQLite opened) go past `observer`. */
export function observeWrites(path: string, observer: WriteObserver): void {
  observers.set(path, observer);
}

/** `observer` no longer sees the writes to `path` (if it still was the one seeing them). */
export function stopObserving(path: string, observer: WriteObserver): void {
  if (observers.get(path) === observer) observers.delete(path);
}

type Table = Record<string, (...args: number[]) => number>;

/** Wraps the import table's seek, read, write, truncate and close; `paths` names the files SQLite opened, by descriptor. */
export function routeWrites(table: Table, memory: () => WebAssembly.Memory, paths: Map<number, string>): void {
  const positions = new Map<number, number>();
  const seek = table[SYSCALLS._fd_seek]!;
  const read = table[SYSCALLS._fd_read]!;
  const write = table[SYSCALLS._fd_write]!;
  const truncate = table[SYSCALLS.___syscall_ftruncate64]!;
  const close = table[SYSCALLS._fd_close]!;
  // One view of the WASM memory, made again only when the memory grew (every database read passes here).
  let view = new Uint32Array(0);
  const words = () => {
    const buffer = memory().buffer;
    if (view.buffer !== buffer) view = new Uint32Array(buffer);
    return view;
  };
  // The position after a read or write of `rc` at `at`: `at` plus the bytes done; unknown after a failure.
  const advance = (fd: number, at: number, rc: number, pnum: number) => {
    if (rc === 0) positions.set(fd, at + words()[pnum >>> 2]!);
    else positions.delete(fd);
  };
  table[SYSCALLS._fd_seek] = (fd, low, high, whence, newOffset) => {
    const rc = seek(fd, low, high, whence, newOffset);
    if (!paths.has(fd)) return rc;
    if (rc === 0) positions.set(fd, words()[newOffset >>> 2]! + words()[(newOffset + 4) >>> 2]! * 2 ** 32);
    else positions.delete(fd);
    return rc;
  };
  table[SYSCALLS._fd_read] = (fd, iov, iovcnt, pnum) => {
    const at = positions.get(fd);
    const rc = read(fd, iov, iovcnt, pnum);
    if (at !== undefined) advance(fd, at, rc, pnum);
    return rc;
  };
  table[SYSCALLS._fd_write] = (fd, iov, iovcnt, pnum) => {
    const path = paths.get(fd);
    const observer = path === undefined ? undefined : observers.get(path);
    const at = positions.get(fd);
    let total = 0;
    if (observer) {
      const w = words();
      const bytes = new Uint8Array(memory().buffer);
      for (let i = 0; i < iovcnt; i++) {
        const ptr = w[(iov >>> 2) + 2 * i]!;
        const len = w[(iov >>> 2) + 2 * i + 1]!;
        if (at === undefined) observer.lost();
        else observer.write(at + total, bytes.subarray(ptr, ptr + len));
        total += len;
      }
    }
    const rc = write(fd, iov, iovcnt, pnum);
    if (observer && (rc !== 0 || words()[pnum >>> 2] !== total)) observer.lost(); // not all of it landed
    if (at !== undefined) advance(fd, at, rc, pnum);
    return rc;
  };
  table[SYSCALLS.___syscall_ftruncate64] = (fd, low, high) => {
    const path = paths.get(fd);
    const observer = path === undefined ? undefined : observers.get(path);
    observer?.truncate((low >>> 0) + high * 2 ** 32);
    const rc = truncate(fd, low, high);
    if (observer && rc !== 0) observer.lost();
    return rc;
  };
  table[SYSCALLS._fd_close] = (fd) => {
    positions.delete(fd); // the number is given to the next file opened
    return close(fd);
  };
}
