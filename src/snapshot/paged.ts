// Checked positioned reads and writes of the search file (format.ts). The writer streams the body
// and takes a CRC-32 of every 4 KiB page as it goes; the reader reads whole pages at a position and
// checks each against the CRC table before anything in it is used, so a search reads and checks only
// the pages it needs, and no damaged byte is ever used. The file comes opened (safe-file.ts).
import { closeSync } from 'node:fs';
import { readAt as readFully, writeWholeAt, type OpenedFile } from '../util/safe-file.js';
import { CRC_CHUNK, crc32, MAGIC, PAGE, parseHeader, type SnapshotHeader } from './format.js';

export const BODY_START = MAGIC.length;

/** `length` bytes at `position`, all of them. */
function readAt(fd: number, length: number, position: number): Uint8Array {
  const bytes = readFully(fd, length, position);
  if (bytes.length !== length) throw new Error('search file: shorter than its header says');
  return bytes;
}

/** Appends the body to an open file, page by page, keeping each page's CRC. */
export class PageWriter {
  private page = new Uint8Array(PAGE);
  private filled = 0;
  private readonly crcs: number[] = [];
  /** Bytes of body written so far. */
  offset = 0;

  constructor(private readonly fd: number) {
    writeWholeAt(fd, new TextEncoder().encode(MAGIC), 0);
  }

  write(bytes: Uint8Array): void {
    let at = 0;
    while (at < bytes.length) {
      const n = Math.min(PAGE - this.filled, bytes.length - at);
      this.page.set(bytes.subarray(at, at + n), this.filled);
      this.filled += n;
      at += n;
      if (this.filled === PAGE) this.flush();
    }
    this.offset += bytes.length;
  }

  /** Pads to an 8-byte boundary. */
  align(): void {
    const pad = ((this.offset + 7) & ~7) - this.offset;
    if (pad) this.write(new Uint8Array(pad));
  }

  private flush(): void {
    if (this.filled === 0) return;
    const bytes = this.page.subarray(0, this.filled);
    this.crcs.push(crc32(bytes));
    writeWholeAt(this.fd, bytes, BODY_START + PAGE * (this.crcs.length - 1));
    this.filled = 0;
  }

  /** Ends the body, then writes the CRC table, the header and the trailer. */
  finish(header: Omit<SnapshotHeader, 'crcTable' | 'crcChunks'>): void {
    this.flush();
    const table = new Uint8Array(4 * this.crcs.length);
    const view = new DataView(table.buffer);
    this.crcs.forEach((c, i) => view.setUint32(4 * i, c, true));
    const crcChunks: number[] = [];
    for (let at = 0; at < table.length; at += 4 * CRC_CHUNK) crcChunks.push(crc32(table.subarray(at, at + 4 * CRC_CHUNK)));
    let position = BODY_START + this.offset;
    writeWholeAt(this.fd, table, position);
    position += table.length;
    const head = new TextEncoder().encode(JSON.stringify({ ...header, crcTable: this.offset, crcChunks }));
    const trailer = new Uint8Array(8);
    new DataView(trailer.buffer).setUint32(0, head.length, true);
    new DataView(trailer.buffer).setUint32(4, crc32(head), true);
    writeWholeAt(this.fd, head, position);
    writeWholeAt(this.fd, trailer, position + head.length);
  }
}

/** Reads of the body, checked page by page; a failed check throws (the caller falls back to SQLite). */
export class PagedReader {
  private readonly pages = new Map<number, Uint8Array>();
  private readonly chunks = new Map<number, DataView>();
  private readonly pageCount: number;
  /** Pages read from disk so far (tests check a search reads few). */
  pagesRead = 0;

  private constructor(
    private fd: number | undefined,
    readonly header: SnapshotHeader,
  ) {
    this.pageCount = Math.ceil(header.crcTable / PAGE);
  }

  /**
   * The file's header, checked; undefined when the file is foreign, damaged there or of another
   * format. `file` comes opened (files.ts openBeside: a regular file of bounded size); the reader
   * now owns its descriptor.
   */
  static open(file: OpenedFile): PagedReader | undefined {
    const header = readHeader(file.fd, file.stat.size);
    if (!header) {
      closeSync(file.fd);
      return undefined;
    }
    const reader = new PagedReader(file.fd, header);
    closer.register(reader, file.fd, reader);
    return reader;
  }

  close(): void {
    if (this.fd === undefined) return;
    closer.unregister(this);
    closeSync(this.fd);
    this.fd = undefined;
  }

  /** `length` bytes of the body from `offset`, every page they touch checked. */
  read(offset: number, length: number): Uint8Array {
    if (length === 0) return new Uint8Array(0);
    if (offset < 0 || offset + length > this.header.crcTable) throw new Error('search file: a read past the body');
    const first = Math.floor(offset / PAGE);
    const last = Math.floor((offset + length - 1) / PAGE);
    if (first === last) return this.page(first).subarray(offset - first * PAGE, offset - first * PAGE + length);
    this.load(first, last);
    const out = new Uint8Array(length);
    for (let p = first; p <= last; p++) {
      const page = this.pages.get(p)!;
      const from = Math.max(offset, p * PAGE);
      const to = Math.min(offset + length, (p + 1) * PAGE);
      out.set(page.subarray(from - p * PAGE, to - p * PAGE), from - offset);
    }
    return out;
  }

  /** A section's bytes from `offset` within it. */
  section(name: keyof SnapshotHeader['sections'], offset = 0, length?: number): Uint8Array {
    const [start, size] = this.header.sections[name];
    const n = length ?? size - offset;
    if (offset < 0 || offset + n > size) throw new Error(`search file: a read past its ${name} section`);
    return this.read(start + offset, n);
  }

  /** Page p of the body, checked. */
  page(p: number): Uint8Array {
    const cached = this.pages.get(p);
    if (cached) return cached;
    this.load(p, p);
    return this.pages.get(p)!;
  }

  /** Pages first..last with one read for the missing run of them. */
  private load(first: number, last: number): void {
    while (first <= last && this.pages.has(first)) first++;
    while (last >= first && this.pages.has(last)) last--;
    if (first > last) return;
    if (this.fd === undefined) throw new Error('search file: read after close');
    const end = Math.min(this.header.crcTable, (last + 1) * PAGE);
    const bytes = readAt(this.fd, end - first * PAGE, BODY_START + first * PAGE);
    this.pagesRead += last - first + 1;
    for (let p = first; p <= last; p++) {
      const page = bytes.subarray((p - first) * PAGE, Math.min(bytes.length, (p - first + 1) * PAGE));
      if (crc32(page) !== this.pageCrc(p)) throw new Error('search file: a damaged page');
      this.pages.set(p, page);
    }
  }

  private pageCrc(p: number): number {
    if (p >= this.pageCount) throw new Error('search file: a page past the body');
    const c = Math.floor(p / CRC_CHUNK);
    let chunk = this.chunks.get(c);
    if (!chunk) {
      const entries = Math.min(CRC_CHUNK, this.pageCount - c * CRC_CHUNK);
      const bytes = readAt(this.fd!, 4 * entries, BODY_START + this.header.crcTable + 4 * c * CRC_CHUNK);
      if (crc32(bytes) !== this.header.crcChunks[c]) throw new Error('search file: a damaged CRC table');
      chunk = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      this.chunks.set(c, chunk);
    }
    return chunk.getUint32(4 * (p - c * CRC_CHUNK), true);
  }
}

/** Closes a reader's file when the reader is gone (a command rarely closes it itself before exiting). */
const closer = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    /* already closed */
  }
});

/** The header at the file's end, its CRC checked, after the magic at its start. */
function readHeader(fd: number, size: number): SnapshotHeader | undefined {
  try {
    if (size < MAGIC.length + 8) return undefined;
    if (new TextDecoder().decode(readAt(fd, MAGIC.length, 0)) !== MAGIC) return undefined;
    // One read for the trailer and, almost always, the header before it.
    const guess = Math.min(size - MAGIC.length, 1 << 12);
    let tail = readAt(fd, guess, size - guess);
    const view = new DataView(tail.buffer);
    const length = view.getUint32(guess - 8, true);
    const crc = view.getUint32(guess - 4, true);
    if (length + 8 + MAGIC.length > size) return undefined;
    if (length + 8 > guess) tail = readAt(fd, length + 8, size - length - 8);
    const head = tail.subarray(tail.length - 8 - length, tail.length - 8);
    if (crc32(head) !== crc) return undefined;
    const header = parseHeader(head);
    // The body and the CRC table end where the header starts.
    const tableBytes = 4 * Math.ceil((header?.crcTable ?? 0) / PAGE);
    if (!header || MAGIC.length + header.crcTable + tableBytes + length + 8 !== size) return undefined;
    return header;
  } catch {
    return undefined;
  }
}
