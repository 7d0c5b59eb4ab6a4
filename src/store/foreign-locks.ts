// Other programs' SQLite locks on the database: a `sqlite3` shell, DB Browser, Datasette or a
// script. memcue's own lock files (lock.ts, read-gate.ts) order memcue's processes; SQLite's byte
// locks order everybody else. This module tells memcue who else holds them and waits for them:
// - under Bun (Linux, macOS), memcue holds real SQLite locks itself (native-locks.ts): a reader takes
//   SQLite's SHARED lock the way SQLite does, and on Linux F_GETLK names a conflicting holder (with
//   lockf, macOS's way, only a writer's RESERVED lock can be seen, and not whose it is);
// - under Node on Linux, where no lock can be taken, /proc/locks shows other processes' locks, so
//   memcue waits while a foreign writer is at work (a small race remains between look and act:
//   the binary, which locks for real, is the safe way to share the file);
// - elsewhere nothing can be seen: foreign-writes.ts detects other programs' writes from the files.
import { readFileSync, statSync } from 'node:fs';
import { MemcueError } from '../errors.js';
import { sleepSync } from '../util/sleep.js';
import type { DbFile } from './db-file.js';
import { F_RDLCK, F_UNLCK, F_WRLCK, PENDING_BYTE, foreignLocksHidden, RESERVED_BYTE, SHARED_FIRST, SHARED_SIZE, nativeLocks, type NativeLocks } from './native-locks.js';

/** From SQLite's PENDING byte to the end of its SHARED range: every byte SQLite ever locks. */
const LOCK_RANGE_END = SHARED_FIRST + SHARED_SIZE; // exclusive
const MAX_PAUSE_MS = 20;

export interface ForeignHolder {
  /** undefined where the system cannot say (lockf). */
  pid: number | undefined;
  /** A write lock: the holder is writing (RESERVED) or about to change the file (PENDING, EXCLUSIVE). */
  writing: boolean;
  /** A write lock on PENDING or the SHARED range: the file itself may be changing now. */
  changing: boolean;
}

/** Whether this process can see other programs' SQLite locks at all. */
export function canSeeForeignLocks(): boolean {
  return nativeLocks() !== undefined || procLocksReadable();
}

/** /proc/locks: Linux's, unless hidden for diagnosis (foreignLocksHidden). */
function procLocksReadable(): boolean {
  return process.platform === 'linux' && !foreignLocksHidden();
}

/**
 * Another process's SQLite lock on the file, or undefined. `writersOnly`: ignore readers' SHARED
 * locks (a reader does not mind them; a writer about to commit does).
 */
export function foreignHolder(file: DbFile, writersOnly: boolean): ForeignHolder | undefined {
  const locks = nativeLocks();
  if (locks) return heldNatively(locks, file, writersOnly);
  if (procLocksReadable()) return heldPerProcLocks(file, writersOnly);
  return undefined;
}

function heldNatively(locks: NativeLocks, file: DbFile, writersOnly: boolean): ForeignHolder | undefined {
  let fd: number;
  try {
    fd = locks.descriptor(file.real);
  } catch {
    return undefined; // no file yet
  }
  if (!locks.exact) {
    // lockf can ask only whether a writer holds RESERVED (lockf-locks.ts): a transaction is open.
    const writer = locks.holder(fd, F_WRLCK, RESERVED_BYTE, 1);
    return writer && { pid: undefined, writing: true, changing: false };
  }
  // Asking as a reader finds only write locks; asking as a writer finds every lock.
  const probe = writersOnly ? F_RDLCK : F_WRLCK;
  const changing = locks.holder(fd, F_RDLCK, PENDING_BYTE, 1) ?? locks.holder(fd, F_RDLCK, SHARED_FIRST, SHARED_SIZE);
  if (changing) return { pid: changing.pid, writing: true, changing: true };
  const any = locks.holder(fd, probe, PENDING_BYTE, LOCK_RANGE_END - PENDING_BYTE);
  return any && { pid: any.pid, writing: any.type === F_WRLCK, changing: false };
}

/** /proc/locks lines: `1: POSIX  ADVISORY  WRITE 5565 fe:00:2146592 1073741825 1073741825`. */
function heldPerProcLocks(file: DbFile, writersOnly: boolean): ForeignHolder | undefined {
  let ino: number;
  let text: string;
  try {
    ino = statSync(file.real).ino;
    text = readFileSync('/proc/locks', 'latin1');
  } catch {
    return undefined;
  }
  let found: ForeignHolder | undefined;
  for (const line of text.split('\n')) {
    const f = line.split(/\s+/);
    // Waiting requests are shown with "->" and hold nothing.
    if (f[1] === '->' || (f[1] !== 'POSIX' && f[1] !== 'OFDLCK')) continue;
    const [type, pidText, where, startText, endText] = f.slice(3, 8);
    if (!where || Number(where.split(':')[2]) !== ino) continue;
    const pid = Number(pidText);
    if (pid === process.pid) continue;
    const start = Number(startText);
    const end = endText === 'EOF' ? Infinity : Number(endText);
    if (end < PENDING_BYTE || start >= LOCK_RANGE_END) continue;
    const writing = type === 'WRITE';
    if (writersOnly && !writing) continue;
    // A write lock on anything but RESERVED alone: PENDING or EXCLUSIVE, the file may change now.
    const changing = writing && !(start === RESERVED_BYTE && end === RESERVED_BYTE);
    if (!found || (changing && !found.changing)) found = { pid, writing, changing };
  }
  return found;
}

/** "another program, pid 123 (sqlite3),": the program, for messages. */
export function describeHolder(holder: ForeignHolder | undefined): string {
  if (holder?.pid === undefined) return 'another program';
  let name = '';
  try {
    name = readFileSync(`/proc/${holder.pid}/comm`, 'utf8').trim();
  } catch {
    /* not Linux, or gone */
  }
  return `another program, pid ${holder.pid}${name ? ` (${name})` : ''},`;
}

/**
 * A waiter for another program's lock: each call sleeps a little (a growing pause), until
 * `timeoutMs` have passed since it was made; then it throws one clear line naming the holder.
 * `what`: what memcue was waiting to do; `nothingDone`: what became of the command's work.
 */
export function foreignWaiter(file: DbFile, timeoutMs: number, what: string, nothingDone: string): (holder: ForeignHolder | undefined) => void {
  const deadline = Date.now() + timeoutMs;
  let pause = 1;
  return (holder) => {
    if (Date.now() >= deadline) {
      throw new MemcueError(
        'BUSY',
        `memory database is busy: ${describeHolder(holder)} holds SQLite's lock on ${file.given}; waited ${timeoutMs} ms to ${what}`,
        `${nothingDone}; try again when it has finished (end its open transaction); other programs can read it safely with \`sqlite3 -readonly\``,
      );
    }
    sleepSync(pause / 2 + Math.random() * pause);
    pause = Math.min(pause * 2, MAX_PAUSE_MS);
  };
}

/** Waits while `busy()` finds another program's lock (see foreignWaiter). */
export function waitForForeign(file: DbFile, busy: () => ForeignHolder | undefined, timeoutMs: number, what: string, nothingDone: string): void {
  const wait = foreignWaiter(file, timeoutMs, what, nothingDone);
  for (let holder = busy(); holder; holder = busy()) wait(holder);
}

/**
 * SQLite's SHARED lock, taken the way SQLite takes it (a read lock on PENDING while a read lock on
 * the SHARED range is set), for our readers' `immutable=1` connections, which take none themselves:
 * a foreign writer then cannot change the file under them. Returns the release, or undefined where
 * this runtime takes no locks (Node), 'unlockable' where it does but not on this file (lockf, a file
 * this user may only read: other programs' writers cannot see this reader); false while a writer
 * holds PENDING or EXCLUSIVE.
 */
export function trySharedLock(file: DbFile): (() => void) | false | 'unlockable' | undefined {
  const locks = nativeLocks();
  if (!locks) return undefined;
  let fd: number;
  try {
    fd = locks.descriptor(file.real);
  } catch {
    return undefined; // not created yet: nothing to protect
  }
  if (!locks.canShare(fd)) return 'unlockable';
  if (!locks.set(fd, F_RDLCK, PENDING_BYTE, 1)) return false;
  const got = locks.set(fd, F_RDLCK, SHARED_FIRST, SHARED_SIZE);
  locks.set(fd, F_UNLCK, PENDING_BYTE, 1);
  if (!got) return false;
  return () => void locks.set(fd, F_UNLCK, SHARED_FIRST, SHARED_SIZE);
}
