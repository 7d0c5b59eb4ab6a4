// Undo of an applied dream or migrate batch. When a batch is applied, the rows it wrote are recorded
// locally (in `settings`, never synced: a batch is undone on the machine that applied it); undo then
// writes, for every fact the batch touched, a new version equal to the one before the batch (a fact
// the batch created is forgotten). Nothing is deleted.
import { MemcueError } from '../errors.js';
import { contentOf, sameContent, type Fact } from '../facts/facts.js';
import type { Store } from '../store/store.js';
import { rowKey, type BatchKind } from './records.js';

export interface AppliedFact {
  id: string;
  /** The version row before the batch; null for a fact the batch created. */
  before: string | null;
  /** The version row the batch left as current. */
  after: string;
}

export interface AppliedBatch {
  applied_at: string;
  host: string;
  facts: AppliedFact[];
  /** Migrate: the content hashes of the notes the batch marked as migrated. */
  notes?: string[];
  /** Set once every fact is back; an undo that skipped facts changed since leaves it unset. */
  undone_at?: string;
  /** Facts an earlier undo already took back (or found as before): a later `--force` skips them. */
  undone_ids?: string[];
  /** The rows the undo wrote, so `memcue log` can name them. */
  undo_rows?: AppliedFact[];
}

export interface UndoReport {
  kind: BatchKind;
  batch: string;
  reverted: string[];
  /** Facts changed after the batch by something else: left alone unless forced. */
  changed_since: string[];
  /** Facts already as they were before the batch. */
  unchanged: string[];
  notes_unmarked: number;
}

const key = (kind: BatchKind, batch: string) => `${kind}:applied:${batch}`;

/**
 * Records what a batch wrote; call after its writes, inside the same transaction. `before` holds the
 * current row of every fact the batch changed, as it was before (facts it created are absent).
 */
export function recordApplied(store: Store, kind: BatchKind, batch: string, ids: Iterable<string>, before: Map<string, Fact>, host: string, notes?: string[]): void {
  const facts = [...new Set(ids)].map((id) => {
    const was = before.get(id);
    return { id, before: was ? rowKey(was) : null, after: rowKey(store.current(id)) };
  });
  const record: AppliedBatch = { applied_at: new Date().toISOString(), host, facts, ...(notes ? { notes } : {}) };
  store.db.run('INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)', [key(kind, batch), JSON.stringify(record)]);
}

/** Every applied batch of this machine, newest first (for `memcue log` and error hints). */
export function appliedBatches(store: Store): { kind: BatchKind; batch: string; record: AppliedBatch }[] {
  return store.db
    .all("SELECT key, value FROM settings WHERE key LIKE 'dream:applied:%' OR key LIKE 'migrate:applied:%'")
    .map((r) => {
      const [kind, , batch] = String(r.key).split(':') as [BatchKind, string, string];
      return { kind, batch, record: JSON.parse(String(r.value)) as AppliedBatch };
    })
    .sort((a, b) => (a.record.applied_at < b.record.applied_at ? 1 : -1));
}

/** Undoes an applied batch; the caller runs it inside `store.write`. */
export function undoBatch(store: Store, kind: BatchKind, batch: string, opts: { force?: boolean; host: string }): UndoReport {
  const row = store.db.get('SELECT value FROM settings WHERE key = ?', [key(kind, batch)]);
  if (!row) {
    const known = appliedBatches(store).filter((b) => b.kind === kind && !b.record.undone_at).slice(0, 5).map((b) => b.batch);
    throw new MemcueError(
      'NOT_FOUND',
      `no applied ${kind} batch "${batch}" on this machine`,
      known.length ? `applied ${kind} batches here, newest first: ${known.join(', ')}` : `\`memcue log\` shows what ${kind} changed`,
    );
  }
  const record = JSON.parse(String(row.value)) as AppliedBatch;
  if (record.undone_at) throw new MemcueError('USAGE', `${kind} batch ${batch} was undone already (${record.undone_at})`, 'nothing was changed');
  const report: UndoReport = { kind, batch, reverted: [], changed_since: [], unchanged: [], notes_unmarked: 0 };
  const undoRows: AppliedFact[] = [];
  const done = new Set(record.undone_ids);
  for (const touched of record.facts) {
    if (done.has(touched.id)) continue;
    const versions = store.versions(touched.id);
    const current = store.current(touched.id);
    if (rowKey(current) !== touched.after && !opts.force) {
      report.changed_since.push(touched.id);
      continue;
    }
    const before = touched.before === null ? undefined : versions.find((v) => rowKey(v) === touched.before);
    let written: Fact | undefined;
    if (before) {
      written = sameContent(current, before) ? undefined : store.appendVersion(before.id, contentOf(before), opts.host);
    } else if (current.state !== 'forgotten') {
      written = store.appendVersion(touched.id, { state: 'forgotten', quote: `undo of ${kind} batch ${batch}` }, opts.host);
    }
    done.add(touched.id);
    if (!written) {
      report.unchanged.push(touched.id);
      continue;
    }
    report.reverted.push(touched.id);
    undoRows.push({ id: touched.id, before: rowKey(current), after: rowKey(written) });
  }
  // Migrated notes are offered again by `memcue migrate`: their facts are gone from the memory.
  for (const hash of record.notes ?? []) {
    report.notes_unmarked += store.db.get('SELECT 1 AS x FROM migrated_notes WHERE hash = ?', [hash]) ? 1 : 0;
    store.db.run('DELETE FROM migrated_notes WHERE hash = ?', [hash]);
  }
  // Facts skipped as changed since stay to do: the batch is undone only when none is left.
  const updated: AppliedBatch = {
    ...record,
    ...(report.changed_since.length ? {} : { undone_at: new Date().toISOString() }),
    undone_ids: [...done],
    undo_rows: [...(record.undo_rows ?? []), ...undoRows],
  };
  store.db.run('UPDATE settings SET value = ? WHERE key = ?', [JSON.stringify(updated), key(kind, batch)]);
  return report;
}

export function undoLine(r: UndoReport): string {
  const lines = [`undid ${r.kind} batch ${r.batch}: ${r.reverted.length} fact${r.reverted.length === 1 ? '' : 's'} reverted`];
  if (r.unchanged.length) lines[0] += `, ${r.unchanged.length} already as before`;
  if (r.notes_unmarked) lines[0] += `; ${r.notes_unmarked} note${r.notes_unmarked === 1 ? '' : 's'} will be offered again by \`memcue migrate\``;
  if (r.changed_since.length) {
    lines.push(
      `skipped ${r.changed_since.length} fact${r.changed_since.length === 1 ? '' : 's'} changed since the batch by something else: ${r.changed_since.join(', ')} (\`memcue show ID\` shows its history; --force reverts them too)`,
    );
  }
  return `${lines.join('\n')}\n`;
}
