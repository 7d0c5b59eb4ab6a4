// What a stored row becomes and how a listing is narrowed: plain functions with no SQLite behind
// them, so a search served from the search file (src/snapshot) does not load the store to use them.
import type { Fact } from '../facts/facts.js';
import type { Row, SqlValue } from '../sqlite/sqlite.js';

export interface ListFilter {
  scopes?: string[]; // undefined: every scope
  kind?: string;
  since?: string;
  /** Which state the current version must have (default active); `all` for any. */
  state?: Fact['state'] | 'all';
}

export function filterClause(filter: ListFilter, alias = 'f'): { where: string; params: SqlValue[] } {
  const parts: string[] = [];
  const params: SqlValue[] = [];
  if (filter.scopes) {
    parts.push(`${alias}.scope IN (${filter.scopes.map(() => '?').join(', ')})`);
    params.push(...filter.scopes);
  }
  if (filter.kind) {
    parts.push(`${alias}.kind = ?`);
    params.push(filter.kind);
  }
  if (filter.since) {
    parts.push(`${alias}.created_at >= ?`);
    params.push(filter.since);
  }
  if (filter.state && filter.state !== 'all') {
    parts.push(`${alias}.state = ?`);
    params.push(filter.state);
  }
  return { where: parts.map((p) => `AND ${p}`).join(' '), params };
}

export function toFact(row: Row): Fact {
  return {
    id: String(row.id),
    version: Number(row.version),
    text: String(row.text),
    translation: String(row.translation ?? ''),
    kind: String(row.kind) as Fact['kind'],
    scope: String(row.scope),
    source: String(row.source ?? ''),
    quote: String(row.quote ?? ''),
    created_at: String(row.created_at),
    host: String(row.host),
    state: String(row.state) as Fact['state'],
  };
}
