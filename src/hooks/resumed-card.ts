// A resumed session already carries the card it started with. Claude Code keeps each SessionStart
// context in the session's transcript and sends it again, and drops a new one only when its text is
// the same; Codex keeps it as a developer message in its rollout file and sends every one again. So a
// resumed session got the hook's fresh card beside the old one: in Claude Code once the memory
// changed in between (a fact added, the memory line's count), in Codex at every resume; two cards,
// three after another resume (issue 20, item 3). On resume and fork the hook reads the transcript
// the session continues and gives only what changed since the cards it carries;
// after a compaction the transcript's cards are gone (its summary replaces them), so a compaction
// gets the whole card.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readKeptTail } from '../util/safe-file.js';
import { INSTRUCTION } from '../install/instruction.js';
import { DEFAULT_BUDGET, measure, type CardBudget } from './budget.js';

const CARD_TITLE = INSTRUCTION.slice(0, INSTRUCTION.indexOf('\n'));
const UPDATE_TITLE = '# memcue: card update';
const GONE_LABEL = 'No longer on the card:';
/** A card's fact line ends with its id and date: `- text [1a2b3c4d 2026-12-03]`. */
const FACT_ID = /\[([0-9a-z]+) \d{4}-\d{2}-\d{2}\]$/;
/** The transcript's tail that is read: a long session's transcript grows to many megabytes. */
const TAIL_BYTES = 32 * 1024 * 1024;

/**
 * The transcript a session continues. A fork's own is written only after its SessionStart hook
 * ran, so for a Claude Code fork it is the one the fork was made from: named by the command line
 * of the Claude Code process (`CLAUDE_PID`, which Claude Code gives its hooks: `--resume ID`, or
 * `--continue`, the folder's newest session). Undefined when it cannot be told (`/branch` inside
 * a session): then the session gets the whole card.
 */
export function continuedTranscript(path: string, env: Record<string, string | undefined>): string | undefined {
  if (existsSync(path)) return path;
  let args: string[];
  try {
    args = readFileSync(`/proc/${Number(env.CLAUDE_PID)}/cmdline`, 'utf8').split('\0');
  } catch {
    return undefined;
  }
  const dir = dirname(path);
  const at = args.findIndex((a) => a === '--resume' || a === '-r');
  const id = at >= 0 ? args[at + 1] : args.find((a) => a.startsWith('--resume='))?.slice('--resume='.length);
  if (id) return /^[0-9a-f-]{36}$/i.test(id) && existsSync(join(dir, `${id}.jsonl`)) ? join(dir, `${id}.jsonl`) : undefined;
  if (!args.includes('--continue') && !args.includes('-c')) return undefined;
  try {
    const newest = readdirSync(dir)
      .filter((name) => name.endsWith('.jsonl'))
      .map((name) => ({ name, at: statSync(join(dir, name)).mtimeMs }))
      .sort((a, b) => b.at - a.at)[0];
    return newest && join(dir, newest.name);
  } catch {
    return undefined;
  }
}

/**
 * memcue's cards and card updates in a Claude Code transcript or a Codex rollout file since its last
 * compaction, oldest first; undefined when it cannot be read (then the session gets the whole card).
 */
export function cardsInTranscript(path: string): string[] | undefined {
  // Only a regular file: a FIFO or device named by the hook's input would hang or flood the hook.
  const text = readKeptTail(path, TAIL_BYTES);
  if (text === undefined) return undefined;
  let cards: string[] = [];
  for (const line of text.split('\n')) {
    // Most lines are neither: only these two are parsed.
    if (line.includes('"compact_boundary"') || line.includes('"compacted"')) {
      const entry = parse(line);
      // Claude Code: a compact_boundary entry; Codex: a compacted item (its replacement history follows).
      if ((entry?.type === 'system' && entry.subtype === 'compact_boundary') || entry?.type === 'compacted') cards = [];
    } else if (line.includes('"hook_additional_context"')) {
      const attachment = parse(line)?.attachment as { type?: unknown; content?: unknown } | undefined;
      if (attachment?.type === 'hook_additional_context') cards.push(...ours(Array.isArray(attachment.content) ? attachment.content : [attachment.content]));
    } else if (line.includes('"response_item"') && line.includes('# memcue: ')) {
      const message = parse(line)?.payload as { type?: unknown; role?: unknown; content?: unknown } | undefined;
      if (message?.type === 'message' && message.role === 'developer' && Array.isArray(message.content)) cards.push(...ours(message.content.map((c: { text?: unknown }) => c?.text)));
    }
  }
  return cards;
}

/** The texts among `texts` that are memcue's cards or card updates. */
function ours(texts: unknown[]): string[] {
  return texts.filter((t): t is string => typeof t === 'string' && (t.startsWith(CARD_TITLE) || t.startsWith(UPDATE_TITLE)));
}

/**
 * What a session carrying `carried` (cards and updates, oldest first) is given at its start: the
 * whole card when it carries none, else the card's new lines under their headings and the ids no
 * longer on it; nothing when the card is what it carries.
 */
export function cardUpdate(carried: readonly string[], card: string, budget: CardBudget = DEFAULT_BUDGET): string {
  if (carried.length === 0) return card;
  const facts = new Map<string, string>(); // id → line, as the session last saw it
  const lines = new Set<string>(); // every other line it was shown
  for (const text of carried) {
    if (text.startsWith(CARD_TITLE)) facts.clear(); // a whole card replaces what came before
    for (const line of text.split('\n')) {
      const id = FACT_ID.exec(line)?.[1];
      if (id) facts.set(id, line);
      else if (line.startsWith(GONE_LABEL)) for (const gone of line.slice(GONE_LABEL.length).match(/[0-9a-z]+/g) ?? []) facts.delete(gone);
      else lines.add(line);
    }
  }
  const shown = new Set(facts.values());
  const ids = new Set<string>();
  const added: string[] = [];
  let heading: string | undefined;
  for (const line of card.split('\n')) {
    const id = FACT_ID.exec(line)?.[1];
    if (id) ids.add(id);
    if (line.startsWith('#')) {
      heading = line.startsWith('## ') ? line : undefined; // a group's heading, said again before its new lines
      continue;
    }
    if (line.trim() === '' || (id ? shown.has(line) : lines.has(line))) continue;
    if (heading !== undefined) added.push('', heading);
    heading = undefined;
    added.push(line);
  }
  const gone = [...facts.keys()].filter((id) => !ids.has(id));
  if (added.length === 0 && gone.length === 0) return '';
  const text = (goneLine: string[]) => {
    const lines = [UPDATE_TITLE, '', 'The memory changed since the memcue card earlier in this conversation. That card still holds, with these changes:', '', ...added, '', ...goneLine];
    return `${lines.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
  };
  const without = text([]);
  // The whole card (within its budget) replaces the carried ones when an update would not fit.
  if (gone.length === 0) return measure(budget, without) <= budget.max ? without : card;
  // An old card may have held any number of ids (a transcript is the client's file): the update
  // stays within the card's budget, naming as many as fit and counting the rest.
  const tail = ' (forgotten, edited or left out to keep the card short; `memcue show ID` says which).';
  const room = budget.max - measure(budget, without) - measure(budget, `${GONE_LABEL} and ${gone.length} more${tail}\n`) - 2;
  let used = 0;
  let named = 0;
  while (named < gone.length && used + gone[named]!.length + 2 <= room) used += gone[named++]!.length + 2;
  if (named === 0) return card;
  const more = named < gone.length ? ` and ${gone.length - named} more` : '';
  return text([`${GONE_LABEL} ${gone.slice(0, named).join(', ')}${more}${tail}`]);
}

function parse(line: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
