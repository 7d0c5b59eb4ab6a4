// The session-start card: the instruction, the current repository's rules and decisions, then the
// global rules. Agents cut hook output past a limit (budget.ts), so the card never exceeds its budget:
// when it would, it keeps this repository's newest entries first, then the newest global rules, and
// ends with one line saying how many of each were left out and which commands list them.
import type { Row } from '../sqlite/sqlite.js';
import type { Store } from '../store/store.js';
import { oneLine } from '../format.js';
import { DEFAULT_BUDGET, measure, type CardBudget } from './budget.js';
import { INSTRUCTION } from '../install/instruction.js';
import { memoryLine, type MemoryShape } from './memory-line.js';
import { groups, RECENT_READ, type CardCandidates, type CardEntry } from '../snapshot/card-groups.js';

export { groups, RECENT_READ, type CardCandidates, type CardEntry };

export const CARD_LIMIT = DEFAULT_BUDGET.max;
/**
 * The share of the entries' room this repository's rules and decisions may take before any global
 * rule (issue 33): a memory of 400 global rules once filled the card with them and dropped the repo's
 * own section, which is what the agent working in it needs first. Room either side leaves unused
 * goes to the other.
 */
export const REPO_SHARE = 0.6;
const ID_SHOWN = 8; // a unique prefix for `memcue edit/forget/show`; 32^8 ids

export interface Card {
  /** The repository the card was made for, or null outside one. */
  repo: string | null;
  global: CardEntry[];
  repo_facts: CardEntry[];
  left_out: number;
  /** Of left_out: the global rules and this repository's rules and decisions. */
  left_out_global: number;
  left_out_repo: number;
  /** Commands that list everything, shown when entries were left out. */
  more: string[];
  text: string;
}

/** Current active facts of one scope and kind, newest first, through facts_by_scope_kind. */
const GROUP = `SELECT f.id, f.kind, f.scope, f.text, f.created_at FROM facts f INDEXED BY facts_by_scope_kind
  JOIN heads h ON h.id = f.id AND h.fact_row = f.rowid
  WHERE f.scope = ? AND f.kind = ? AND f.state = 'active'`;

/** Global rules and this repo's rules and decisions, newest first. */
export function loadCardEntries(store: Store, repoId: string | undefined): CardCandidates {
  let total = 0;
  let repoTotal = 0;
  const byId = new Map<string, Row>();
  for (const [scope, kind] of groups(repoId)) {
    const n = Number(store.db.get(`SELECT count(*) AS n FROM (${GROUP})`, [scope, kind])?.n ?? 0);
    total += n;
    if (scope !== 'global') repoTotal += n;
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
  return { global: entries.filter((e) => e.scope === 'global'), repo: entries.filter((e) => e.scope !== 'global'), total, repoTotal };
}

export interface ComposeOptions {
  /** The agent's budget (budget.ts); `limit` alone means that many characters. */
  budget?: CardBudget;
  limit?: number;
  /** Counts all candidates, and of them this repository's, when only some were read (see RECENT_READ). */
  total?: number;
  repoTotal?: number;
  /** A line put right after the instruction (e.g. how to run memcue when it is not on PATH). */
  note?: string;
  /** How many facts the memory holds and in which languages (memory-line.ts); without it, the old empty-card line. */
  memory?: MemoryShape;
}

/**
 * Lays out the card within its budget. Entries come newest first. This repository's rules and
 * decisions are taken first, up to REPO_SHARE of the room; then the global rules, newest first; then
 * more of the repository's in whatever room is left.
 */
export function composeCard(repoId: string | undefined, global: CardEntry[], repo: CardEntry[], options: ComposeOptions = {}): Card {
  const budget = options.budget ?? { ...DEFAULT_BUDGET, max: options.limit ?? CARD_LIMIT };
  const size = (text: string) => measure(budget, text);
  const repoTotal = Math.max(options.repoTotal ?? 0, repo.length);
  const globalTotal = Math.max((options.total ?? 0) - repoTotal, global.length);
  const kept = new Set<CardEntry>();
  const layout = (counted = true) => {
    const g = global.filter((e) => kept.has(e));
    const r = repo.filter((e) => kept.has(e));
    const leftOut = counted ? { global: globalTotal - g.length, repo: repoTotal - r.length } : { global: 0, repo: 0 };
    return render(repoId, g, r, leftOut, options.note, options.memory);
  };
  // The footer is reserved at its largest (every entry left out); its real size is checked below.
  const footer = size(footerLine(repoId, { global: globalTotal, repo: repoTotal }));
  const room = budget.max - size(layout(false).text) - headerSize(repoId, size) - footer;
  const shortest = 2 + ID_SHOWN + 14; // "- " + a one-character text + " [id date]\n"
  let left = room;
  const fill = (entries: CardEntry[], upTo: number) => {
    for (const entry of entries) {
      if (left - upTo < shortest) break;
      if (kept.has(entry)) continue;
      const cost = size(entryLine(entry, repoId !== undefined));
      if (cost > left - upTo) continue; // a long fact must not push out several short ones
      kept.add(entry);
      left -= cost;
    }
  };
  fill(repo, Math.floor(room * (1 - REPO_SHARE)));
  fill(global, 0);
  fill(repo, 0);
  // A side with nothing left out has no part in the real footer: the room reserved for it is used.
  const g = global.filter((e) => kept.has(e)).length;
  const r = repo.filter((e) => kept.has(e)).length;
  left += footer - size(footerLine(repoId, { global: globalTotal - g, repo: repoTotal - r }));
  fill(global, 0);
  fill(repo, 0);
  let card = layout();
  // The footer was measured with the largest counts; should rendering still overshoot, drop the oldest global, then repo entries.
  const priority = [...repo, ...global].filter((e) => kept.has(e));
  while (size(card.text) > budget.max && priority.length > 0) {
    kept.delete(priority.pop()!);
    card = layout();
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

interface LeftOut {
  global: number;
  repo: number;
}

function render(repoId: string | undefined, global: CardEntry[], repo: CardEntry[], leftOut: LeftOut, note?: string, memory?: MemoryShape): Card {
  let text = note ? `${INSTRUCTION}\n${note}\n` : INSTRUCTION;
  if (memory) text += `\n${memoryLine(memory)}\n`;
  // This repository's section first: it is what the agent working in it needs first (issue 33).
  if (repo.length && repoId) text += repoHeader(repoId) + repo.map((e) => entryLine(e, true)).join('');
  if (global.length) text += globalHeader() + global.map((e) => entryLine(e, false)).join('');
  const total = leftOut.global + leftOut.repo;
  if (!memory && !global.length && !repo.length && total === 0) text += '\n(none recorded yet)\n';
  const more = moreCommands(repoId, leftOut);
  if (total > 0) text += footerLine(repoId, leftOut);
  return { repo: repoId ?? null, global, repo_facts: repo, left_out: total, left_out_global: leftOut.global, left_out_repo: leftOut.repo, more, text };
}

/** "N more left out …": how many of each side, and the command that lists each; nothing when none was. */
function footerLine(repoId: string | undefined, leftOut: LeftOut): string {
  const parts: string[] = [];
  const listed = (commands: string[]) => commands.map((c) => `\`${c}\``).join(' and ');
  if (leftOut.repo > 0 && repoId) parts.push(`${leftOut.repo} of ${repoId}'s rules and decisions (${listed(repoCommands(repoId))})`);
  if (leftOut.global > 0) parts.push(`${leftOut.global} global rule${leftOut.global === 1 ? '' : 's'} (${listed([GLOBAL_RULES])})`);
  if (parts.length === 0) return '';
  return `\n${leftOut.global + leftOut.repo} more left out to keep this card short: ${parts.join(', ')}.\n`;
}

const GLOBAL_RULES = 'memcue list --kind rule --in global';

/** Named by `--in`, so they work from any folder (they list the global ones of the kind too). */
function repoCommands(repoId: string): string[] {
  const where = shellWord(repoId);
  return [`memcue list --kind rule --in ${where}`, `memcue list --kind decision --in ${where}`];
}

function moreCommands(repoId: string | undefined, leftOut: LeftOut): string[] {
  return [...(leftOut.repo > 0 && repoId ? repoCommands(repoId) : []), ...(leftOut.global > 0 ? [GLOBAL_RULES] : [])];
}

/** A repository named after its folder may hold any character: quoted for a POSIX shell then. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
