// Who holds sync's lock file (sync-lock.ts): enough to tell a live holder from one
// that died (pid + its start time on this host), and to tell the user who is in the way.
import { closeSync, constants, fstatSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { randomBytes } from '../util/random.js';
import { commandSummary } from '../store/holders.js';
import { isAlive } from '../util/pid.js';
import { openKeptFile, readWhole } from '../util/safe-file.js';

/** A holder whose liveness cannot be checked (another host, no start times) is presumed dead after this long. */
const FOREIGN_STALE_MS = 10 * 60_000;
/** A file still empty after this long belongs to a process that died while creating it. */
const EMPTY_STALE_MS = 2_000;
/** Markers hold one small JSON object; anything bigger was not written by memcue. */
const MARKER_MAX_BYTES = 64 * 1024;

export interface Owner {
  pid: number;
  host: string;
  started: string;
  nonce: string;
  /** The memcue command (its first words only: never the text of a fact). */
  command?: string;
  /** ISO time the file was taken. */
  since?: string;
}

export function newOwner(): Owner {
  return {
    pid: process.pid,
    host: hostname(),
    started: processStartTime(process.pid),
    nonce: randomBytes(8).toString('hex'),
    command: commandSummary(process.argv.slice(2)),
    since: new Date().toISOString(),
  };
}

/** "pid 123 (`memcue import`) since 05:40:12Z, 14 s ago" */
export function describeOwner(owner: Owner | undefined): string {
  if (!owner) return 'a process that left no details';
  const command = owner.command ? ` (\`${owner.command}\`)` : '';
  const where = owner.host && owner.host !== hostname() ? ` on ${owner.host}` : '';
  const since = owner.since ? `, since ${owner.since.slice(11, 19)} UTC (${Math.round((Date.now() - Date.parse(owner.since)) / 1000)} s ago)` : '';
  return `pid ${owner.pid}${where}${command}${since}`;
}

/**
 * A marker's text and mtime, read without blocking; 'odd' for a FIFO, a link, a device or an
 * oversized file at its path (not something memcue wrote: it is broken like a dead holder's marker).
 */
export function readMarker(path: string): { content: string; mtimeMs: number } | 'odd' | undefined {
  let odd = false;
  const opened = openKeptFile(path, MARKER_MAX_BYTES, () => (odd = true));
  if (odd) return 'odd';
  const bytes = readWhole(opened);
  return bytes && opened ? { content: bytes.toString('utf8'), mtimeMs: opened.stat.mtimeMs } : undefined;
}

/**
 * Writes a marker in place, never blocking on or writing through what is at its path: a FIFO,
 * link or folder planted there is removed first (no one may hold a marker through one).
 */
export function writeMarker(path: string, text: string): void {
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);
  let fd: number;
  try {
    fd = openSync(path, flags, 0o644);
    if (!fstatSync(fd).isFile()) {
      closeSync(fd);
      throw Object.assign(new Error('not a regular file'), { code: 'ENXIO' });
    }
  } catch (err) {
    if (!['ENXIO', 'ELOOP', 'EMLINK', 'EISDIR'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;
    rmSync(path, { recursive: true, force: true });
    fd = openSync(path, flags, 0o644);
  }
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

export function readOwner(path: string): Owner | undefined {
  const marker = readMarker(path);
  if (marker === undefined || marker === 'odd') return undefined;
  try {
    return JSON.parse(marker.content) as Owner;
  } catch {
    return undefined;
  }
}

/** Whether the holder recorded in `path` is gone; false when the file is gone or fresh and unreadable. */
export function fileIsStale(path: string): boolean {
  const marker = readMarker(path);
  if (marker === 'odd') return true;
  return marker !== undefined && isStale(marker.content, marker.mtimeMs);
}

export function isStale(content: string, mtimeMs: number): boolean {
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

/** Linux only (empty elsewhere): the start time of a process in clock ticks since boot. */
export function processStartTime(pid: number): string {
  if (process.platform !== 'linux') return '';
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22; the command name (field 2) may contain spaces, so count from its closing paren.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch {
    return '';
  }
}
