// A lock on a file of memcue's own (sync's `.git/memcue/sync.lock`), taken as SQLite's are: an
// operating-system lock on the file's PENDING byte (native-locks.ts), which the system drops when the
// process dies, so a killed sync leaves nothing to break and nothing to judge stale. The file
// itself stays; its content is never read.
import { closeSync, openSync } from 'node:fs';
import { MemcueError } from '../errors.js';
import { backOffAsync } from '../util/back-off.js';
import { describeHolder } from './holders.js';
import { F_UNLCK, F_WRLCK, PENDING_BYTE, nativeLocks } from './native-locks.js';

/** Paths locked by this process: POSIX locks do not exclude the process that holds them. */
const held = new Set<string>();

/** Waits up to `timeoutMs` for the lock on `path` (made if missing), yielding; returns its release. */
export async function holdFileLock(path: string, timeoutMs: number, what: string): Promise<() => void> {
  const locks = nativeLocks(); // none only in vitest's in-process tests: this one process alone
  closeSync(openSync(path, 'a'));
  const fd = locks?.descriptor(path);
  const deadline = Date.now() + timeoutMs;
  const pause = backOffAsync(50);
  while (held.has(path) || (locks && !locks.set(fd!, F_WRLCK, PENDING_BYTE, 1))) {
    if (Date.now() >= deadline) {
      const holder = held.has(path) ? { type: F_WRLCK, pid: process.pid } as const : locks?.holder(fd!, F_WRLCK, PENDING_BYTE, 1);
      throw new MemcueError('BUSY', `${what} is busy: ${describeHolder(holder)} holds ${path}; waited ${timeoutMs} ms`, 'try again when it has finished, or resume or end that process if it is stopped or hung');
    }
    await pause();
  }
  held.add(path);
  return () => {
    held.delete(path);
    if (locks) locks.set(fd!, F_UNLCK, PENDING_BYTE, 1);
  };
}
