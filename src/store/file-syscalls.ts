// The WASM's file syscalls that Emscripten's NODERAWFS answers wrongly for a database, rerouted when
// the module is instantiated (the import keys are minified per build: wasm/syscalls.json names them):
// - fcntl locks: NODERAWFS locks nothing; where the runtime can take real locks, SQLite's lock calls
//   go to them (native-locks.ts); where other programs' locks are out of sight, SQLite's question
//   "does anyone hold RESERVED?" is answered yes unless memcue knows a journal is its own, so that
//   SQLite never plays back another program's live journal (foreign-writes.ts);
// - fd_sync: NODERAWFS streams have no fsync, so every sync SQLite asked for (journal, database,
//   directory; synchronous=FULL) did nothing, and a power cut or OS crash could lose or tear a
//   commit memcue had acknowledged. Syncs now reach the file with fsync, in every runtime; where other
//   programs' locks are out of sight, a commit's syncs are also where memcue looks for their writes
//   (foreign-writes.ts).
import { closeSync, fsyncSync, openSync } from 'node:fs';
import SYSCALLS from '../../wasm/syscalls.json' with { type: 'json' };
import { detectingForeignWrites, fileSyncing, playbackAllowed } from './foreign-files.js';
import { describeCall, F_GETLK, F_SETLK, F_SETLKW, F_WRLCK, heldDescriptor, lockCall, WASM_EIO, type NativeLocks } from './native-locks.js';

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
      return fileSyncing(path) ? syncFile(path) : WASM_EIO;
    };
    if (!locks) {
      if (detectingForeignWrites()) table[SYSCALLS.___syscall_fcntl64] = (fd, cmd, varargs) => (cmd === F_GETLK && paths.has(fd) && !playbackAllowed() ? answerReserved(memory(), varargs) : fcntl(fd, cmd, varargs));
      return;
    }
    table[SYSCALLS.___syscall_fcntl64] = (fd, cmd, varargs) => {
      const path = paths.get(fd);
      if ((cmd !== F_GETLK && cmd !== F_SETLK && cmd !== F_SETLKW) || path === undefined) return fcntl(fd, cmd, varargs);
      const rc = lockCall(memory(), locks, locks.descriptor(path), cmd, varargs);
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

/** F_GETLK's answer "another process holds a write lock": SQLite then takes a journal for a live writer's. */
function answerReserved(memory: WebAssembly.Memory, varargs: number): number {
  const view = new DataView(memory.buffer);
  const flock = view.getUint32(varargs, true);
  view.setInt16(flock, F_WRLCK, true);
  view.setInt32(flock + 24, 0, true);
  return 0;
}

function cString(memory: WebAssembly.Memory, ptr: number): string {
  const bytes = new Uint8Array(memory.buffer);
  let end = ptr;
  while (bytes[end] !== 0) end++;
  return new TextDecoder().decode(bytes.subarray(ptr, end));
}
