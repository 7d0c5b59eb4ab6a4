// The session-start card's candidates from the search file, so a card after a write needs no SQLite
// either: the same groups (global rules, this repo's rules and decisions), the newest RECENT_READ of
// each, newest first, as loadCardEntries (hooks/card.ts) reads them from the database.
import { groups, RECENT_READ, type CardEntry } from '../hooks/card.js';
import { KINDS } from '../store/schema.js';
import { readDoc } from './format.js';
import { createdKey, type LiveIndex } from './pool.js';

interface Candidate {
  id: string;
  kind: string;
  scope: string;
  text: string;
  created_at: string;
}

export function liveCardEntries(live: LiveIndex, repoId: string | undefined): { global: CardEntry[]; repo: CardEntry[]; total: number } {
  const { data } = live;
  const wanted = groups(repoId);
  const groupOf = (scope: string, kind: string) => wanted.findIndex(([s, k]) => s === scope && k === kind);
  const created = createdKey(live);
  // File docs are told apart by codes alone; only the chosen ones are decoded.
  const perGroup: { created: number; read: () => Candidate }[][] = wanted.map(() => []);
  for (let d = 0; d < data.header.docs; d++) {
    if (live.removed.has(d)) continue;
    const g = groupOf(data.header.scopes[data.scope[d]!]!, KINDS[data.kind[d]!]!);
    if (g >= 0) perGroup[g]!.push({ created: created.base(d), read: () => readDoc(data, d).fact });
  }
  for (const doc of live.added) {
    const g = groupOf(doc.fact.scope, doc.fact.kind);
    if (g >= 0) perGroup[g]!.push({ created: created.added(doc), read: () => doc.fact });
  }
  const byId = new Map<string, Candidate>();
  for (const list of perGroup) {
    list.sort((a, b) => b.created - a.created);
    // The newest of each group, as loadCardEntries reads them: only these are decoded.
    for (const entry of list.slice(0, RECENT_READ)) {
      const fact = entry.read();
      byId.set(fact.id, fact);
    }
  }
  const total = perGroup.reduce((n, list) => n + list.length, 0);
  const rows = [...byId.values()].sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id));
  const entries = rows.map((r) => ({ id: r.id, kind: r.kind, scope: r.scope, text: r.text, created_at: r.created_at }));
  return { global: entries.filter((e) => e.scope === 'global'), repo: entries.filter((e) => e.scope !== 'global'), total };
}
