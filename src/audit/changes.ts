// `memcue log`: what changed, newest first. Every version row is one change; what it did follows from
// the row before it (text, kind, scope, state, translation), and what wrote it from the batches
// recorded on this machine (dream, migrate, their undo, import: writers.ts). Rows written on another
// machine arrive by sync (or import) and keep their host, so the log shows where they were made.
import { rowKey } from '../dream/records.js';
import { COLUMNS, sameContent, type Fact } from '../facts/facts.js';
import type { SqlValue } from '../sqlite/sqlite.js';
import { filterClause, REAL_VERSION, toFact, type ListFilter, type Store } from '../store/store.js';
import { visible } from '../facts/validate.js';
import { Writers, type Writer } from './writers.js';

export type Action = 'add' | 'edit' | 'forget' | 'supersede' | 'revive' | 'translate' | 'revert' | 'rewrite';

interface WhatChanged {
  action: Action;
  /** Old → new in a few words, for a terminal's line: texts cut at SHORT characters. */
  summary: string;
  /** The same with texts whole (the viewer has room for them). */
  whole: string;
  /** For `revert`: the version it restored. */
  restores?: number;
}

export interface Change extends WhatChanged {
  at: string;
  host: string;
  id: string;
  version: number;
  /** What wrote it, when known: `dream <batch>`, `migrate <batch>`, `undo dream <batch>`, `import <file>`, `dream`, `migrate`. */
  via: string;
  kind: Fact['kind'];
  scope: string;
  before?: Fact;
  after: Fact;
}

const SELECT = COLUMNS.map((c) => `f.${c}`).join(', ');
/** The version row just before a given one in the order that decides the current version. */
const PREVIOUS = `SELECT ${SELECT} FROM facts f WHERE f.id = ? AND (f.version < ? OR (f.version = ? AND (f.created_at < ? OR (f.created_at = ? AND f.host < ?))))
  ORDER BY f.version DESC, f.created_at DESC, f.host DESC LIMIT 1`;

export interface LogFilter extends Pick<ListFilter, 'scopes' | 'kind' | 'since'> {
  limit: number;
  /** Changes skipped first (the viewer's pages). */
  offset?: number;
  id?: string;
  host?: string;
  /** Only the changes this writer made (writers.ts); `sync`: rows from other machines than `localHost`. */
  by?: Writer;
  localHost?: string;
}

export function recentChanges(store: Store, filter: LogFilter): Change[] {
  const writers = new Writers(store);
  const { where, params } = changeWhere(filter, writers);
  const rows = store.db.all(`SELECT ${SELECT}, f.rowid AS row_id FROM facts f WHERE ${where} ORDER BY f.created_at DESC, f.id, f.version DESC LIMIT ? OFFSET ?`, [
    ...params,
    filter.limit,
    filter.offset ?? 0,
  ]);
  return rows.map((row) => describe(store, toFact(row), Number(row.row_id), writers));
}

/** How many changes the filter matches (the viewer's "of 10,017"): one count, no row described. */
export function countChanges(store: Store, filter: Omit<LogFilter, 'limit' | 'offset'>): number {
  const { where, params } = changeWhere(filter, new Writers(store));
  return Number(store.db.get(`SELECT COUNT(*) AS n FROM facts f WHERE ${where}`, params)?.n ?? 0);
}

function changeWhere(filter: Omit<LogFilter, 'limit'>, writers: Writers): { where: string; params: SqlValue[] } {
  const { where, params } = filterClause({ scopes: filter.scopes, kind: filter.kind, since: filter.since, state: 'all' });
  const parts = [REAL_VERSION, where];
  if (filter.id) parts.push('AND f.id = ?'), params.push(filter.id);
  if (filter.host) parts.push('AND f.host = ?'), params.push(filter.host);
  if (filter.by) {
    const by = writers.clause(filter.by, filter.localHost ?? '');
    parts.push(`AND ${by.sql}`), params.push(...by.params);
  }
  return { where: parts.join(' '), params };
}

function describe(store: Store, row: Fact, rowid: number, writers: Writers): Change {
  const prevRow = store.db.get(PREVIOUS, [row.id, row.version, row.version, row.created_at, row.created_at, row.host]);
  const before = prevRow ? toFact(prevRow) : undefined;
  const { action, summary, whole, restores } = whatChanged(store, before, row);
  return { at: row.created_at, host: row.host, id: row.id, version: row.version, action, via: writers.of(row, rowid, before), summary, whole, restores, kind: row.kind, scope: row.scope, before, after: row };
}

function whatChanged(store: Store, before: Fact | undefined, row: Fact): WhatChanged {
  const said = (say: (limit: number) => string) => ({ summary: say(SHORT), whole: say(Infinity) });
  if (!before) return { action: 'add', ...said((n) => quoteText(row.text, n)) };
  if (before.state !== row.state) {
    if (row.state === 'forgotten') return { action: 'forget', ...said((n) => withReason(quoteText(row.text, n), row)) };
    if (row.state === 'superseded') return { action: 'supersede', ...said((n) => withReason(quoteText(row.text, n), row)) };
  }
  // A version equal to an earlier one (not the one just before) is a revert or an undo.
  const earlier = store.versions(row.id).filter((v) => v.version < before.version || (v.version === before.version && rowKey(v) !== rowKey(before)));
  const restored = earlier.reverse().find((v) => rowKey(v) !== rowKey(row) && sameContent(v, row));
  const partsOf = (n: number) => {
    const parts: string[] = [];
    if (before.text !== row.text) parts.push(textChange(before.text, row.text, n));
    if (before.kind !== row.kind) parts.push(`kind ${before.kind} → ${row.kind}`);
    if (before.scope !== row.scope) parts.push(`scope ${before.scope} → ${row.scope}`);
    if (before.state !== row.state) parts.push(`${before.state} → ${row.state}`);
    if (before.translation !== row.translation && parts.length === 0) parts.push(`translation ${quoteText(row.translation || '(none)', n)}`);
    return parts;
  };
  const changed = partsOf(SHORT).length > 0;
  const say = (n: number) => `${restored ? `to v${restored.version}: ` : ''}${partsOf(n).join('; ') || quoteText(row.text, n)}`;
  if (restored) return { action: 'revert', ...said(say), restores: restored.version };
  if (before.state !== 'active' && row.state === 'active') return { action: 'revive', ...said(say) };
  if (before.text === row.text && before.kind === row.kind && before.scope === row.scope && before.translation !== row.translation) {
    return { action: 'translate', ...said(say) };
  }
  return { action: changed ? 'edit' : 'rewrite', ...said(say) };
}

function withReason(text: string, row: Fact): string {
  return row.quote && /\((dream|undo)|^undo of|merged into|superseded by|split into/.test(row.quote) ? `${text} — ${row.quote}` : text;
}

/** Old → new text; texts longer than `limit` show the part that changed (common words at both ends left out). */
function textChange(old: string, now: string, limit: number): string {
  const a = old.replace(/\s+/g, ' ').trim().split(' ');
  const b = now.replace(/\s+/g, ' ').trim().split(' ');
  if (a.join(' ').length <= limit && b.join(' ').length <= limit) return `${quoteText(old, limit)} → ${quoteText(now, limit)}`;
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  // Keep two words of context on each side of the change.
  const from = Math.max(0, head - 2);
  const cut = (words: string[]) => {
    const to = Math.min(words.length, words.length - tail + 2);
    return `${from > 0 ? '…' : ''}${words.slice(from, to).join(' ')}${to < words.length ? '…' : ''}`;
  };
  return `${quoteText(cut(a), limit)} → ${quoteText(cut(b), limit)}`;
}

const SHORT = 60;
function quoteText(text: string, limit: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return `"${flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat}"`;
}

/** A change as JSON: the fact's text and state after it instead of both whole rows. */
export function plainChange(change: Change) {
  const { before: _before, after, whole: _whole, ...rest } = change;
  return { ...rest, text: after.text, state: after.state };
}

/** A change as the viewer gets it: with its summary's texts whole (`whole`), which `log --json` leaves out. */
export function viewerChange(change: Change) {
  return { ...plainChange(change), whole: change.whole };
}

/** One line of `memcue log`: when, where, which fact and version, what, by what. */
export function changeLine(c: Change): string {
  const when = `${c.at.slice(0, 10)} ${c.at.slice(11, 19)}`;
  const via = c.via ? ` (${c.via})` : '';
  // Host and texts come from rows another machine or an old memcue wrote: their controls are shown, not run.
  return visible(`${when} ${c.host} ${c.id} v${c.version} ${c.action}${via} ${c.summary}`);
}
