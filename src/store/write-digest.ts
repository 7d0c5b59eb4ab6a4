// The database file's CRC-32 kept current through a write transaction from what it writes, so the
// write check's record after a commit (integrity.ts) costs the pages written, not a second read of
// the whole file (48 MB at 100k facts). It starts from the CRC the check before the write read and
// verified, and follows every byte SQLite writes (sqlite/write-observer.ts): each overwritten
// region's old bytes are read back just before SQLite replaces them, and the file CRC moves by
// crc(old) xor crc(new) carried over the bytes after them (util/crc32.ts); appended bytes extend it.
// Anything it cannot follow (a write at an unknown place, a failed or partial write, the file cut
// shorter) makes it give up, and the record is read from the whole file as before.
import { closeSync, constants, openSync, readSync } from 'node:fs';
import { heldDescriptor } from '../locks/native-locks.js';
import { observeWrites, stopObserving, type WriteObserver } from '../sqlite/write-observer.js';
import { crc32, crc32Combine, crc32OfZeros, crc32Shift } from '../util/crc32.js';
import { hexDigest } from './file-digest.js';

export class WriteDigest implements WriteObserver {
  private intact = true;
  private scratch = Buffer.alloc(0);

  private constructor(
    private readonly path: string,
    private crc: number,
    private size: number,
  ) {}

  /** Follows SQLite's writes to `path` from its verified CRC and size, until `end`. */
  static follow(path: string, crc: number, size: number): WriteDigest {
    const digest = new WriteDigest(path, crc, size);
    observeWrites(path, digest);
    return digest;
  }

  /** No longer following; the file's CRC and size as the writes left them, undefined if lost. */
  end(): { digest: string; size: number } | undefined {
    stopObserving(this.path, this);
    return this.intact ? { digest: hexDigest(this.crc), size: this.size } : undefined;
  }

  write(at: number, data: Uint8Array): void {
    if (!this.intact) return;
    if (at > this.size) this.grow(at - this.size); // a hole reads as zeros
    const overlap = Math.min(data.length, this.size - at);
    if (overlap > 0) {
      const old = this.readOld(at, overlap);
      if (!old) return this.lost();
      const change = crc32(old) ^ crc32(data.subarray(0, overlap));
      this.crc = (this.crc ^ crc32Shift(change, this.size - at - overlap)) >>> 0;
    }
    if (data.length > overlap) {
      const tail = data.subarray(Math.max(overlap, 0));
      this.crc = crc32Combine(this.crc, crc32(tail), tail.length);
      this.size += tail.length;
    }
  }

  truncate(size: number): void {
    if (size > this.size) this.grow(size - this.size);
    else if (size < this.size) this.lost(); // the CRC of a prefix is not worked out here; SQLite's add never cuts
  }

  lost(): void {
    this.intact = false;
  }

  private grow(zeros: number): void {
    this.crc = crc32Combine(this.crc, crc32OfZeros(zeros), zeros);
    this.size += zeros;
  }

  /**
   * The `length` bytes at `at` as they are before SQLite overwrites them. Through the descriptor
   * holding this process's SQLite lock (a writer holds one): closing another would drop the locks.
   * Where there is none (Node's in-process tests, Windows handles) no POSIX lock can be dropped.
   */
  private readOld(at: number, length: number): Uint8Array | undefined {
    if (this.scratch.length < length) this.scratch = Buffer.alloc(Math.max(length, 4096));
    const held = heldDescriptor(this.path);
    let fd: number | undefined;
    try {
      fd = held ?? openSync(this.path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
      let got = 0;
      while (got < length) {
        const n = readSync(fd, this.scratch, got, length - got, at + got);
        if (n <= 0) return undefined;
        got += n;
      }
      return this.scratch.subarray(0, length);
    } catch {
      return undefined;
    } finally {
      if (held === undefined && fd !== undefined) closeSync(fd);
    }
  }
}
