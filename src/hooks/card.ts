// The session-start card: the instruction, the current repository's rules and decisions, then the
// global rules. Every session pays for the card, so its entries get a fixed room (ENTRY_ROOM) however
// big the memory, and never more than the agent's budget (budget.ts: agents cut hook output past a
// limit). This repository's newest entries come first, then the newest global rules; the card ends
// with one line saying how many of each were left out and how to find them: by search, and by a
// listing only when that listing is short (issue 32: at 2,280 facts agents listed every rule the card
// named a `list` command for, 69k characters a session, against a MEMORY.md of 20k).
import type { Row } from '../sqlite/sqlite.js';
import type { Store } from '../store/store.js';
import { oneLine } from '../format.js';
import { DEFAULT_BUDGET, measure, type CardBudget } from './budget.js';
import { INSTRUCTION } from '../install/instruction.js';
import { shellQuote } from '../install/binary.js';
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
/**
 * The entries' room, in the budget's unit, whatever the memory's size: with the instruction and the
 * memory line the card stays under ~4,500 characters (issue 32: at 2,280 facts it was 9,953, half a
 * loaded MEMORY.md, paid by every session). The rest is a search away, and the card says so.
 */
export const ENTRY_ROOM = 1800;
/**
 * The footer names the `list` commands only when all they could print is about this many lines:
 * `list --kind rule --in REPO` prints the repository's rules and every global rule.
 */
export const SHORT_LIST = 30;
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
  /** The commands the card names for what it left out (`WORDS` stands for the agent's search words). */
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
  /** The entries' room in the budget's unit (default ENTRY_ROOM); the budget still caps the whole card. */
  entryRoom?: number;
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
  const short = repoTotal + globalTotal <= SHORT_LIST;
  const kept = new Set<CardEntry>();
  const layout = (counted = true) => {
    const g = global.filter((e) => kept.has(e));
    const r = repo.filter((e) => kept.has(e));
    const leftOut = counted ? { global: globalTotal - g.length, repo: repoTotal - r.length } : { global: 0, repo: 0 };
    return render(repoId, g, r, leftOut, short, options.note, options.memory);
  };
  // The footer is reserved at its largest (every entry left out); its real size is checked below.
  const footer = size(footerLine(repoId, { global: globalTotal, repo: repoTotal }, short));
  // Both section headers; the empty card's "(none recorded yet)" is already in the base size.
  const headers = size(GLOBAL_HEADER) + (repoId ? size(repoHeader(repoId)) : 0);
  const room = Math.min(budget.max - size(layout(false).text) - headers - footer, options.entryRoom ?? ENTRY_ROOM);
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
  left += footer - size(footerLine(repoId, { global: globalTotal - g, repo: repoTotal - r }, short));
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

const GLOBAL_HEADER = '\n## Global rules\n';

function repoHeader(repoId: string): string {
  return `\n## Rules and decisions of ${repoId}\n`;
}

function entryLine(entry: CardEntry, showKind: boolean): string {
  const kind = showKind && entry.scope !== 'global' ? `${entry.kind}: ` : '';
  return `- ${kind}${oneLine(entry.text)} [${entry.id.slice(0, ID_SHOWN)} ${entry.created_at.slice(0, 10)}]\n`;
}

interface LeftOut {
  global: number;
  repo: number;
}

function render(repoId: string | undefined, global: CardEntry[], repo: CardEntry[], leftOut: LeftOut, short: boolean, note?: string, memory?: MemoryShape): Card {
  let text = note ? `${INSTRUCTION}\n${note}\n` : INSTRUCTION;
  if (memory) text += `\n${memoryLine(memory)}\n`;
  // This repository's section first: it is what the agent working in it needs first (issue 33).
  if (repo.length && repoId) text += repoHeader(repoId) + repo.map((e) => entryLine(e, true)).join('');
  if (global.length) text += GLOBAL_HEADER + global.map((e) => entryLine(e, false)).join('');
  const total = leftOut.global + leftOut.repo;
  if (!memory && !global.length && !repo.length && total === 0) text += '\n(none recorded yet)\n';
  const more = total > 0 ? [...searchCommands(repoId, leftOut), ...(short ? listCommands(repoId, leftOut) : [])] : [];
  if (total > 0) text += footerLine(repoId, leftOut, short);
  return { repo: repoId ?? null, global, repo_facts: repo, left_out: total, left_out_global: leftOut.global, left_out_repo: leftOut.repo, more, text };
}

/**
 * "N more left out …": how many of each side, the search that finds any of them, and, when the
 * listing is short, the commands that list them all; nothing when none was left out.
 */
function footerLine(repoId: string | undefined, leftOut: LeftOut, short: boolean): string {
  const parts: string[] = [];
  const listed = (commands: string[]) => commands.map((c) => `\`${c}\``).join(' and ');
  const repoLeft = leftOut.repo > 0 && repoId !== undefined;
  if (repoLeft) parts.push(`${leftOut.repo} of ${repoId}'s rules and decisions`);
  if (leftOut.global > 0) parts.push(`${leftOut.global} global rule${leftOut.global === 1 ? '' : 's'}`);
  if (parts.length === 0) return '';
  // A search prints a few lines; in a repository it looks in the repository, global and this machine.
  const search = repoLeft ? `\`${SEARCH_RULES}\` (or \`--kind decision\`)` : `\`${SEARCH_RULES}\``;
  const all = short ? ` All of them: ${listed(listCommands(repoId, leftOut))}.` : '';
  return `\n${leftOut.global + leftOut.repo} more left out to keep this card short (${parts.join(', ')}): find them with ${search}.${all}\n`;
}

const SEARCH_RULES = 'memcue search WORDS --kind rule';
const GLOBAL_RULES = 'memcue list --kind rule --in global';

function searchCommands(repoId: string | undefined, leftOut: LeftOut): string[] {
  return [SEARCH_RULES, ...(leftOut.repo > 0 && repoId ? ['memcue search WORDS --kind decision'] : [])];
}

/** Named by `--in`, so they work from any folder (they list the global ones of the kind too). */
function listCommands(repoId: string | undefined, leftOut: LeftOut): string[] {
  if (leftOut.repo > 0 && repoId) {
    const where = shellQuote(repoId);
    return [`memcue list --kind rule --in ${where}`, `memcue list --kind decision --in ${where}`];
  }
  return leftOut.global > 0 ? [GLOBAL_RULES] : [];
}
