// The session-start card: the instruction, the global rules, and the current repository's rules and
// decisions. Agents cap hook output at 10,000 characters and replace the rest with a short preview,
// so the card never exceeds CARD_LIMIT: when it would, it keeps the most used and the most recent
// entries and ends with one line saying how many were left out and which command lists them.
import type { Store } from '../store/store.js';
import { oneLine } from '../commands/format.js';
import { INSTRUCTION } from './instruction.js';

export const CARD_LIMIT = 9000;
/** Room kept for the "N more left out" line (its real length is checked after rendering). */
const FOOTER_RESERVE = 160;
const ID_SHOWN = 8; // a unique prefix for `memcue edit/forget/show`; 32^8 ids

export interface CardEntry {
  id: string;
  kind: string;
  scope: string;
  text: string;
  created_at: string;
  /** How often `memcue search` returned it on this machine (fact_usage; 0 when never). */
  hits: number;
}

export interface Card {
  /** The repository the card was made for, or null outside one. */
  repo: string | null;
  global: CardEntry[];
  repo_facts: CardEntry[];
  left_out: number;
  /** Commands that list everything, shown when entries were left out. */
  more: string[];
  text: string;
}

/** Global rules and this repo's rules and decisions, newest first, with their usage counts. */
export function loadCardEntries(store: Store, repoId: string | undefined): { global: CardEntry[]; repo: CardEntry[] } {
  const rows = store.db.all(
    `SELECT f.id, f.kind, f.scope, f.text, f.created_at, coalesce(u.hits, 0) AS hits
     FROM heads h JOIN facts f ON f.rowid = h.fact_row LEFT JOIN fact_usage u ON u.id = f.id
     WHERE f.state = 'active' AND ((f.scope = 'global' AND f.kind = 'rule') OR (f.scope = ? AND f.kind IN ('rule', 'decision')))
     ORDER BY f.created_at DESC, f.id`,
    [repoId ? `repo:${repoId}` : ''],
  );
  const entries = rows.map((r) => ({
    id: String(r.id),
    kind: String(r.kind),
    scope: String(r.scope),
    text: String(r.text),
    created_at: String(r.created_at),
    hits: Number(r.hits),
  }));
  return { global: entries.filter((e) => e.scope === 'global'), repo: entries.filter((e) => e.scope !== 'global') };
}

/** Lays out the card within `limit` characters. Entries come newest first. */
export function composeCard(repoId: string | undefined, global: CardEntry[], repo: CardEntry[], limit = CARD_LIMIT): Card {
  const all = [...global, ...repo];
  const kept = new Set<CardEntry>();
  let budget = limit - INSTRUCTION.length - headerLength(repoId) - FOOTER_RESERVE;
  const shortest = 2 + ID_SHOWN + 14; // "- " + a one-character text + " [id date]\n"
  for (const entry of byPriority(all)) {
    if (budget < shortest) break;
    const cost = entryLine(entry, repoId !== undefined).length;
    if (cost > budget) continue; // a long fact must not push out several short ones
    kept.add(entry);
    budget -= cost;
  }
  let card = render(repoId, global.filter((e) => kept.has(e)), repo.filter((e) => kept.has(e)), all.length - kept.size);
  // The reserve covers any realistic footer; should rendering still overshoot, drop the least wanted.
  const priority = byPriority(all).filter((e) => kept.has(e));
  while (card.text.length > limit && priority.length > 0) {
    kept.delete(priority.pop()!);
    card = render(repoId, global.filter((e) => kept.has(e)), repo.filter((e) => kept.has(e)), all.length - kept.size);
  }
  return card;
}

/**
 * The most used and the most recent, taken in turns: a rule the agent keeps finding stays on the
 * card even when it is old, and a new rule is seen before anyone searched for it.
 */
function byPriority(entries: CardEntry[]): CardEntry[] {
  const used = entries.filter((e) => e.hits > 0).sort((a, b) => b.hits - a.hits || b.created_at.localeCompare(a.created_at));
  const recent = entries; // already newest first
  const out: CardEntry[] = [];
  const seen = new Set<CardEntry>();
  for (let i = 0; i < Math.max(used.length, recent.length); i++) {
    for (const entry of [used[i], recent[i]]) {
      if (entry && !seen.has(entry)) {
        seen.add(entry);
        out.push(entry);
      }
    }
  }
  return out;
}

function globalHeader(): string {
  return '\n## Global rules\n';
}

function repoHeader(repoId: string): string {
  return `\n## Rules and decisions of ${repoId}\n`;
}

function headerLength(repoId: string | undefined): number {
  return globalHeader().length + (repoId ? repoHeader(repoId).length : 0) + '\n(none recorded yet)\n'.length;
}

function entryLine(entry: CardEntry, showKind: boolean): string {
  const kind = showKind && entry.scope !== 'global' ? `${entry.kind}: ` : '';
  return `- ${kind}${oneLine(entry.text)} [${entry.id.slice(0, ID_SHOWN)} ${entry.created_at.slice(0, 10)}]\n`;
}

function render(repoId: string | undefined, global: CardEntry[], repo: CardEntry[], leftOut: number): Card {
  let text = INSTRUCTION;
  if (global.length) text += globalHeader() + global.map((e) => entryLine(e, false)).join('');
  if (repo.length && repoId) text += repoHeader(repoId) + repo.map((e) => entryLine(e, true)).join('');
  if (!global.length && !repo.length && leftOut === 0) text += '\n(none recorded yet)\n';
  const more = leftOut > 0 ? moreCommands(repoId) : [];
  if (leftOut > 0) {
    text += `\n${leftOut} more left out to keep this card short: run ${more.map((c) => `\`${c}\``).join(' and ')} to see them.\n`;
  }
  return { repo: repoId ?? null, global, repo_facts: repo, left_out: leftOut, more, text };
}

/** Inside a repository `memcue list` covers that repository and the global scope. */
function moreCommands(repoId: string | undefined): string[] {
  return repoId ? ['memcue list --kind rule', 'memcue list --kind decision'] : ['memcue list --kind rule --in global'];
}
