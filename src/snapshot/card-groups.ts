// What the card is made of, apart from how it is read: its groups, the entry shape and how many of
// each group's newest facts are read. Kept apart from hooks/card.ts (which reads the store), in the
// search file's room, which lays the same groups out.

export interface CardEntry {
  id: string;
  kind: string;
  scope: string;
  text: string;
  created_at: string;
}

/** What a card is made of: the newest candidates of each side and how many each side has in all. */
export interface CardCandidates {
  global: CardEntry[];
  repo: CardEntry[];
  /** All candidates, and of them this repository's (only the newest RECENT_READ of a group are read). */
  total: number;
  repoTotal: number;
}

/**
 * At most this many of the newest candidates of each group are read: even one-character facts (the
 * shortest line, 24 characters) fill the card before that. Reading only these (through the
 * facts_by_scope_kind index) keeps a card for a big memory cheap. A card made from every candidate
 * could differ only by an older short fact put in the room a long one left.
 */
export const RECENT_READ = 400;

/** The card's candidate groups: global rules, and this repo's rules and decisions. */
export function groups(repoId: string | undefined): [string, string][] {
  const repo = repoId ? `repo:${repoId}` : undefined;
  return [['global', 'rule'], ...(repo ? ([[repo, 'rule'], [repo, 'decision']] as [string, string][]) : [])];
}
