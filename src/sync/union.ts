// Union of fact-version rows: the one operation sync is built on. Rows are never updated, so adding
// the rows a copy lacks is the whole merge; the current version of each fact follows from its rows.
import type { Fact } from '../facts/facts.js';
import { rebuildDerived, type Store } from '../store/store.js';

/** Beyond this many touched facts one full rebuild of heads + index is cheaper than per-fact refreshes. */
const REBUILD_ALL_ABOVE = 5000;

/** The key of a version row: the same key on two machines is the same row. */
export function rowKey(row: Pick<Fact, 'id' | 'version' | 'created_at' | 'host'>): string {
  return `${row.id}\u0000${row.version}\u0000${row.created_at}\u0000${row.host}`;
}

export interface UnionResult {
  /** Version rows that were new here. */
  added: number;
  /** Facts whose set of versions changed (their head and index entry were refreshed). */
  facts: number;
  /** Facts already here whose kind or scope another host changed (what the card shows where). */
  changed: HeadChange[];
}

/** A fact's kind or scope changed by a row from another host: named in the sync summary, as a forged
 * row (same id, higher version, kind rule) could otherwise put a "global rule" on every card unseen. */
export interface HeadChange {
  id: string;
  host: string;
  from: { kind: string; scope: string };
  to: { kind: string; scope: string };
}

const HEAD = 'SELECT f.kind, f.scope, f.host FROM heads h JOIN facts f ON f.rowid = h.fact_row WHERE h.id = ?';

/**
 * Adds the rows `store` lacks, then refreshes the head and index of the facts it touched only.
 * Call inside `store.write` so the whole union lands or none of it.
 */
export function unionRows(store: Store, rows: Iterable<Fact>, localHost?: string): UnionResult {
  const touched = new Set<string>();
  const before = new Map<string, { kind: string; scope: string }>();
  let added = 0;
  for (const row of rows) {
    if (store.hasRow(row)) continue;
    if (localHost !== undefined && !touched.has(row.id)) {
      const head = store.db.get(HEAD, [row.id]);
      if (head) before.set(row.id, { kind: String(head.kind), scope: String(head.scope) });
    }
    store.insertVersionOnly(row);
    touched.add(row.id);
    added++;
  }
  if (touched.size > REBUILD_ALL_ABOVE) rebuildDerived(store.db);
  else for (const id of touched) store.refreshHead(id);
  const changed: HeadChange[] = [];
  for (const [id, from] of before) {
    const head = store.db.get(HEAD, [id])!;
    const to = { kind: String(head.kind), scope: String(head.scope) };
    if (head.host !== localHost && (to.kind !== from.kind || to.scope !== from.scope)) changed.push({ id, host: String(head.host), from, to });
  }
  return { added, facts: touched.size, changed };
}
