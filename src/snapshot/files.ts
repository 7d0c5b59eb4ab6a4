// Where the search file and its delta live, and whether they describe the database as it is now.
// Both are derived and local (never synced): a missing, damaged or outdated one only means the
// search takes the SQLite path once and writes a new one. Validity is the database file's state
// (inode, size, mtime, SQLite's change counter): every commit changes it, so a copy labelled with
// the current state holds exactly the committed data, even while a writer is between its journal
// and its commit.
import { existsSync, fchmodSync, statSync, unlinkSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { readFileState } from '../sqlite/header.js';
import { INDEX_VERSION } from '../text/tokenize.js';
import { NAME_KEYS } from '../text/translit.js';
import { note, openKeptFile, readWhole, removeStaleTemporaries, replaceKeptFileWith, writeWhole, type OpenedFile } from '../util/safe-file.js';
import { SearchFile } from './reader.js';
import type { LiveIndex } from './pool.js';
import { decodeDelta, type Delta } from './delta-file.js';

export interface SnapshotFiles {
  base: string;
  delta: string;
}

export function snapshotFiles(realDbPath: string): SnapshotFiles {
  return { base: `${realDbPath}.search`, delta: `${realDbPath}.search-delta` };
}

/** What a writer appends to: the facts added and the file's facts removed since the file was built. */
export type { Delta } from './delta-file.js';

/** `MEMCUE_SEARCH_FILE=0` turns the search file off (every search takes the SQLite path). */
export function searchFileEnabled(env: Record<string, string | undefined>): boolean {
  return env.MEMCUE_SEARCH_FILE !== '0';
}

/**
 * The database's current state, or undefined when the file cannot be vouched for: in WAL mode
 * (someone else's `PRAGMA journal_mode=WAL`) commits land in `-wal` and leave the main file's
 * state as it was.
 */
export function currentStamp(realDbPath: string): string | undefined {
  if (existsSync(`${realDbPath}-wal`)) return undefined;
  const file = readFileState(realDbPath);
  if (!file || file.read < 20 || file.header.wal) return undefined;
  return file.state;
}

/**
 * What `fn` gives, or undefined if it throws: the search file is a cache, so nothing about it may
 * fail a command. A file that does not hold together (hand-edited, a bug) sends a search or a card
 * to SQLite; a delta that cannot be written leaves the file to be rebuilt by the next search.
 */
export function unlessBroken<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

/** The index as it is now, from the search file and its delta; undefined when they are not current. */
export function openLiveIndex(realDbPath: string): LiveIndex | undefined {
  const stamp = currentStamp(realDbPath);
  if (stamp === undefined) return undefined;
  const files = snapshotFiles(realDbPath);
  const delta = readDelta(files.delta, realDbPath);
  const wanted = delta?.stamp === stamp ? delta : undefined;
  const opened = openBeside(files.base, realDbPath);
  const file = opened && SearchFile.open(opened);
  if (!file) return undefined;
  const { header } = file;
  const current = header.indexVersion === INDEX_VERSION && header.nameKeys === NAME_KEYS && (wanted ? wanted.base === header.id : header.stamp === stamp);
  const live = current ? unlessBroken(() => liveIndex(file, wanted)) : undefined;
  if (!live) file.close();
  return live;
}

function liveIndex(file: SearchFile, delta: Delta | undefined): LiveIndex {
  const removed = new Set<number>();
  let tokens = file.header.tokens;
  for (const row of delta?.removed ?? []) {
    const d = file.docOfRow(row);
    if (d === undefined || removed.has(d)) continue;
    removed.add(d);
    tokens -= file.doc(d).length;
  }
  const added = delta?.added ?? [];
  for (const doc of added) tokens += doc.columns[0].length + doc.columns[1].length;
  const scopesInUse = [...new Set([...file.header.scopesInUse, ...added.map((a) => a.fact.scope)])];
  return { file, removed, added, docs: file.header.docs - removed.size + added.length, tokens, scopesInUse };
}

/** The delta, or undefined when it is missing, of an older format, or disagrees with its checksums. */
export function readDelta(path: string, realDbPath: string): Delta | undefined {
  const delta = readDeltaFile(path, realDbPath);
  return delta === 'damaged' ? undefined : delta;
}

/** The delta as doctor sees it: 'damaged' when it is there but disagrees with itself (delta-file.ts). */
export function readDeltaFile(path: string, realDbPath: string): Delta | 'damaged' | undefined {
  const bytes = readBeside(path, realDbPath);
  return bytes && decodeDelta(bytes);
}

/**
 * A file beside the database opened to read (safe-file.ts), or undefined when it is missing or odd:
 * more than 4× the database plus 64 MB (the search file copies the live facts, the delta a few
 * hundred) is not what memcue wrote and is not read. It gets the database's permissions if it has
 * others: a `chmod 600` of the database reaches the copies of its facts at their next use, not only
 * when they are next rewritten. The caller closes `fd`.
 */
export function openBeside(path: string, realDbPath: string): OpenedFile | undefined {
  let db;
  let opened;
  try {
    db = statSync(realDbPath);
    opened = openKeptFile(path, 4 * db.size + 64 * 1024 * 1024);
  } catch {
    return undefined;
  }
  try {
    if (opened && (opened.stat.mode & 0o777) !== (db.mode & 0o666)) fchmodSync(opened.fd, db.mode & 0o666);
  } catch {
    /* not our file to change: it is still read */
  }
  return opened;
}

/** A file beside the database read whole (see openBeside). */
function readBeside(path: string, realDbPath: string): Buffer | undefined {
  return readWhole(openBeside(path, realDbPath));
}

/**
 * Written whole to a fresh temporary, then renamed: a reader sees the old file or the new one. It
 * copies the facts, so it gets the database's permissions (a private database stays private). A
 * new search file also clears the temporaries that killed writers left beside the database.
 */
export function replaceFile(path: string, bytes: Uint8Array | string, realDbPath: string): boolean {
  return replaceFileWith(path, realDbPath, (fd) => writeWhole(fd, typeof bytes === 'string' ? Buffer.from(bytes) : bytes));
}

/** The errors that mean the disk (or the user's quota) has no room. */
const NO_ROOM = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);

/**
 * replaceFile for a file written in steps: `write` gets the temporary's descriptor, and a name to put
 * files of its own beside it (they end in `.<pid>.tmp` too, so a killed writer's are cleared as well).
 */
export function replaceFileWith(path: string, realDbPath: string, write: (fd: number, scratch: (name: string) => string) => void): boolean {
  try {
    replaceKeptFileWith(path, statSync(realDbPath).mode & 0o666, (fd) => write(fd, (name) => `${path}.${name}.${process.pid}.tmp`));
  } catch (err) {
    // Searches keep taking the SQLite path. A full disk is worth a line (it slows every search and
    // will fail the next write); a read-only folder is a choice, and stays quiet.
    const code = (err as NodeJS.ErrnoException).code;
    if (code && NO_ROOM.has(code)) note(`the ${path.endsWith('-delta') ? 'search delta' : 'search file'} ${path} cannot be written (disk full: ${code}): skipped, searches read the database`);
    return false;
  }
  // The search file's, its delta's and the write check's (integrity.ts): memcue's own names only.
  if (path === snapshotFiles(realDbPath).base) removeStaleTemporaries(dirname(path), basename(path), `${basename(realDbPath)}.checked.`);
  return true;
}

export function removeFile(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    /* already gone */
  }
}
