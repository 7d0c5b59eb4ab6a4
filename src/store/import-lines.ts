// Parsing and validating JSON Lines for `memcue import`: every line is checked before it is written,
// and a bad line is reported by its number (the import's one transaction is then rolled back).
import { MemcueError } from '../errors.js';
import { checkText } from './check-text.js';
import { checkKind, checkScope, isState, newId, type Fact } from './facts.js';
import { linesOf } from '../util/read-lines.js';

export interface ImportDefaults {
  scope: string;
  host: string;
  source: string;
  allowSecret?: boolean;
}

export function parseImport(content: string, defaults: ImportDefaults, now = new Date().toISOString()): Fact[] {
  const facts: Fact[] = [];
  const seen = new Set<string>();
  for (const { fact, line } of readImportLines(linesOf(content), defaults, now)) {
    const key = [fact.id, fact.version, fact.created_at, fact.host].join('\u0000');
    if (seen.has(key)) throw badLine(line, new Error(appearsTwice(fact)));
    seen.add(key);
    facts.push(fact);
  }
  return facts;
}

/** Parses and checks lines one at a time (an import of any size streams through this). */
export function* readImportLines(
  lines: Iterable<string>,
  defaults: ImportDefaults,
  now = new Date().toISOString(),
): Generator<{ fact: Fact; line: number }> {
  let number = 0;
  for (const line of lines) {
    number++;
    if (!line.trim()) continue;
    let fact: Fact;
    try {
      fact = parseLine(line, defaults, now);
    } catch (err) {
      throw badLine(number, err);
    }
    yield { fact, line: number };
  }
}

export function appearsTwice(fact: Fact): string {
  return `version ${fact.version} of fact ${fact.id} (${fact.host}, ${fact.created_at}) appears twice`;
}

export function badLine(number: number, err: unknown): MemcueError {
  const reason = err instanceof MemcueError ? `${err.message}${err.hint ? ` (${err.hint})` : ''}` : (err as Error).message;
  return new MemcueError('BAD_INPUT', `line ${number}: ${reason}`, 'nothing was imported');
}

function parseLine(line: string, defaults: ImportDefaults, now: string): Fact {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new Error('not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('expected a JSON object');
  const o = value as Record<string, unknown>;
  const str = (key: string, fallback: string): string => {
    const v = o[key];
    if (v === undefined || v === null) return fallback;
    if (typeof v !== 'string') throw new Error(`"${key}" must be a string`);
    return v;
  };
  if (typeof o.text !== 'string') throw new Error('"text" is missing or not a string');
  const text = checkText(o.text, { allowSecret: defaults.allowSecret });
  const full = o.id !== undefined || o.version !== undefined;
  if (!full) {
    return {
      id: newId(),
      version: 1,
      text,
      translation: str('translation', ''),
      kind: checkKind(str('kind', 'note')),
      scope: checkScope(str('scope', defaults.scope)),
      source: str('source', defaults.source),
      quote: str('quote', ''),
      created_at: now,
      host: defaults.host,
      state: 'active',
    };
  }
  const id = str('id', '');
  if (!/^[0-9a-z]{8,64}$/.test(id)) throw new Error(`"id" must be 8–64 lower-case letters and digits, got "${id}"`);
  if (!Number.isInteger(o.version) || (o.version as number) < 1) throw new Error('"version" must be a whole number ≥ 1');
  const createdAt = str('created_at', now);
  if (Number.isNaN(Date.parse(createdAt))) throw new Error(`"created_at" is not a date: "${createdAt}"`);
  const state = str('state', 'active');
  if (!isState(state)) throw new Error(`"state" must be active, superseded or forgotten, got "${state}"`);
  return {
    id,
    version: o.version as number,
    text,
    translation: str('translation', ''),
    kind: checkKind(str('kind', 'note')),
    scope: checkScope(str('scope', defaults.scope)),
    source: str('source', ''),
    quote: str('quote', ''),
    created_at: createdAt,
    host: str('host', defaults.host),
    state,
  };
}
