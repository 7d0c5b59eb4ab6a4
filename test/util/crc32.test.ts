// The CRC arithmetic the write check uses to keep a file's CRC-32 without reading the file again
// (util/crc32.ts): checked against zlib's CRC of the bytes themselves.
import { randomBytes } from 'node:crypto';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, crc32Combine, crc32OfZeros, crc32Shift } from '../../src/util/crc32.js';

const zlib = (b: Uint8Array) => zlibCrc32(b) >>> 0;

describe('crc32 arithmetic', () => {
  it('combines the CRCs of two parts into the CRC of both, at any length', () => {
    for (const [a, b] of [[0, 0], [1, 0], [0, 1], [7, 13], [4096, 4096], [100, 70_000], [3, 1 << 20]] as const) {
      const x = randomBytes(a);
      const y = randomBytes(b);
      expect(crc32Combine(crc32(x), crc32(y), b), `${a}+${b}`).toBe(zlib(Buffer.concat([x, y])));
    }
  });

  it('knows the CRC of zeros without making them', () => {
    for (const n of [0, 1, 2, 100, 4096, 65_537, 3 << 20]) expect(crc32OfZeros(n), `${n}`).toBe(zlib(Buffer.alloc(n)));
  });

  it('moves a CRC by one region rewritten, from the old and new bytes of the region alone', () => {
    const file = randomBytes(300_000);
    for (const [at, length] of [[0, 100], [4096, 4096], [299_000, 1000], [123_457, 1], [0, 300_000]] as const) {
      const changed = Buffer.from(file);
      randomBytes(length).copy(changed, at);
      const after = file.length - at - length;
      const moved = (zlib(file) ^ crc32Shift(crc32(file.subarray(at, at + length)) ^ crc32(changed.subarray(at, at + length)), after)) >>> 0;
      expect(moved, `${at}:${length}`).toBe(zlib(changed));
    }
  });

  it('carries a CRC across lengths past 2^32 bits without overflow', () => {
    // x^(8n) for n and n + (2^32 - 1) agree: the multiplicative order of x divides 2^32 - 1.
    expect(crc32Shift(0x12345678, 5 * 2 ** 30)).toBe(crc32Shift(crc32Shift(0x12345678, 2 ** 32), 2 ** 30));
  });
});
