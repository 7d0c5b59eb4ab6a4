// Two machines that edit the same fact between syncs both write its next version; the union keeps
// both rows and the later write becomes current. Sync says so, one line per fact, so nobody is
// surprised by which text won (the other stays in `memcue show ID`).
import type { Fact } from '../facts/facts.js';
import type { Store } from '../store/store.js';

/** What a reader of the fact sees: rivals alike in all of these need no line. */
const SAYS = ['text', 'translation', 'kind', 'scope', 'quote', 'state'] as const;

export interface ConcurrentEdit {
  id: string;
  version: number;
  /** The hosts that wrote that version, the kept one last. */
  hosts: string[];
  kept: Fact;
  /** Whether the kept row is strictly later than its rivals (otherwise the host name decided). */
  later: boolean;
}

/** Facts where `received` brought a rival of the current version (same number, another row). */
export function concurrentEdits(store: Store, received: Fact[]): ConcurrentEdit[] {
  const arrived = new Set(received.map((r) => `${r.id}\u0000${r.version}`));
  const edits: ConcurrentEdit[] = [];
  for (const id of new Set(received.map((r) => r.id))) {
    const versions = store.versions(id);
    const top = Math.max(...versions.map((v) => v.version));
    const rivals = versions.filter((v) => v.version === top);
    if (rivals.length < 2 || !arrived.has(`${id}\u0000${top}`)) continue;
    // The same order as the store's current version: created_at, then host.
    rivals.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.host.localeCompare(b.host));
    const kept = rivals[rivals.length - 1]!;
    // Rivals that all say what the kept one says (one line imported on two machines: it names one
    // fact, import.ts) surprise nobody, whichever is kept.
    if (rivals.every((r) => SAYS.every((field) => r[field] === kept[field]))) continue;
    edits.push({ id, version: top, hosts: rivals.map((r) => r.host), kept, later: rivals[rivals.length - 2]!.created_at < kept.created_at });
  }
  return edits;
}
