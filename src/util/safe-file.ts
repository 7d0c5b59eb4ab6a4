// The files memcue keeps for itself beside the database and in its cache (the search file and its
// delta, cached cards, the hook log, the write-check record) can be anything a prank or an accident
// put there: a FIFO blocks an open forever, a link to /dev/zero reads until memory runs out, a link
// planted at a temporary's name redirects a write into another file. So they are opened without
// blocking (O_NONBLOCK), used only when fstat says they are regular files of a bounded size, and
// written through a fresh temporary (O_EXCL|O_NOFOLLOW) renamed over them. Anything else is ignored
// with a note and replaced by the next write. Keep the imports light: a cached card loads this.
import { closeSync, constants, fchmodSync, fstatSync, lstatSync, openSync, readdirSync, readSync, renameSync, unlinkSync, writeSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { isAlive } from './pid.js';

const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_APPEND } = constants;
// Windows has neither: there a FIFO cannot sit at a file's path, and links need privileges.
const O_NONBLOCK = constants.O_NONBLOCK ?? 0;
const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
/** A new file, never one already there nor a link. */
const NEW_FILE = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW;

/** Where notes about odd files go: stderr for commands, the hook log for hooks (set per command). */
let noteSink: ((line: string) => void) | undefined;
const noted = new Set<string>();

/** Sends notes about odd files to `sink` from now on (undefined: drop them). */
export function setOddFileNotes(sink: ((line: string) => void) | undefined): void {
  noteSink = sink;
  noted.clear();
}

/** Whether a person reads the notes (stderr is a terminal): some are for them, not for scripts and agents. */
let personReading: boolean | (() => boolean) = false;
/** The database path memcue uses when not told otherwise: its folder is expected to be made. */
let defaultDatabase: string | undefined;

/** `on` may be asked late (a function): the add fast path learns whether stderr is a terminal only when a note needs it. */
export function setPersonReading(on: boolean | (() => boolean), ownDefault?: string): void {
  personReading = on;
  defaultDatabase = ownDefault;
}

/** Whether `path` is the default database (not one a --db or MEMCUE_DB chose). */
export function isDefaultDatabase(path: string): boolean {
  return path === defaultDatabase;
}

/** A note only a person at a terminal needs (where a new file went); scripts and agents are spared it. */
export function noteForPerson(line: string): void {
  if (typeof personReading === 'function' ? personReading() : personReading) noteSink?.(line);
}

/** A note for the user about something memcue found and dealt with (where notes go: setOddFileNotes). */
export function note(line: string): void {
  noteSink?.(line);
}

function noteOdd(path: string, why: string): void {
  if (noted.has(path)) return; // once per file and command: several readers may meet it
  noted.add(path);
  noteSink?.(`${path} is ${why}: ignored (memcue writes a new one)`);
}

/** What a stat (or an lstat) says a non-regular file is, or undefined for a regular one. */
export function oddKind(stat: Stats): string | undefined {
  if (stat.isFile()) return undefined;
  if (stat.isSymbolicLink()) return 'a link, not a regular file'; // an lstat's (fstat follows links)
  if (stat.isFIFO()) return 'not a regular file (a FIFO)';
  if (stat.isDirectory()) return 'not a regular file (a folder)';
  if (stat.isSocket()) return 'not a regular file (a socket)';
  return 'not a regular file (a device)';
}

/** Why an open failed, when the file is odd rather than missing or forbidden. */
function openRefusal(err: unknown): string | undefined {
  switch ((err as NodeJS.ErrnoException).code) {
    case 'ELOOP': // O_NOFOLLOW met a link (EMLINK on FreeBSD)
    case 'EMLINK':
      return 'a link, not a regular file';
    case 'ENXIO': // a FIFO nobody reads, opened to write without blocking
      return 'not a regular file (a FIFO)';
    case 'EISDIR':
      return 'not a regular file (a folder)';
    default:
      return undefined;
  }
}

export interface OpenedFile {
  fd: number;
  stat: Stats;
}

/**
 * `path` opened for reading, checked by fstat to be a regular file of at most `maxBytes`; undefined
 * when it is missing or unreadable, or when it is anything else (then `onOdd` hears why; by default
 * a note). The caller closes `fd`. memcue writes these files by renaming, never as links: a link is
 * not followed but refused.
 */
export function openKeptFile(path: string, maxBytes: number, onOdd = (why: string) => noteOdd(path, why)): OpenedFile | undefined {
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO returns at once instead of waiting for a writer.
    fd = openSync(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW);
  } catch (err) {
    const odd = openRefusal(err);
    if (odd) onOdd(odd);
    return undefined;
  }
  try {
    const stat = fstatSync(fd);
    const odd = oddKind(stat) ?? (stat.size > maxBytes ? `over ${maxBytes} bytes (${stat.size})` : undefined);
    if (odd === undefined) return { fd, stat };
    onOdd(odd);
  } catch {
    /* unreadable: as missing */
  }
  closeSync(fd);
  return undefined;
}

/** `length` bytes of an open file from `position` (fewer at its end). */
export function readAt(fd: number, length: number, position: number): Buffer {
  const buf = Buffer.alloc(length);
  let filled = 0;
  while (filled < length) {
    const n = readSync(fd, buf, filled, length - filled, position + filled);
    if (n === 0) break;
    filled += n;
  }
  return filled === length ? buf : buf.subarray(0, filled);
}

/** The whole of a kept file (see openKeptFile), or undefined. */
export function readKeptFile(path: string, maxBytes: number): Buffer | undefined {
  return readWhole(openKeptFile(path, maxBytes));
}

/** The whole of a file opened by openKeptFile, which is then closed. */
export function readWhole(opened: OpenedFile | undefined): Buffer | undefined {
  if (!opened) return undefined;
  try {
    return readAt(opened.fd, opened.stat.size, 0);
  } catch {
    return undefined;
  } finally {
    closeSync(opened.fd);
  }
}

/** The last `bytes` of a kept file however big it grew (a log, a transcript), or undefined; `onOdd` as openKeptFile's. */
export function readKeptTail(path: string, bytes: number, onOdd: (why: string) => void = () => undefined): string | undefined {
  const opened = openKeptFile(path, Number.MAX_SAFE_INTEGER, onOdd);
  if (!opened) return undefined;
  try {
    const start = Math.max(0, opened.stat.size - bytes);
    return readAt(opened.fd, opened.stat.size - start, start).toString('utf8');
  } catch {
    return undefined;
  } finally {
    closeSync(opened.fd);
  }
}

/** A kept file's text as JSON, or undefined when it is missing, odd or not JSON. */
export function readKeptJson<T>(path: string, maxBytes: number): T | undefined {
  const bytes = readKeptFile(path, maxBytes);
  if (!bytes) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8')) as T;
  } catch {
    return undefined;
  }
}

/**
 * Writes `bytes` to `path` whole: into `<path>.<pid>.tmp`, created fresh (O_EXCL|O_NOFOLLOW: a file or
 * link planted there is removed, never written through), given exactly `mode` with fchmod (the umask
 * cannot widen or narrow it), then renamed over `path`, which replaces whatever was there (a FIFO, a
 * link) rather than writing into it. Throws on failure, after removing the temporary.
 */
export function replaceKeptFile(path: string, bytes: Uint8Array | string, mode = 0o644): void {
  replaceKeptFileWith(path, mode, (fd) => writeWhole(fd, typeof bytes === 'string' ? Buffer.from(bytes) : bytes));
}

/** replaceKeptFile for a file written in steps (the search file is streamed): `write` fills the temporary. */
export function replaceKeptFileWith(path: string, mode: number, write: (fd: number) => void): void {
  const temporary = `${path}.${process.pid}.tmp`;
  const fd = createFresh(temporary, mode);
  try {
    try {
      fchmodSync(fd, mode);
      write(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch (err) {
    removeQuietly(temporary);
    throw err;
  }
}

/** A new file at `path` holding `data`, exactly `mode` whatever the umask: never an existing file or a link. */
export function writeNewFile(path: string, data: Uint8Array, mode: number): void {
  const fd = openSync(path, NEW_FILE, mode);
  try {
    fchmodSync(fd, mode);
    writeWhole(fd, data);
  } finally {
    closeSync(fd);
  }
}

/**
 * All of `data` at the descriptor's position. A full disk can take part of a write and report the
 * count (the next write then fails with ENOSPC); a write of nothing would repeat forever, so it throws.
 */
export function writeWhole(fd: number, data: Uint8Array): void {
  for (let at = 0; at < data.length; ) at += wrote(writeSync(fd, data, at, data.length - at));
}

/** All of `data` at `position` of the file (positioned writes do not move the descriptor). */
export function writeWholeAt(fd: number, data: Uint8Array, position: number): void {
  for (let at = 0; at < data.length; ) at += wrote(writeSync(fd, data, at, data.length - at, position + at));
}

function wrote(n: number): number {
  if (n > 0) return n;
  throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
}

function createFresh(path: string, mode: number): number {
  try {
    return openSync(path, NEW_FILE, mode);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    // Ours from a killed run with this pid, or planted: unlink removes the name, not a link's target.
    unlinkSync(path);
    return openSync(path, NEW_FILE, mode);
  }
}

/**
 * Opens `path` to append without blocking and without following a link; undefined (and the reason)
 * when it is not a regular file, which the caller then replaces.
 */
export function openForAppend(path: string): { fd: number } | { odd: string } {
  let fd: number;
  try {
    fd = openSync(path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_NOFOLLOW, 0o600);
  } catch (err) {
    const odd = openRefusal(err);
    if (odd) return { odd };
    throw err;
  }
  const odd = oddKind(fstatSync(fd));
  if (odd === undefined) return { fd };
  closeSync(fd);
  return { odd };
}

/** No writer holds its temporary this long (a search file of 500k facts takes seconds). */
const STALE_TEMPORARY_MS = 60 * 60_000;

/**
 * Removes `<prefix>….<pid>.tmp` files in `dir` (for any of `prefixes`) left by writers killed between
 * creating and renaming them (they may hold facts' text): their pid is gone, or they are over an hour old.
 */
export function removeStaleTemporaries(dir: string, ...prefixes: string[]): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!prefixes.some((prefix) => name.startsWith(prefix)) || !name.endsWith('.tmp')) continue;
    const pid = Number(/\.(\d+)\.tmp$/.exec(name)?.[1]);
    if (!pid || pid === process.pid) continue;
    const full = join(dir, name);
    if (!isAlive(pid) || olderThan(full, STALE_TEMPORARY_MS)) removeQuietly(full);
  }
}

function olderThan(path: string, ms: number): boolean {
  try {
    return Date.now() - lstatSync(path).mtimeMs > ms;
  } catch {
    return false;
  }
}

export function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    /* already gone */
  }
}
