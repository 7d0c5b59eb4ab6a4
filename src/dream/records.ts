// Local bookkeeping of the prepare → decide → apply protocol, kept in the `settings` table (local,
// never synced): which facts or notes each prepared batch offered, so an answer can only touch what
// the model was shown, and which facts the model already reviewed, so the next batch moves on.
import { createHash } from 'node:crypto';
import type { Database } from '../sqlite/sqlite.js';
import type { Fact } from '../facts/facts.js';

export type BatchKind = 'dream' | 'migrate';

/** Prepared batches not applied are kept for a while (an agent may prepare twice), then dropped. */
const KEEP_BATCHES = 20;

/** A batch id is a hash of what it offers: the same database prepares the same batch. */
export function batchId(parts: readonly string[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 12);
}

/** Identifies one version row of a fact (two hosts may both write version N). */
export function rowKey(fact: Pick<Fact, 'version' | 'created_at' | 'host'>): string {
  return `${fact.version} ${fact.created_at} ${fact.host}`;
}

export function saveBatch(db: Database, kind: BatchKind, id: string, record: object): void {
  const value = JSON.stringify({ saved_at: new Date().toISOString(), ...record });
  db.run('INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)', [`${kind}:batch:${id}`, value]);
  const saved = db
    .all('SELECT key, value FROM settings WHERE key LIKE ?', [`${kind}:batch:%`])
    .map((r) => ({ key: String(r.key), at: String((JSON.parse(String(r.value)) as { saved_at: string }).saved_at) }))
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  for (const old of saved.slice(KEEP_BATCHES)) db.run('DELETE FROM settings WHERE key = ?', [old.key]);
}

export function loadBatch<T>(db: Database, kind: BatchKind, id: string): T | undefined {
  const row = db.get('SELECT value FROM settings WHERE key = ?', [`${kind}:batch:${id}`]);
  return row ? (JSON.parse(String(row.value)) as T) : undefined;
}

export function dropBatch(db: Database, kind: BatchKind, id: string): void {
  db.run('DELETE FROM settings WHERE key = ?', [`${kind}:batch:${id}`]);
}

export function settle(db: Database, fact: Fact): void {
  db.run('INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)', [`dream:settled:${fact.id}`, rowKey(fact)]);
}

/** Whether the model reviewed this fact as it is now (one lookup: the marks are never all loaded). */
export function isReviewed(db: Database, fact: Fact): boolean {
  return db.get('SELECT value FROM settings WHERE key = ?', [`dream:settled:${fact.id}`])?.value === rowKey(fact);
}
