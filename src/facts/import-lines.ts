// Parsing and validating JSON Lines for `memcue import` (and, line by line, sync's journal reader):
// every line is checked before it is written, and a bad line is reported by its number (the
// import's one transaction is then rolled back).
import { MemcueError } from '../errors.js';
import { ALLOW_SECRET, checkRowSecrets, checkText } from './check-text.js';
import { COLUMNS, newId, type Fact } from './facts.js';
import { readHidden, splitKeywords, writeHidden, normaliseKeywords } from '../text/hidden-index.js';
import { canonicalHost, canonicalScope } from './names.js';
import { checkField, checkKind, checkRowFields, checkScope, type LimitedField } from './validate.js';

export interface ImportDefaults {
  scope: string;
  host: string;
  source: string;
  allowSecret?: boolean;
  /** A plain line's `"scope": "repo"` or `"machine"`, as `add --scope` takes them (import passes resolveScope). */
  scopeWord?: (word: string) => string;
  /** Only full version rows (with id and version): a journal line without them is not one. */
  rowsOnly?: boolean;
  /** Told of each field a line has that memcue does not read (import names them on stderr). */
  unknownField?: (name: string) => void;
}

/** The fields a line is read from: export's columns, and `keywords` as `add --keywords` and `--json` give them. */
const FIELDS = new Set<string>([...COLUMNS, 'keywords']);

const BOM = '\ufeff';

/** One checked line. `plain`: a new fact (`{"text"}`, no id), which import skips when its scope already says it. */
export interface ImportLine {
  fact: Fact;
  line: number;
  plain: boolean;
}

/** Parses and checks lines one at a time (an import of any size streams through this). */
export function* readImportLines(
  lines: Iterable<string>,
  defaults: ImportDefaults,
  now = new Date().toISOString(),
): Generator<ImportLine> {
  let number = 0;
  for (const raw of lines) {
    number++;
    // Editors on Windows start UTF-8 files with a byte-order mark; it is not part of line 1.
    const line = number === 1 && raw.startsWith(BOM) ? raw.slice(BOM.length) : raw;
    if (!line.trim()) continue;
    let parsed: { fact: Fact; plain: boolean };
    try {
      parsed = parseLine(line, defaults, now);
      checkRowSecrets(parsed.fact, { allowSecret: defaults.allowSecret, override: ALLOW_SECRET });
    } catch (err) {
      throw badLine(number, err);
    }
    yield { ...parsed, line: number };
  }
}

export function appearsTwice(fact: Fact): string {
  return `version ${fact.version} of fact ${fact.id} (${fact.host}, ${fact.created_at}) appears twice`;
}

export function badLine(number: number, err: unknown): MemcueError {
  return new MemcueError('BAD_INPUT', `line ${number}: ${reasonOf(err)}`, 'nothing was imported');
}

/**
 * A row read from a database (a snapshot, the merge driver's THEIRS, our own rows before they are
 * sent) checked exactly as an imported line; secrets another memcue allowed stay allowed.
 */
export function checkStoredRow(fact: Fact, now = new Date().toISOString()): Fact {
  return parseRow(JSON.stringify(fact), { scope: 'global', host: '', source: '', allowSecret: true, rowsOnly: true }, now);
}

/** Why a line was refused, in one line (the hint in parentheses). */
export function reasonOf(err: unknown): string {
  return err instanceof MemcueError ? `${err.message}${err.hint ? ` (${err.hint})` : ''}` : (err as Error).message;
}

const SCOPE_WORDS = new Set(['repo', 'machine']);

/** A full row names its scope in full (`machine:box`); a plain line may use add's words. */
function scopeOf(given: string, full: boolean, defaults: ImportDefaults): string {
  return !full && defaults.scopeWord && SCOPE_WORDS.has(given) ? defaults.scopeWord(given) : canonicalScope(given);
}

/**
 * One line: a new fact (`text` and optional kind, scope, …) or a full version row (with `id` and
 * `version`, as export writes it). Scopes and hosts with spaces, which older memcue wrote, are read
 * in today's form (the same mapping as schema v4); everything else that is invalid is refused.
 */
export function parseRow(line: string, defaults: ImportDefaults, now: string): Fact {
  return parseLine(line, defaults, now).fact;
}

/** parseRow, and whether the line was a plain new fact rather than a full version row. */
function parseLine(line: string, defaults: ImportDefaults, now: string): { fact: Fact; plain: boolean } {
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
  const field = (key: LimitedField, fallback: string) => checkField(key, str(key, fallback));
  if (typeof o.text !== 'string') throw new Error('"text" is missing or not a string');
  const text = checkText(o.text, { allowSecret: true }); // every field, this one too, is checked for secrets in readImportLines
  const full = o.id !== undefined || o.version !== undefined;
  if (!full && defaults.rowsOnly) throw new Error('not a version row: "id" and "version" are missing');
  if (defaults.unknownField) for (const key of Object.keys(o)) if (!FIELDS.has(key)) defaults.unknownField(key);
  const fact: Fact = {
    id: full ? str('id', '') : newId(),
    version: full ? (o.version as number) : 1,
    text,
    translation: checkField('translation', withKeywordsField(str('translation', ''), o.keywords)),
    kind: checkKind(str('kind', 'note')),
    scope: scopeOf(str('scope', defaults.scope), full, defaults),
    source: field('source', full ? '' : defaults.source),
    quote: field('quote', ''),
    created_at: full ? str('created_at', now) : now,
    host: full ? canonicalHost(str('host', defaults.host)) : defaults.host,
    state: full ? (str('state', 'active') as Fact['state']) : 'active',
  };
  if (full) checkRowFields(fact);
  else checkScope(fact.scope);
  return { fact, plain: !full };
}

/**
 * The index-only column with a line's `keywords` added to any it holds: a comma-separated string or
 * a list of strings (`add --keywords`, MCP, and `list --json`, which splits the column in two).
 */
function withKeywordsField(column: string, given: unknown): string {
  if (given === undefined || given === null) return column;
  let words: string[];
  if (typeof given === 'string') words = splitKeywords(given);
  else if (Array.isArray(given) && given.every((k) => typeof k === 'string')) words = given;
  else throw new Error('"keywords" must be a string ("a, b") or a list of strings');
  try {
    const hidden = readHidden(column);
    return writeHidden({ translation: hidden.translation, keywords: normaliseKeywords([...hidden.keywords, ...words]) });
  } catch (err) {
    throw new Error(`"keywords": ${(err as Error).message}`);
  }
}
