// What a fact is, and the checks every new version passes before it is written.
import { randomBytes } from '../util/random.js';
import { LIMITS, type Kind, type State } from './validate.js';

export interface Fact {
  id: string;
  version: number;
  text: string;
  translation: string;
  kind: Kind;
  scope: string;
  source: string;
  quote: string;
  created_at: string;
  host: string;
  state: State;
}

export const MAX_TEXT = LIMITS.text;
export const COLUMNS = ['id', 'version', 'text', 'translation', 'kind', 'scope', 'source', 'quote', 'created_at', 'host', 'state'] as const;

const ID_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32: no i, l, o, u
/** The fields that make up what a fact says; the rest (id, version, time, host) name the row. */
const CONTENT = ['text', 'translation', 'kind', 'scope', 'source', 'quote', 'state'] as const;

export function sameContent(a: Fact, b: Fact): boolean {
  return CONTENT.every((field) => a[field] === b[field]);
}

/** What `fact` says, as the fields of a new version (going back writes an earlier version again). */
export function contentOf(fact: Fact): Pick<Fact, (typeof CONTENT)[number]> {
  return Object.fromEntries(CONTENT.map((field) => [field, fact[field]])) as Pick<Fact, (typeof CONTENT)[number]>;
}

/** 20 base32 characters = 100 random bits: unique across machines without coordination. */
export function newId(): string {
  return idFromBytes(randomBytes(20));
}

/** An id from the first 20 of `bytes` (random, or a digest: see sameTextId). */
export function idFromBytes(bytes: Uint8Array): string {
  let id = '';
  for (const b of bytes.subarray(0, 20)) id += ID_ALPHABET[b & 31];
  return id;
}

// The checks live in validate.ts (one definition for every path); these names stay importable here.
export { checkKind, checkScope, isKind, isState } from './validate.js';
