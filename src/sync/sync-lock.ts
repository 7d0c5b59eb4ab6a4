// A cross-process lock file: the writers' lock beside the database (`<real db>.lock`, see
// db-file.ts) and sync's lock. Our WASM SQLite cannot take POSIX locks (Node exposes none), so
// writers serialise here, and only for their write transaction (readers never take it: read-gate.ts).
// A holder killed with SIGKILL leaves the file behind; the next process sees that its owner is gone
// and breaks it. The file records who holds it, so a busy message can name them.
import { closeSync, existsSync, linkSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { MemcueError } from '../errors.js';
import { sleepSync } from '../util/sleep.js';
import { describeOwner, fileIsStale, isStale, newOwner, readMarker, readOwner, type Owner } from './owner.js';

/**
 * Writers wait this long. A write holds the lock for one transaction (milliseconds for an add), so
 * 30 s covers a queue of many writers on a loaded 2-core machine and a big import ahead of them.
 */
const DEFAULT_TIMEOUT_MS = 30_000;
/** Longest pause between two tries: short enough that a freed lock is taken soon. */
const MAX_PAUSE_MS = 20;

export class FileLock {
  private owner: Owner = newOwner();
  private held = false;
  private brokeDead = false;

  constructor(readonly path: string) {}

  get isHeld(): boolean {
    return this.held;
  }

  /** Whether the last acquire broke the lock of a holder that had died: what it left is memcue's. */
  get tookOverFromDead(): boolean {
    return this.brokeDead;
  }

  /**
   * Waits until the lock is ours. The timeout runs per holder: while the lock keeps changing hands
   * the writers ahead are making progress, so a long queue of them on a loaded machine is waited
   * out (16 writers × 100 adds under load 40 failed 7 adds with a total deadline), and a busy error
   * means that one holder kept it past the timeout. `strict`: one deadline in all (a hook's budget).
   */
  acquire(timeoutMs = busyTimeout(), strict = false): void {
    if (this.held) return;
    this.brokeDead = false;
    this.owner = { ...newOwner(), nonce: this.owner.nonce };
    let deadline = Date.now() + timeoutMs;
    let holder = readOwner(this.path)?.nonce;
    let pause = 1;
    for (;;) {
      if (this.tryCreate()) return;
      this.breakIfStale();
      if (this.tryCreate()) return;
      const now = readOwner(this.path)?.nonce;
      if (!strict && now !== undefined && now !== holder) {
        holder = now;
        deadline = Date.now() + timeoutMs;
      }
      if (Date.now() >= deadline) {
        throw new MemcueError(
          'BUSY',
          `memory database is busy: waited ${timeoutMs} ms for the write lock ${this.path}, held by ${describeOwner(readOwner(this.path))}`,
          'try again when that command has finished; if that process is gone or hung, stop it (its lock is then broken automatically)',
        );
      }
      // Jittered back-off: parallel writers should not wake in lockstep.
      sleepSync(pause / 2 + Math.random() * pause);
      pause = Math.min(pause * 2, MAX_PAUSE_MS);
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
    const marker = readMarker(this.path);
    if (marker === undefined) return; // gone already
    // A FIFO or link at the lock's path was not left by memcue: it is broken as a dead holder's is.
    const content = marker === 'odd' ? '' : marker.content;
    if (marker !== 'odd' && !isStale(content, marker.mtimeMs)) return;
    // Move it aside atomically, then make sure what we moved is the stale lock we judged: another
    // process may have broken it and taken a fresh one in between; that one goes back.
    const aside = `${this.path}.stale-${this.owner.nonce}`;
    try {
      renameSync(this.path, aside);
    } catch {
      return;
    }
    const moved = readMarker(aside);
    const movedContent = moved === undefined || moved === 'odd' ? '' : moved.content;
    this.brokeDead ||= movedContent === content && content !== '';
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

/** Whether a live process (or one that cannot be checked yet) holds the lock at `path`. */
export function isLockHeld(path: string): boolean {
  return existsSync(path) && !fileIsStale(path);
}

function safeUnlink(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    /* already gone */
  }
}

export function busyTimeout(): number {
  const fromEnv = Number(process.env.MEMCUE_BUSY_TIMEOUT_MS);
  return Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : DEFAULT_TIMEOUT_MS;
}
