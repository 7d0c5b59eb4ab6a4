// CRC-32 (zlib's: reflected 0xEDB88320, ~0 in and out), native where the runtime has it, and the
// arithmetic that moves a CRC across bytes it never read: a CRC is linear over GF(2), so the CRC of a
// file whose bytes at one place changed from A to B, with s bytes after them, is its old CRC xor
// (crc(A) xor crc(B)) carried over s zero bytes (times x^(8s) mod P). zlib's crc32_combine does the
// same; the multiply and the table of x^(2^k) are its multmodp and x2nmodp.
import { createRequire } from 'node:module';

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

const POLY = 0xedb88320;

/** a * b modulo the CRC polynomial, both reflected (bit 31 is x^0). */
function multiply(a: number, b: number): number {
  if (a === 0) return 0;
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) mod P, k = 0..31: x^(8n) is then at most 32 multiplies for any n below 2^32 bytes. */
let powers: number[] | undefined;
function powerTable(): number[] {
  if (powers) return powers;
  const table = [0x40000000]; // x^1
  for (let k = 1; k < 32; k++) table.push(multiply(table[k - 1]!, table[k - 1]!));
  return (powers = table);
}

/** `crc` carried over `bytes` zero bytes: what it contributes to the CRC of a longer message. */
export function crc32Shift(crc: number, bytes: number): number {
  const table = powerTable();
  let p = 0x80000000; // x^0
  // x^(8 * bytes) = x^(bytes * 2^3): the bits of `bytes` pick powers from k = 3 on (mod 2^32 - 1 wraps)
  for (let n = bytes, k = 3; n > 0; n = Math.floor(n / 2), k++) if (n % 2 === 1) p = multiply(table[k & 31]!, p);
  return multiply(p, crc >>> 0);
}

/** CRC-32 of the bytes whose CRC is `first` followed by `bytes` bytes whose CRC is `second`. */
export function crc32Combine(first: number, second: number, bytes: number): number {
  return (crc32Shift(first, bytes) ^ second) >>> 0;
}

/** CRC-32 of `bytes` zero bytes, without making them. */
export function crc32OfZeros(bytes: number): number {
  return (crc32Shift(0xffffffff, bytes) ^ 0xffffffff) >>> 0;
}
