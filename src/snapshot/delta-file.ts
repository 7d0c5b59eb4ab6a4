// The delta file's bytes (delta.ts writes it, files.ts reads it). Like the search file, every 4 KiB
// page of it carries a CRC-32 (paged.ts): a flipped bit or an edit (`sed -i` on a rule) makes it
// disagree with itself, and a delta that disagrees with itself is never served — the search or the
// card takes the SQLite path and the next search writes a new file. The delta is read whole (a few
// hundred facts at most), so every page is checked on every read.
//
//   memcue-search-delta 1 <body length> <CRC-32 of each page, hex, comma-separated>\n<body: the JSON>
import { crc32, PAGE } from './format.js';

const MAGIC = 'memcue-search-delta 1';
/** A first line longer than this is not ours (a CRC per 4 KiB page of at most a few MB of JSON). */
const MAX_FIRST_LINE = 64 * 1024;

export interface Delta {
  base: string;
  stamp: string;
  added: import('./pool.js').AddedDoc[];
  removed: number[];
}

function pageCrcs(body: Uint8Array): string {
  const crcs: string[] = [];
  for (let at = 0; at < body.length || at === 0; at += PAGE) crcs.push(crc32(body.subarray(at, at + PAGE)).toString(16));
  return crcs.join(',');
}

export function encodeDelta(delta: Delta): Buffer {
  const body = Buffer.from(JSON.stringify(delta));
  return Buffer.concat([Buffer.from(`${MAGIC} ${body.length} ${pageCrcs(body)}\n`), body]);
}

/**
 * The delta in `bytes`; 'damaged' when they disagree with their checksums or do not hold a delta
 * (doctor reports it), undefined when the file is not a delta of this format at all (an older one).
 */
export function decodeDelta(bytes: Uint8Array): Delta | 'damaged' | undefined {
  const end = bytes.subarray(0, MAX_FIRST_LINE).indexOf(0x0a);
  const first = Buffer.from(bytes.subarray(0, end < 0 ? Math.min(bytes.length, MAX_FIRST_LINE) : end)).toString('latin1');
  if (!first.startsWith(`${MAGIC} `)) return bytes.length && bytes[0] === 0x7b /* `{`: before checksums */ ? undefined : 'damaged';
  const [length, crcs] = first.slice(MAGIC.length + 1).split(' ');
  const body = bytes.subarray(end + 1);
  if (end < 0 || String(body.length) !== length || crcs !== pageCrcs(body)) return 'damaged';
  try {
    const delta = JSON.parse(Buffer.from(body).toString('utf8')) as Delta;
    return wellFormed(delta) ? delta : 'damaged';
  } catch {
    return 'damaged';
  }
}

/** The shape a reader relies on (pool.ts reads each added doc's row, fact and columns). */
function wellFormed(delta: Delta): boolean {
  if (!delta || typeof delta.base !== 'string' || typeof delta.stamp !== 'string') return false;
  if (!Array.isArray(delta.removed) || !delta.removed.every(Number.isSafeInteger)) return false;
  return (
    Array.isArray(delta.added) &&
    delta.added.every(
      (d) => d && Number.isSafeInteger(d.row) && typeof d.fact?.id === 'string' && Array.isArray(d.columns) && d.columns.length === 2 && d.columns.every((c) => Array.isArray(c)),
    )
  );
}
