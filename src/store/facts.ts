// What a fact is, and the checks every new version passes before it is written.
import { randomBytes } from 'node:crypto';
import { MemcueError } from '../errors.js';
import { KINDS, STATES, type Kind, type State } from './schema.js';

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

export const MAX_TEXT = 2000;
export const COLUMNS = ['id', 'version', 'text', 'translation', 'kind', 'scope', 'source', 'quote', 'created_at', 'host', 'state'] as const;

const ID_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32: no i, l, o, u
/** 20 base32 characters = 100 random bits: unique across machines without coordination. */
export function newId(): string {
  const bytes = randomBytes(20);
  let id = '';
  for (const b of bytes) id += ID_ALPHABET[b & 31];
  return id;
}

export function isKind(value: string): value is Kind {
  return (KINDS as readonly string[]).includes(value);
}

export function isState(value: string): value is State {
  return (STATES as readonly string[]).includes(value);
}

export function checkKind(value: string): Kind {
  if (!isKind(value)) throw new MemcueError('USAGE', `unknown kind "${value}"`, `use one of: ${KINDS.join(', ')}`);
  return value;
}

/** Scopes are `global`, `repo:<id>` or `machine:<host>`. */
export function checkScope(value: string): string {
  if (value === 'global' || /^(repo|machine):\S+$/.test(value)) return value;
  throw new MemcueError('USAGE', `bad scope "${value}"`, 'use global, repo:<repo-id> or machine:<host>');
}
