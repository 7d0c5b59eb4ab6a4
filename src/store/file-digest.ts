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
let native: Crc | null | undefined;
let table: Uint32Array | undefined;

/**
 * Bun's own CRC-32; under Node, zlib's (Node 20.15+), required only then: loading node:zlib costs the
 * binary ~7 ms CPU at start, more than the CRC of a 5k-fact file. Older Nodes take the same polynomial in JS.
 */
function nativeCrc(): Crc | null {
  const bun = (globalThis as { Bun?: { hash: { crc32: Crc } } }).Bun;
  if (bun) return (data, value) => bun.hash.crc32(data, value);
  return (createRequire(import.meta.url)('node:zlib') as { crc32?: Crc }).crc32 ?? null;
}

/** The table-driven CRC-32 (IEEE), for a Node without zlib.crc32; exported for its test. */
export function crc32Js(data: Uint8Array, value = 0): number {
  table ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let c = ~value >>> 0;
  for (let i = 0; i < data.length; i++) c = table[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

/** CRC-32 of `data`, continuing from `value` (the CRC of the bytes before it). */
export function crc32(data: Uint8Array, value = 0): number {
  native ??= nativeCrc();
  return (native ? native(data, value) : crc32Js(data, value)) >>> 0;
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
