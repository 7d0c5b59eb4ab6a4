// Where the search file and its delta live, and whether they describe the database as it is now.
// Both are derived and local (never synced): a missing, damaged or outdated one only means the
// search takes the SQLite path once and writes a new one. Validity is the database file's state
// (inode, size, mtime, SQLite's change counter): every commit changes it, so a copy labelled with
// the current state holds exactly the committed data, even while a writer is between its journal
// and its commit.
import { closeSync, existsSync, fchmodSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { readFileState } from '../store/integrity.js';
import { INDEX_VERSION } from '../text/tokenize.js';
import { SearchFile } from './reader.js';
import type { AddedDoc, LiveIndex } from './pool.js';

export interface SnapshotFiles {
  base: string;
  delta: string;
}

export function snapshotFiles(realDbPath: string): SnapshotFiles {
  return { base: `${realDbPath}.search`, delta: `${realDbPath}.search-delta` };
}

/** What a writer appends to: the facts added and the file's facts removed since the file was built. */
export interface Delta {
  base: string;
  stamp: string;
  added: AddedDoc[];
  removed: number[];
}

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
  // Bytes 18 and 19 of the header are 2 in WAL mode.
  if (!file || file.read < 20 || file.header[18] === 2 || file.header[19] === 2) return undefined;
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

/**
 * The index as it is now, from the search file and its delta; undefined when they are not current.
 * Only the file's header is read and checked here: a search reads the rest as it needs it.
 */
export function openLiveIndex(realDbPath: string): LiveIndex | undefined {
  const stamp = currentStamp(realDbPath);
  if (stamp === undefined) return undefined;
  const files = snapshotFiles(realDbPath);
  const delta = readDelta(files.delta);
  const wanted = delta?.stamp === stamp ? delta : undefined;
  const file = SearchFile.open(files.base);
  if (!file) return undefined;
  const { header } = file;
  const current = header.indexVersion === INDEX_VERSION && (wanted ? wanted.base === header.id : header.stamp === stamp);
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

export function readDelta(path: string): Delta | undefined {
  try {
    const delta = JSON.parse(readFileSync(path, 'utf8')) as Delta;
    return typeof delta.base === 'string' && typeof delta.stamp === 'string' && Array.isArray(delta.added) && Array.isArray(delta.removed)
      ? delta
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Written whole to a temporary name, then renamed: a reader sees the old file or the new one. It
 * copies the facts, so it gets the database's permissions (a private database stays private).
 */
export function replaceFile(path: string, bytes: Uint8Array | string, realDbPath: string): boolean {
  return replaceFileWith(path, realDbPath, (fd) => writeSync(fd, typeof bytes === 'string' ? Buffer.from(bytes) : bytes));
}

/** replaceFile for a file written in steps: `write` gets the temporary file's descriptor (and its name, for files of its own beside it). */
export function replaceFileWith(path: string, realDbPath: string, write: (fd: number, temporary: string) => void): boolean {
  const temporary = `${path}.${process.pid}.tmp`;
  let fd: number | undefined;
  try {
    const mode = statSync(realDbPath).mode & 0o666;
    fd = openSync(temporary, 'w', mode);
    fchmodSync(fd, mode); // the umask may have taken bits away; never more than the database has
    write(fd, temporary);
    closeSync(fd);
    fd = undefined;
    renameSync(temporary, path);
    return true;
  } catch {
    try {
      if (fd !== undefined) closeSync(fd);
      unlinkSync(temporary);
    } catch {
      /* nothing was written */
    }
    return false; // a read-only folder or a full disk: searches keep taking the SQLite path
  }
}

export function removeFile(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    /* already gone */
  }
}
