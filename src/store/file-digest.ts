// CRC-32 of the whole database file: what tells a writer that the file is byte for byte the one
// memcue itself left, when bit rot kept its size, inode, mtime and change counter (integrity.ts).
// CRC-32 catches every 1- and 2-bit error and every burst up to 32 bits; it is not a defence against
// a person (who can write a sound but different file, and integrity_check is for that), and it is
// cheap: 1.3 ms CPU at 5k facts (2.4 MB), 6 ms at 100k (48 MB) in a fresh process, where quick_check
// takes 13 / 248 ms warm (docs/ARCHITECTURE.md, "The write check").
import { closeSync, constants, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { heldDescriptor } from '../locks/native-locks.js';

const CHUNK = 1 << 20;

type Crc = (data: Uint8Array, value?: number) => number;
let native: Crc | undefined;

/**
 * Bun's own CRC-32 (native: 48 MB in ~6 ms CPU, most of it the read). Under Node, which only vitest's
 * in-process tests run, zlib's, required only then: loading node:zlib costs the binary ~7 ms at start.
 */
function nativeCrc(): Crc {
  const bun = (globalThis as { Bun?: { hash: { crc32: Crc } } }).Bun;
  if (bun) return (data, value) => bun.hash.crc32(data, value);
  return (createRequire(import.meta.url)('node:zlib') as { crc32: Crc }).crc32;
}

/** CRC-32 of `data`, continuing from `value` (the CRC of the bytes before it). */
export function crc32(data: Uint8Array, value = 0): number {
  native ??= nativeCrc();
  return native(data, value) >>> 0;
}

/**
 * The file's CRC-32 as 8 hex digits, read in 1 MiB steps (bounded memory at any size); undefined if
 * it cannot be read. Through the descriptor holding this process's SQLite lock, if any: closing
 * another one would drop those locks (native-locks.ts).
 */
export function fileDigest(path: string): string | undefined {
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
    for (let at = 0; ; ) {
      const n = readSync(fd, buf, 0, CHUNK, at);
      if (n <= 0) break;
      crc = crc32(buf.subarray(0, n), crc);
      at += n;
    }
    return crc.toString(16).padStart(8, '0');
  } catch {
    return undefined;
  } finally {
    if (held === undefined) closeSync(fd);
  }
}
