// The write check's CRC-32 of the database file (file-digest.ts): one value whatever the runtime,
// read in steps, and changed by any one flipped bit.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crc32, fileDigest } from '../../src/store/file-digest.js';
import { tempDir } from '../helpers.js';

describe('fileDigest', () => {
  const bytes = randomBytes(2.5 * 2 ** 20); // more than two of its 1 MiB steps

  it('is the CRC-32 of the whole file, as zlib computes it', () => {
    const path = join(tempDir(), 'db');
    writeFileSync(path, bytes);
    const whole = zlibCrc32(bytes) >>> 0;
    expect(crc32(bytes.subarray(7), crc32(bytes.subarray(0, 7)))).toBe(whole);
    expect(fileDigest(path)).toBe(whole.toString(16).padStart(8, '0'));
  });

  it('changes with any one bit, anywhere', () => {
    const path = join(tempDir(), 'db');
    writeFileSync(path, bytes);
    const before = fileDigest(path);
    for (const at of [0, 2 ** 20 - 1, 2 ** 20, bytes.length - 1]) {
      const flipped = Buffer.from(bytes);
      flipped[at] = flipped[at]! ^ 0x10;
      writeFileSync(path, flipped);
      expect(fileDigest(path), `bit at ${at}`).not.toBe(before);
    }
  });

  it('is undefined for a file that cannot be read', () => {
    expect(fileDigest(join(tempDir(), 'missing'))).toBeUndefined();
  });
});
