// The WASM's file syscalls that Emscripten's NODERAWFS answers wrongly for a database, rerouted when
// the module is instantiated (the import keys are minified per build: wasm/syscalls.json names them):
// - fcntl locks: NODERAWFS locks nothing; SQLite's lock calls go to the operating system's locks
//   (native-locks.ts), so SQLite's own protocol orders every process on the file;
// - fd_sync: NODERAWFS streams have no fsync, so every sync SQLite asked for (journal, database,
//   directory; synchronous=FULL) did nothing, and a power cut or OS crash could lose or tear a
//   commit memcue had acknowledged. Syncs now reach the file with fsync;
// - seek, read, write, truncate: followed so that an observer sees each write before it lands
//   (write-observer.ts; the write check's CRC of the file after a commit).
import { closeSync, fsyncSync, openSync } from 'node:fs';
import SYSCALLS from '../../wasm/syscalls.json' with { type: 'json' };
import { pauseAt } from '../util/pause.js';
import { routeWrites } from './write-observer.js';
import { describeCall, F_GETLK, F_SETLK, F_SETLKW, heldDescriptor, lockCall, WASM_EIO, type NativeLocks } from '../locks/native-locks.js';

/** Reroutes `imports` (what Emscripten hands to instantiateWasm); `locks` when the runtime has them. MEMCUE_LOCK_TRACE=1 prints every lock call. */
export function routeFileSyscalls(imports: WebAssembly.Imports, memory: () => WebAssembly.Memory, locks: NativeLocks | undefined): void {
  // Files opened by SQLite, by descriptor, so that a lock or sync call can name the file.
  const paths = new Map<number, string>();
  const trace = process.env.MEMCUE_LOCK_TRACE === '1';
  for (const mod of Object.values(imports)) {
    const table = mod as Record<string, (...args: number[]) => number>;
    const open = table[SYSCALLS.___syscall_open];
    const close = table[SYSCALLS._fd_close];
    const fcntl = table[SYSCALLS.___syscall_fcntl64];
    const sync = table[SYSCALLS._fd_sync];
    if (!open || !close || !fcntl || !sync) continue;
    table[SYSCALLS.___syscall_open] = (pathPtr, flags, varargs) => {
      const fd = open(pathPtr, flags, varargs);
      if (fd >= 0) paths.set(fd, cString(memory(), pathPtr));
      return fd;
    };
    table[SYSCALLS._fd_close] = (fd) => {
      if (trace && paths.has(fd)) process.stderr.write(`memcue lock trace: pid ${process.pid} closes ${paths.get(fd)}\n`);
      paths.delete(fd);
      return close(fd);
    };
    table[SYSCALLS._fd_sync] = (fd) => {
      const path = paths.get(fd);
      if (path === undefined) return sync(fd);
      // The journal's first sync of a commit: SQLite holds EXCLUSIVE, the journal is not hot yet and
      // the database untouched. Tests stop a committing writer here (MEMCUE_SYNC_PAUSE_AT=commit).
      if (path.endsWith('-journal')) pauseAt('commit', process.env);
      return syncFile(path);
    };
    routeWrites(table, memory, paths);
    if (!locks) return;
    table[SYSCALLS.___syscall_fcntl64] = (fd, cmd, varargs) => {
      const path = paths.get(fd);
      if ((cmd !== F_GETLK && cmd !== F_SETLK && cmd !== F_SETLKW) || path === undefined) return fcntl(fd, cmd, varargs);
      let rc: number;
      try {
        rc = lockCall(memory(), locks, locks.descriptor(path), cmd, varargs);
      } catch {
        rc = -WASM_EIO; // the file cannot be opened to lock it (gone, or a name no longer there)
      }
      if (trace) process.stderr.write(`memcue lock trace: pid ${process.pid} ${describeCall(memory(), cmd, varargs)} on ${path} -> ${rc}\n`);
      return rc;
    };
    return;
  }
  throw new Error('the WASM module does not import the syscalls in wasm/syscalls.json: run `npm run build:wasm`');
}

/**
 * fsync of the file (or directory) SQLite named: fsync flushes the file, whichever descriptor asks.
 * Through the lock descriptor when this process holds one, because closing any other descriptor of
 * a file drops the process's POSIX locks on it. Returns a WASI errno, 0 for done.
 */
function syncFile(path: string): number {
  const held = heldDescriptor(path);
  let fd: number | undefined;
  try {
    fd = held ?? openForSync(path);
    fsyncSync(fd);
    return 0;
  } catch (e) {
    // Only a real write failure fails the commit; where a sync cannot be asked for (a file system
    // without it, a handle Windows will not flush), nothing is synced, as before.
    const code = (e as NodeJS.ErrnoException).code;
    return code === 'EIO' || code === 'ENOSPC' || code === 'EDQUOT' ? WASM_EIO : 0;
  } finally {
    if (held === undefined && fd !== undefined) closeSync(fd);
  }
}

/** Windows flushes only a handle open for writing; a directory or read-only file opens for reading. */
function openForSync(path: string): number {
  try {
    return openSync(path, 'r+');
  } catch {
    return openSync(path, 'r');
  }
}

function cString(memory: WebAssembly.Memory, ptr: number): string {
  const bytes = new Uint8Array(memory.buffer);
  let end = ptr;
  while (bytes[end] !== 0) end++;
  return new TextDecoder().decode(bytes.subarray(ptr, end));
}
