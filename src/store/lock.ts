// A cross-process lock beside the database file (`<db>.lock`). Our WASM SQLite cannot take POSIX
// locks (Node exposes none), so every command that opens the database holds this lock for the few
// milliseconds it needs it. A holder killed with SIGKILL leaves the file behind; the next process
// sees that its owner is gone and breaks it.
import { closeSync, linkSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { MemcueError } from '../errors.js';
import { sleepSync } from '../util/sleep.js';

const DEFAULT_TIMEOUT_MS = 10_000;
/** A lock whose owner cannot be checked (another host, or no process start times) is presumed dead after this long. */
const FOREIGN_STALE_MS = 10 * 60_000;
/** A lock file still empty after this long belongs to a process that died while creating it. */
const EMPTY_STALE_MS = 2_000;


interface Owner {
  pid: number;
  host: string;
  started: string;
  nonce: string;
}

export class FileLock {
  private readonly owner: Owner;
  private held = false;

  constructor(readonly path: string) {
    this.owner = { pid: process.pid, host: hostname(), started: processStartTime(process.pid), nonce: randomBytes(8).toString('hex') };
  }

  acquire(timeoutMs = busyTimeout()): void {
    const deadline = Date.now() + timeoutMs;
    let pause = 1;
    for (;;) {
      if (this.tryCreate()) return;
      this.breakIfStale();
      if (this.tryCreate()) return;
      if (Date.now() >= deadline) {
        throw new MemcueError(
          'BUSY',
          `memory database is busy: another memcue process has held ${this.path} for over ${timeoutMs} ms`,
          'try again; if no memcue is running, delete that lock file',
        );
      }
      // Jittered back-off: parallel hooks should not wake in lockstep.
      sleepSync(pause + Math.random() * pause);
      pause = Math.min(pause * 2, 25);
    }
  }

  release(): void {
    if (!this.held) return;
    this.held = false;
    // Only remove the file if it is still ours (it could have been broken by mistake).
    if (readOwner(this.path)?.nonce === this.owner.nonce) safeUnlink(this.path);
  }

  private tryCreate(): boolean {
    let fd: number;
    try {
      fd = openSync(this.path, 'wx');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return false;
      if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
        throw new MemcueError('READONLY', `cannot create the lock file ${this.path} (${code})`, 'memcue needs write access to the database folder');
      }
      throw err;
    }
    let written = false;
    try {
      writeSync(fd, JSON.stringify(this.owner));
      written = true;
    } finally {
      closeSync(fd);
      // An empty lock (the disk filled up) would make every other process wait for it.
      if (!written) safeUnlink(this.path);
    }
    this.held = true;
    return true;
  }

  private breakIfStale(): void {
    let content: string;
    let mtimeMs: number;
    try {
      content = readFileSync(this.path, 'utf8');
      mtimeMs = statSync(this.path).mtimeMs;
    } catch {
      return; // gone already
    }
    if (!isStale(content, mtimeMs)) return;
    // Move it aside atomically, then make sure what we moved is the stale lock we judged: another
    // process may have broken it and taken a fresh one in between; that one goes back.
    const aside = `${this.path}.stale-${this.owner.nonce}`;
    try {
      renameSync(this.path, aside);
    } catch {
      return;
    }
    let movedContent = '';
    try {
      movedContent = readFileSync(aside, 'utf8');
    } catch {
      /* unreadable: treat as stale */
    }
    if (movedContent !== content && movedContent !== '') {
      try {
        linkSync(aside, this.path);
      } catch {
        /* someone holds a newer lock; theirs stands */
      }
    }
    safeUnlink(aside);
  }
}

function isStale(content: string, mtimeMs: number): boolean {
  const age = Date.now() - mtimeMs;
  if (content === '') return age > EMPTY_STALE_MS;
  let owner: Owner;
  try {
    owner = JSON.parse(content) as Owner;
  } catch {
    return age > EMPTY_STALE_MS;
  }
  if (owner.host !== hostname()) return age > FOREIGN_STALE_MS;
  if (!isAlive(owner.pid)) return true;
  // A live pid that started at another time is a reused pid, not our holder. Where start times
  // cannot be read (not Linux), a pid reused by a long-lived process would hold the lock forever:
  // there, as for another host's lock, age decides.
  const started = processStartTime(owner.pid);
  if (started === '' || owner.started === '') return age > FOREIGN_STALE_MS;
  return started !== owner.started;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Linux only (empty elsewhere): the start time of a process in clock ticks since boot. */
function processStartTime(pid: number): string {
  if (process.platform !== 'linux') return '';
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22; the command name (field 2) may contain spaces, so count from its closing paren.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch {
    return '';
  }
}

function readOwner(path: string): Owner | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Owner;
  } catch {
    return undefined;
  }
}

function safeUnlink(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    /* already gone */
  }
}

function busyTimeout(): number {
  const fromEnv = Number(process.env.MEMCUE_BUSY_TIMEOUT_MS);
  return Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : DEFAULT_TIMEOUT_MS;
}
