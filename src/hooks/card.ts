// The session-start card: the instruction, the global rules, and the current repository's rules and
// decisions. Agents cut hook output past a limit (budget.ts), so the card never exceeds its budget:
// when it would, it keeps the most recent entries and ends with one line saying how many were left
// out and which command lists them.
import type { Row } from '../sqlite/sqlite.js';
import type { Store } from '../store/store.js';
import { oneLine } from '../format.js';
import { DEFAULT_BUDGET, measure, type CardBudget } from './budget.js';
import { INSTRUCTION } from './instruction.js';
import { memoryLine, type MemoryShape } from './memory-line.js';
import { groups, RECENT_READ, type CardEntry } from './card-groups.js';

export { groups, RECENT_READ, type CardEntry };

export const CARD_LIMIT = DEFAULT_BUDGET.max;
/** Room kept for the "N more left out" line (its real size is checked after rendering). */
const FOOTER_RESERVE = 160;
const ID_SHOWN = 8; // a unique prefix for `memcue edit/forget/show`; 32^8 ids


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

/** Current active facts of one scope and kind, newest first, through facts_by_scope_kind. */
const GROUP = `SELECT f.id, f.kind, f.scope, f.text, f.created_at FROM facts f INDEXED BY facts_by_scope_kind
  JOIN heads h ON h.id = f.id AND h.fact_row = f.rowid
  WHERE f.scope = ? AND f.kind = ? AND f.state = 'active'`;

/** Global rules and this repo's rules and decisions, newest first. */
export function loadCardEntries(store: Store, repoId: string | undefined): { global: CardEntry[]; repo: CardEntry[]; total: number } {
  let total = 0;
  const byId = new Map<string, Row>();
  for (const [scope, kind] of groups(repoId)) {
    total += Number(store.db.get(`SELECT count(*) AS n FROM (${GROUP})`, [scope, kind])?.n ?? 0);
    // The newest RECENT_READ of each group contain the newest RECENT_READ of all of them.
    for (const row of store.db.all(`${GROUP} ORDER BY f.created_at DESC LIMIT ${RECENT_READ}`, [scope, kind])) byId.set(String(row.id), row);
  }
  const rows = [...byId.values()].sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)) || String(a.id).localeCompare(String(b.id)));
  const entries = rows.map((r) => ({
    id: String(r.id),
    kind: String(r.kind),
    scope: String(r.scope),
    text: String(r.text),
    created_at: String(r.created_at),
  }));
  return { global: entries.filter((e) => e.scope === 'global'), repo: entries.filter((e) => e.scope !== 'global'), total };
}

export interface ComposeOptions {
  /** The agent's budget (budget.ts); `limit` alone means that many characters. */
  budget?: CardBudget;
  limit?: number;
  /** Counts all candidates when only some were read (see RECENT_READ). */
  total?: number;
  /** A line put right after the instruction (e.g. how to run memcue when it is not on PATH). */
  note?: string;
  /** How many facts the memory holds and in which languages (memory-line.ts); without it, the old empty-card line. */
  memory?: MemoryShape;
}

/** Lays out the card within its budget. Entries come newest first. */
export function composeCard(repoId: string | undefined, global: CardEntry[], repo: CardEntry[], options: ComposeOptions = {}): Card {
  const budget = options.budget ?? { ...DEFAULT_BUDGET, max: options.limit ?? CARD_LIMIT };
  const size = (text: string) => measure(budget, text);
  const all = [...global, ...repo];
  const candidates = Math.max(options.total ?? 0, all.length);
  const kept = new Set<CardEntry>();
  const layout = (leftOut: number) =>
    render(repoId, global.filter((e) => kept.has(e)), repo.filter((e) => kept.has(e)), leftOut, options.note, options.memory);
  let room = budget.max - size(layout(0).text) - headerSize(repoId, size) - FOOTER_RESERVE;
  const shortest = 2 + ID_SHOWN + 14; // "- " + a one-character text + " [id date]\n"
  for (const entry of all) {
    if (room < shortest) break;
    const cost = size(entryLine(entry, repoId !== undefined));
    if (cost > room) continue; // a long fact must not push out several short ones
    kept.add(entry);
    room -= cost;
  }
  let card = layout(candidates - kept.size);
  // The reserve covers any realistic footer; should rendering still overshoot, drop the oldest.
  const priority = all.filter((e) => kept.has(e));
  while (size(card.text) > budget.max && priority.length > 0) {
    kept.delete(priority.pop()!);
    card = layout(candidates - kept.size);
  }
  return card;
}

function globalHeader(): string {
  return '\n## Global rules\n';
}

function repoHeader(repoId: string): string {
  return `\n## Rules and decisions of ${repoId}\n`;
}

/** Both section headers; the empty card's "(none recorded yet)" is already in the base size. */
function headerSize(repoId: string | undefined, size: (text: string) => number): number {
  return size(globalHeader()) + (repoId ? size(repoHeader(repoId)) : 0);
}

function entryLine(entry: CardEntry, showKind: boolean): string {
  const kind = showKind && entry.scope !== 'global' ? `${entry.kind}: ` : '';
  return `- ${kind}${oneLine(entry.text)} [${entry.id.slice(0, ID_SHOWN)} ${entry.created_at.slice(0, 10)}]\n`;
}

function render(repoId: string | undefined, global: CardEntry[], repo: CardEntry[], leftOut: number, note?: string, memory?: MemoryShape): Card {
  let text = note ? `${INSTRUCTION}\n${note}\n` : INSTRUCTION;
  if (memory) text += `\n${memoryLine(memory)}\n`;
  if (global.length) text += globalHeader() + global.map((e) => entryLine(e, false)).join('');
  if (repo.length && repoId) text += repoHeader(repoId) + repo.map((e) => entryLine(e, true)).join('');
  if (!memory && !global.length && !repo.length && leftOut === 0) text += '\n(none recorded yet)\n';
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
