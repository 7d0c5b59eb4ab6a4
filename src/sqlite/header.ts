// The 100-byte header of an SQLite file (sqlite.org/fileformat.html), read and parsed in this one
// place: whether it is SQLite at all, WAL mode, the change counter every commit moves, the schema
// version and application id memcue sets.
import { statSync } from 'node:fs';
import { readFileBytes } from '../locks/native-locks.js';

const MAGIC = 'SQLite format 3\0';
export const HEADER_BYTES = 100;

export interface SqliteHeader {
  /** The whole header is there and starts with SQLite's magic string. */
  sqlite: boolean;
  /** Bytes 18 and 19 (read and write versions) are 2 in WAL mode. */
  wal: boolean;
  /** Offset 24, big-endian; 0 where the file is shorter. */
  changeCounter: number;
  /** `PRAGMA user_version` (60) and `application_id` (68). */
  userVersion: number;
  applicationId: number;
}

/** `bytes`: the first HEADER_BYTES of the file, zero past the `read` that were there. */
export function parseHeader(bytes: Buffer, read: number): SqliteHeader {
  return {
    sqlite: read >= HEADER_BYTES && bytes.toString('latin1', 0, 16) === MAGIC,
    wal: read >= 20 && (bytes[18] === 2 || bytes[19] === 2),
    changeCounter: bytes.readUInt32BE(24),
    userVersion: bytes.readUInt32BE(60),
    applicationId: bytes.readUInt32BE(68),
  };
}

/**
 * The header of the file at `path`, how many of its bytes were there, and the file's size: read
 * through the lock descriptor when this process holds SQLite's locks (native-locks.ts). Throws what
 * the file system throws.
 */
export function readHeader(path: string): { header: SqliteHeader; read: number; size: number } {
  const { bytes, read, size } = readFileBytes(path, HEADER_BYTES);
  return { header: parseHeader(bytes, read), read, size };
}

/**
 * The file's state as one string: inode, size, mtime and SQLite's change counter (which every commit
 * in rollback-journal mode moves). What a writer checks the file against (store/integrity.ts) and
 * what the search file (src/snapshot) and the viewer are valid for.
 */
export function fileState(path: string): string | undefined {
  return readFileState(path)?.state;
}

/**
 * The state, SQLite's header (`read` of its bytes were there) and the file's mode, with one stat and
 * one read; undefined for anything but a readable regular file (opening a FIFO would block).
 */
export function readFileState(path: string): { state: string; header: SqliteHeader; read: number; mode: number; size: number } | undefined {
  try {
    const stat = statSync(path);
    if (!stat.isFile()) return undefined;
    const { header, read } = readHeader(path);
    return { state: [stat.ino, stat.size, stat.mtimeMs, header.changeCounter].join(' '), header, read, mode: stat.mode, size: stat.size };
  } catch {
    return undefined;
  }
}
