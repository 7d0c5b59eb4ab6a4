// `memcue log`: what changed, newest first. Every version row is one change; what it did follows from
// the row before it (text, kind, scope, state, translation), and which batch wrote it from the
// batches recorded on this machine (dream, migrate, their undo). Rows written on another machine
// arrive by sync (or import) and keep their host, so the log shows where they were made.
import { rowKey, type BatchKind } from '../dream/records.js';
import { appliedBatches } from '../dream/undo.js';
import { COLUMNS, sameContent, type Fact } from '../facts/facts.js';
import { filterClause, REAL_VERSION, toFact, type ListFilter, type Store } from '../store/store.js';
import { visible } from '../facts/validate.js';

export type Action = 'add' | 'edit' | 'forget' | 'supersede' | 'revive' | 'translate' | 'revert' | 'rewrite';

export interface Change {
  at: string;
  host: string;
  id: string;
  version: number;
  action: Action;
  /** What wrote it, when known: `dream <batch>`, `migrate <batch>`, `undo dream <batch>`, `dream`, `split`, `migrate`. */
  via: string;
  /** Old → new, in a few words. */
  summary: string;
  /** For `revert`: the version it restored. */
  restores?: number;
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
}

export function recentChanges(store: Store, filter: LogFilter): Change[] {
  const { where, params } = filterClause({ scopes: filter.scopes, kind: filter.kind, since: filter.since, state: 'all' });
  const extra: string[] = [];
  if (filter.id) extra.push('AND f.id = ?'), params.push(filter.id);
  if (filter.host) extra.push('AND f.host = ?'), params.push(filter.host);
  const rows = store.db
    .all(`SELECT ${SELECT} FROM facts f WHERE ${REAL_VERSION} ${where} ${extra.join(' ')} ORDER BY f.created_at DESC, f.id, f.version DESC LIMIT ? OFFSET ?`, [...params, filter.limit, filter.offset ?? 0])
    .map(toFact);
  const writers = batchWriters(store);
  return rows.map((row) => describe(store, row, writers));
}

/** Row (fact id + row key) → what wrote it, from the batches applied and undone on this machine. */
function batchWriters(store: Store): Map<string, string> {
  const writers = new Map<string, string>();
  for (const { kind, batch, record } of appliedBatches(store)) {
    for (const f of record.facts) writers.set(`${f.id} ${f.after}`, `${kind} ${batch}`);
    for (const f of record.undo_rows ?? []) writers.set(`${f.id} ${f.after}`, `undo ${kind} ${batch}`);
  }
  return writers;
}

function describe(store: Store, row: Fact, writers: Map<string, string>): Change {
  const prevRow = store.db.get(PREVIOUS, [row.id, row.version, row.version, row.created_at, row.created_at, row.host]);
  const before = prevRow ? toFact(prevRow) : undefined;
  const { action, summary, restores } = whatChanged(store, before, row);
  const via = writers.get(`${row.id} ${rowKey(row)}`) ?? guessedWriter(before, row);
  return { at: row.created_at, host: row.host, id: row.id, version: row.version, action, via, summary, restores, kind: row.kind, scope: row.scope, before, after: row };
}

/** Rows written by dream or migrate on another machine (or before batches were recorded) say so in their fields. */
function guessedWriter(before: Fact | undefined, row: Fact): string {
  if (!before && row.source.startsWith('migrate:')) return 'migrate' satisfies BatchKind;
  if (!before && row.source.startsWith('split:')) return 'dream';
  if (before && row.quote !== before.quote && /\(dream\)/.test(row.quote)) return 'dream';
  return '';
}

function whatChanged(store: Store, before: Fact | undefined, row: Fact): { action: Action; summary: string; restores?: number } {
  if (!before) return { action: 'add', summary: quoteText(row.text) };
  if (before.state !== row.state) {
    if (row.state === 'forgotten') return { action: 'forget', summary: withReason(quoteText(row.text), row) };
    if (row.state === 'superseded') return { action: 'supersede', summary: withReason(quoteText(row.text), row) };
  }
  // A version equal to an earlier one (not the one just before) is a revert or an undo.
  const earlier = store.versions(row.id).filter((v) => v.version < before.version || (v.version === before.version && rowKey(v) !== rowKey(before)));
  const restored = earlier.reverse().find((v) => rowKey(v) !== rowKey(row) && sameContent(v, row));
  const parts: string[] = [];
  if (before.text !== row.text) parts.push(textChange(before.text, row.text));
  if (before.kind !== row.kind) parts.push(`kind ${before.kind} → ${row.kind}`);
  if (before.scope !== row.scope) parts.push(`scope ${before.scope} → ${row.scope}`);
  if (before.state !== row.state) parts.push(`${before.state} → ${row.state}`);
  if (before.translation !== row.translation && parts.length === 0) parts.push(`translation ${quoteText(row.translation || '(none)')}`);
  const summary = parts.join('; ') || quoteText(row.text);
  if (restored) return { action: 'revert', summary: `to v${restored.version}: ${summary}`, restores: restored.version };
  if (before.state !== 'active' && row.state === 'active') return { action: 'revive', summary };
  if (before.text === row.text && before.kind === row.kind && before.scope === row.scope && before.translation !== row.translation) {
    return { action: 'translate', summary };
  }
  return { action: parts.length ? 'edit' : 'rewrite', summary };
}

function withReason(text: string, row: Fact): string {
  return row.quote && /\((dream|undo)|^undo of|merged into|superseded by|split into/.test(row.quote) ? `${text} — ${row.quote}` : text;
}

/** Old → new text; long texts show the part that changed (common words at both ends left out). */
function textChange(old: string, now: string): string {
  const a = old.replace(/\s+/g, ' ').trim().split(' ');
  const b = now.replace(/\s+/g, ' ').trim().split(' ');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  if (a.join(' ').length <= SHORT && b.join(' ').length <= SHORT) return `${quoteText(old)} → ${quoteText(now)}`;
  // Keep two words of context on each side of the change.
  const from = Math.max(0, head - 2);
  const cut = (words: string[]) => {
    const to = Math.min(words.length, words.length - tail + 2);
    return `${from > 0 ? '…' : ''}${words.slice(from, to).join(' ')}${to < words.length ? '…' : ''}`;
  };
  return `${quoteText(cut(a))} → ${quoteText(cut(b))}`;
}

const SHORT = 60;
function quoteText(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return `"${flat.length > SHORT ? `${flat.slice(0, SHORT - 1)}…` : flat}"`;
}

/** A change as JSON: the fact's text and state after it instead of both whole rows. */
export function plainChange(change: Change) {
  const { before: _before, after, ...rest } = change;
  return { ...rest, text: after.text, state: after.state };
}

/** One line of `memcue log`: when, where, which fact and version, what, by what. */
export function changeLine(c: Change): string {
  const when = `${c.at.slice(0, 10)} ${c.at.slice(11, 19)}`;
  const via = c.via ? ` (${c.via})` : '';
  // Host and texts come from rows another machine or an old memcue wrote: their controls are shown, not run.
  return visible(`${when} ${c.host} ${c.id} v${c.version} ${c.action}${via} ${c.summary}`);
}
