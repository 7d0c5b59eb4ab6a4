// CRC-32 of the whole database file: what tells a writer that the file is byte for byte the one
// memcue itself left, when bit rot kept its size, inode, mtime and change counter (integrity.ts).
// CRC-32 catches every 1- and 2-bit error and every burst up to 32 bits; it is not a defence against
// a person (who can write a sound but different file, and integrity_check is for that), and it is
// cheap: 1.3 ms CPU at 5k facts (2.4 MB), 6 ms at 100k (48 MB) in a fresh process, where quick_check
// takes 13 / 248 ms warm (docs/ARCHITECTURE.md, "The write check").
import { closeSync, constants, openSync, readSync } from 'node:fs';
import { heldDescriptor } from '../locks/native-locks.js';
import { crc32 } from '../util/crc32.js';

export { crc32 };

/** Whole-file reads so far in this process (tests count them: an add reads the file once). */
export let wholeReads = 0;

/**
 * 256 KiB steps: at 45 MB (100k facts) 64 KiB ones cost ~0.3 ms more in calls, and a 1 MiB buffer
 * was the allocation that set off an add's garbage collection while SQLite's memory started at 16
 * MiB (docs/add-cost.md); the 256 KiB buffer keeps an add's allocations far below that threshold.
 */
const CHUNK = 1 << 18;

/** A CRC-32 as the 8 hex digits `<db>.checked` holds. */
export function hexDigest(crc: number): string {
  return (crc >>> 0).toString(16).padStart(8, '0');
}

/** The file's CRC-32 as 8 hex digits (fileCrc); undefined if it cannot be read. */
export function fileDigest(path: string): string | undefined {
  const read = fileCrc(path);
  return read && hexDigest(read.crc);
}

/**
 * The file's CRC-32 and the bytes it covers, read in CHUNK steps (bounded memory at any size);
 * undefined if it cannot be read. Through the descriptor holding this process's SQLite lock, if any:
 * closing another one would drop those locks (native-locks.ts).
 */
export function fileCrc(path: string): { crc: number; size: number } | undefined {
  const held = heldDescriptor(path);
  let fd: number;
  try {
    fd = held ?? openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch {
    return undefined;
  }
  try {
    const buf = Buffer.allocUnsafe(CHUNK);
    let crc = 0;
    let at = 0;
    for (;;) {
      const n = readSync(fd, buf, 0, CHUNK, at);
      if (n <= 0) break;
      crc = crc32(buf.subarray(0, n), crc);
      at += n;
    }
    wholeReads++;
    return { crc, size: at };
  } catch {
    return undefined;
  } finally {
    if (held === undefined) closeSync(fd);
  }
}
