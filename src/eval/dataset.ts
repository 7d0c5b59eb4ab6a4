// Reading an evaluation set: facts and queries as JSON Lines, relevance from each query's `rel` field
// and/or a qrels TSV. Everything is validated up front and a bad line is reported by file and number.
import { normaliseKeywords, splitKeywords, writeHidden } from '../text/hidden-index.js';
import { MemcueError } from '../errors.js';
import { checkKind, checkScope } from '../facts/facts.js';
import type { Kind } from '../facts/validate.js';

export interface EvalFact {
  id: string;
  text: string;
  kind: Kind;
  scope: string;
  /** The index-only column: a translation and keywords (what dream would have written). */
  hidden?: string;
}

export interface EvalQuery {
  id: string;
  text: string;
  /** Ids of the facts that answer it (fact ids of the set, or of the database with --against). */
  relevant: Set<string>;
  /** Every other field of the line, as text, for `--by`. */
  fields: Record<string, string>;
}

type Line = Record<string, unknown>;

/** The non-empty lines of a file's text, each with where it is (`facts line 3`) for errors. */
function* nonEmptyLines(content: string, name: string): Generator<{ raw: string; at: string }> {
  for (const [index, raw] of content.split(/\r?\n/).entries()) if (raw.trim()) yield { raw, at: `${name} line ${index + 1}` };
}

/** Non-empty lines of a JSON Lines text, each an object; `name` labels errors. */
function jsonLines(content: string, name: string): { line: Line; at: string }[] {
  return [...nonEmptyLines(content, name)].map(({ raw, at }) => {
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      throw bad(at, 'not valid JSON');
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw bad(at, 'expected a JSON object');
    return { line: value as Line, at };
  });
}

function bad(at: string, reason: string): MemcueError {
  return new MemcueError('BAD_INPUT', `${at}: ${reason}`, 'fix the evaluation file; nothing was evaluated');
}

/** Ids may be strings or numbers in the wild (qrels are text either way). */
function idOf(line: Line, at: string): string {
  const id = line.id;
  if ((typeof id !== 'string' || !id.trim()) && typeof id !== 'number') throw bad(at, '"id" is missing (a string or a number)');
  return String(id);
}

function textOf(line: Line, at: string): string {
  if (typeof line.text !== 'string' || !line.text.trim()) throw bad(at, '"text" is missing or empty');
  return line.text.trim();
}

function optional(line: Line, key: string, at: string): string | undefined {
  const v = line[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw bad(at, `"${key}" must be a string`);
  return v;
}

/** Facts `{id, text, kind?, scope?, translation?, keywords?}`. Length and secret checks of `add` do not apply: the temporary
 * database is deleted afterwards, and public sets hold paragraphs longer than a fact should be. */
export function parseFacts(content: string, name = 'facts'): EvalFact[] {
  const seen = new Set<string>();
  return jsonLines(content, name).map(({ line, at }) => {
    const id = idOf(line, at);
    if (seen.has(id)) throw bad(at, `fact id "${id}" appears twice`);
    seen.add(id);
    try {
      const hidden = writeHidden({ translation: optional(line, 'translation', at) ?? '', keywords: keywordsOf(line, at) });
      return {
        ...(hidden && { hidden }),
        id,
        text: textOf(line, at),
        kind: checkKind(optional(line, 'kind', at) ?? 'note'),
        scope: checkScope(optional(line, 'scope', at) ?? 'global'),
      };
    } catch (err) {
      throw err instanceof MemcueError && err.code !== 'BAD_INPUT' ? bad(at, err.message) : err;
    }
  });
}

function keywordsOf(line: Record<string, unknown>, at: string): string[] {
  const v = line.keywords;
  if (v === undefined || v === null) return [];
  if (typeof v === 'string') return splitKeywords(v);
  if (Array.isArray(v) && v.every((k) => typeof k === 'string')) return normaliseKeywords(v);
  throw bad(at, '"keywords" must be a list of strings or one comma-separated string');
}

/** Queries `{id, text, rel?}`; `rel` is one fact id or a list of them. */
export function parseQueries(content: string, name = 'queries'): EvalQuery[] {
  const seen = new Set<string>();
  return jsonLines(content, name).map(({ line, at }) => {
    const id = idOf(line, at);
    if (seen.has(id)) throw bad(at, `query id "${id}" appears twice`);
    seen.add(id);
    const rel = line.rel;
    const relevant = new Set<string>();
    if (Array.isArray(rel)) rel.forEach((r) => relevant.add(relId(r, at)));
    else if (rel !== undefined && rel !== null) relevant.add(relId(rel, at));
    const fields: Record<string, string> = {};
    for (const [key, value] of Object.entries(line)) {
      if (key !== 'id' && key !== 'text' && key !== 'rel') fields[key] = typeof value === 'string' ? value : JSON.stringify(value);
    }
    return { id, text: textOf(line, at), relevant, fields };
  });
}

function relId(value: unknown, at: string): string {
  if ((typeof value === 'string' && value.trim()) || typeof value === 'number') return String(value);
  throw bad(at, '"rel" must be a fact id or a list of fact ids');
}

/** Adds `query_id<TAB>fact_id[<TAB>grade]` lines (several per query allowed) to the queries they name. */
export function applyQrels(queries: EvalQuery[], content: string, name = 'qrels'): void {
  const byId = new Map(queries.map((q) => [q.id, q]));
  for (const { raw, at } of nonEmptyLines(content, name)) {
    const cells = raw.split('\t').map((c) => c.trim());
    if (cells.length < 2 || !cells[0] || !cells[1]) throw bad(at, 'expected query_id<TAB>fact_id');
    // BEIR-style files carry a grade in a third column: 0 means judged not relevant.
    if (cells[2] !== undefined && Number(cells[2]) <= 0) continue;
    // A qrels file often covers more queries than one run evaluates (e.g. one conversation); a
    // header line names no query and is skipped the same way.
    byId.get(cells[0])?.relevant.add(cells[1]);
  }
}

/** Relevant ids that name no fact of the set: a typo would silently count as a miss. */
export function checkRelevant(queries: EvalQuery[], known: (id: string) => boolean, where: string): void {
  for (const query of queries) {
    for (const id of query.relevant) {
      if (!known(id)) {
        throw new MemcueError('BAD_INPUT', `query "${query.id}" names fact "${id}", which is not in ${where}`, 'check the query file or qrels');
      }
    }
  }
}
