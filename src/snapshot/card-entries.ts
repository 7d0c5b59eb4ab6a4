// The session-start card's candidates from the search file, so a card after a write needs no SQLite
// either: the same groups (global rules, this repo's rules and decisions), the newest RECENT_READ of
// each, newest first, as loadCardEntries (hooks/card.ts) reads them from the database. The file keeps
// each group's newest facts in a list of their own, so only those are read.
import { groups, RECENT_READ, type CardCandidates } from './card-groups.js';
import type { Fact } from '../facts/facts.js';
import { KINDS } from '../facts/validate.js';
import { createdOrder, type CreatedKey, type LiveIndex } from './pool.js';

export function liveCardEntries(live: LiveIndex, repoId: string | undefined): CardCandidates {
  const { file } = live;
  const created = createdOrder(live);
  const byId = new Map<string, Fact>();
  let total = 0;
  let repoTotal = 0;
  for (const [scope, kind] of groups(repoId)) {
    const stored = file.group(scope, kind);
    const listed = stored.docs.filter((d) => !live.removed.has(d));
    // Removed facts of the group that its list does not hold still leave the count.
    let removedUnlisted = 0;
    const inList = new Set(stored.docs);
    for (const d of live.removed) {
      if (inList.has(d)) continue;
      const r = file.doc(d);
      if (file.header.scopes[r.scope] === scope && kindName(r.kind) === kind) removedUnlisted++;
    }
    const candidates: { created: CreatedKey; read: () => Fact }[] = listed.map((d) => ({ created: created.base(file.doc(d)), read: () => file.stored(d).fact }));
    const added = live.added.filter((doc) => doc.fact.scope === scope && doc.fact.kind === kind);
    for (const doc of added) candidates.push({ created: created.added(doc), read: () => doc.fact });
    const groupTotal = stored.total - (stored.docs.length - listed.length) - removedUnlisted + added.length;
    total += groupTotal;
    if (scope !== 'global') repoTotal += groupTotal;
    // A list cut short by the build that removals have eaten into: SQLite must read this group.
    if (stored.docs.length < stored.total && listed.length < RECENT_READ) throw new Error('search file: a card group too short');
    candidates.sort((a, b) => created.compare(b.created, a.created));
    // The newest of each group, as loadCardEntries reads them: only these are decoded.
    for (const entry of candidates.slice(0, RECENT_READ)) {
      const fact = entry.read();
      byId.set(fact.id, fact);
    }
  }
  const rows = [...byId.values()].sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id));
  const entries = rows.map((r) => ({ id: r.id, kind: r.kind, scope: r.scope, text: r.text, created_at: r.created_at }));
  return { global: entries.filter((e) => e.scope === 'global'), repo: entries.filter((e) => e.scope !== 'global'), total, repoTotal };
}

function kindName(kind: number): string {
  return KINDS[kind]!;
}
