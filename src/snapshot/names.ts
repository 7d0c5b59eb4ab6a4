// The search file's name keys (issue 22): every index term that is one plain word of either script,
// with its sound key (translit.ts termKey), grouped by the term's first two letters. A search looks
// for a word's other-script spelling among the terms of a few such starts (expand.ts); it reads
// their keys here instead of working out each one (a regex pass per term: ~6 ms CPU of a cold
// three-word search).
//
// Sections (format.ts):
// - names: a group per start, in the terms' byte order: varint count, the terms' positions in the
//   dictionary (the first, then deltas), then their keys in ASCII joined by spaces;
// - namesIndex: u32 where each start's group begins in names, and one past the last (SLOTS + 1).
import { CYRILLIC_LATIN } from '../text/cyrillic-latin.js';
import { MIN_KEY_LENGTH, termKey } from '../text/translit.js';
import { ByteSink, VarintReader } from './format.js';
import type { PagedReader } from './paged.js';
import type { Spool } from './runs.js';

const LATIN = [...'abcdefghijklmnopqrstuvwxyz'];
/** In code point order, which is the byte order of their UTF-8 (ё, U+0451, comes after я). */
const RUSSIAN = Object.keys(CYRILLIC_LATIN).sort();
/** Every start of two letters of one script: Latin ones first, as in byte order. */
export const SLOTS = LATIN.length ** 2 + RUSSIAN.length ** 2;
/** Keys are letters a–z (translit.ts); a key that were not could not be joined by spaces. */
const KEY = /^[a-z]+$/;

/** The slot of a term's first two letters, or -1 when they are not two letters of one script. */
export function slotOf(term: string): number {
  const a = LATIN.indexOf(term[0] ?? '');
  const b = LATIN.indexOf(term[1] ?? '');
  if (a >= 0 && b >= 0) return a * LATIN.length + b;
  const c = RUSSIAN.indexOf(term[0] ?? '');
  const d = RUSSIAN.indexOf(term[1] ?? '');
  return c >= 0 && d >= 0 ? LATIN.length ** 2 + c * RUSSIAN.length + d : -1;
}

/** The terms of one start that have a key: their keys, and their positions in the dictionary. */
export interface NameGroup {
  keys: string[];
  positions: number[];
}

/** Takes the dictionary's terms in byte order; the groups wait in the spool until the section is written. */
export class NamesWriter {
  private readonly sink = new ByteSink();
  private spooled = 0;
  private readonly starts = new Uint32Array(SLOTS + 1);
  /** The first slot whose start is not set yet. */
  private nextSlot = 0;
  private slot = -1;
  private group: NameGroup = { keys: [], positions: [] };
  private readonly decoder = new TextDecoder();

  constructor(private readonly spool: Spool) {}

  add(bytes: Uint8Array, position: number): void {
    if (!startsWithTwoLetters(bytes)) return; // most terms that are not names, without decoding them
    const term = this.decoder.decode(bytes);
    const slot = slotOf(term);
    if (slot < 0) return;
    const key = termKey(term);
    // sameName (name-match.ts) matches no shorter key, in either script.
    if (key === undefined || key.length < MIN_KEY_LENGTH - 1 || !KEY.test(key)) return;
    if (slot !== this.slot) {
      if (slot < this.slot) throw new Error('search file: name keys out of order');
      this.flushGroup();
      this.slot = slot;
    }
    this.group.keys.push(key);
    this.group.positions.push(position);
  }

  /** Hands the names section to `write`, and returns the namesIndex section. */
  finish(write: (bytes: Uint8Array) => void): Uint8Array {
    this.flushGroup();
    this.setStarts(SLOTS);
    this.spool.append(this.sink.view());
    this.spool.copyTo(write);
    const index = new Uint8Array(4 * this.starts.length);
    const view = new DataView(index.buffer);
    this.starts.forEach((at, i) => view.setUint32(4 * i, at, true));
    return index;
  }

  private flushGroup(): void {
    const { keys, positions } = this.group;
    if (keys.length === 0) return;
    this.setStarts(this.slot);
    this.sink.varint(keys.length);
    positions.forEach((p, i) => this.sink.varint(i === 0 ? p : p - positions[i - 1]!));
    this.sink.put(new TextEncoder().encode(keys.join(' ')));
    this.group = { keys: [], positions: [] };
    if (this.sink.length > 1 << 16) {
      this.spool.append(this.sink.view());
      this.spooled += this.sink.length;
      this.sink.clear();
    }
  }

  /** Slots up to `slot` (the empty ones before it too) start where the bytes end now. */
  private setStarts(slot: number): void {
    for (; this.nextSlot <= slot; this.nextSlot++) this.starts[this.nextSlot] = this.spooled + this.sink.length;
  }
}

/** Latin a–z twice, or two two-byte UTF-8 letters of the Cyrillic block (a fast test before decoding). */
function startsWithTwoLetters(b: Uint8Array): boolean {
  const latin = (x: number | undefined) => x !== undefined && x >= 0x61 && x <= 0x7a;
  if (latin(b[0]) && latin(b[1])) return true;
  const cyrillic = (x: number | undefined) => x === 0xd0 || x === 0xd1;
  return cyrillic(b[0]) && cyrillic(b[2]);
}

/** The group of the terms starting with `start` (two letters), read and checked. */
export function readNameGroup(file: PagedReader, start: string, terms: number): NameGroup {
  const slot = slotOf(start);
  if (slot < 0 || start.length !== 2) return { keys: [], positions: [] };
  const bounds = file.section('namesIndex', 4 * slot, 8);
  const view = new DataView(bounds.buffer, bounds.byteOffset, 8);
  const from = view.getUint32(0, true);
  const to = view.getUint32(4, true);
  if (from > to) throw new Error('search file: a damaged names index');
  if (from === to) return { keys: [], positions: [] };
  const reader = new VarintReader(file.section('names', from, to - from));
  const count = reader.next();
  const positions: number[] = [];
  let position = 0;
  for (let i = 0; i < count; i++) positions.push((position += reader.next()));
  const keys = new TextDecoder().decode(reader.take(reader.bytes.length - reader.at)).split(' ');
  if (keys.length !== count || position >= terms) throw new Error('search file: a damaged names group');
  return { keys, positions };
}
