// `memcue hook <agent> <event>`: what an agent's hook runs. It reads the agent's hook JSON on stdin,
// finds the repository from that JSON's `cwd` (the agent's working folder, not ours), and prints
// exactly what the agent parses. It always exits 0 and prints nothing on error: the error goes to
// the hook log, because a failing hook would break the agent's turn.
import { makeContext, type Context } from '../context.js';
import { contextOutput, HOOK_AGENTS, isHookAgent, normalizeEvent, takesCard } from '../hooks/agents.js';
import { geminiStep } from '../hooks/gemini-events.js';
import { logHookError } from '../hooks/hook-log.js';
import { cardFor } from '../hooks/make-card.js';
import { budgetFor, type CardBudget } from '../hooks/budget.js';
import { setOddFileNotes } from '../util/safe-file.js';
import { isAbsolute, resolve } from 'node:path';

/**
 * How long a hook may wait to read the database: agents wait for the hook, so past this it answers
 * with the last cached card. WASM start-up and the card itself come on top (~1 s in all).
 */
const HOOK_READ_BUDGET_MS = 700;

interface HookInput {
  cwd?: unknown;
  hook_event_name?: unknown;
  /** Claude Code: startup, resume, clear, compact or fork. */
  source?: unknown;
  transcript_path?: unknown;
  session_id?: unknown;
  /** Gemini CLI's PreCompress: manual (/compress) or auto. */
  trigger?: unknown;
}

/** Sessions that continue a transcript, which carries the card they were given (hooks/resumed-card.ts). */
const CONTINUED = new Set(['resume', 'fork']);

export async function run(ctx: Context, agent?: string, event?: string): Promise<number> {
  // An odd file beside the database or in the cache is worth a line in the log, not in the agent's turn.
  setOddFileNotes((line) => logHookError(ctx.env, 'note', line));
  try {
    const input = parseInput(await (ctx.readHookInput ?? ctx.readStdin)());
    const eventName = event ?? (typeof input.hook_event_name === 'string' ? input.hook_event_name : undefined);
    if (!agent || !isHookAgent(agent)) throw new Error(`unknown agent "${agent ?? ''}" (use one of: ${HOOK_AGENTS.join(', ')})`);
    if (!eventName) throw new Error('no event: use memcue hook <agent> <event>, e.g. session-start');
    if (agent === 'gemini' ? geminiStep(ctx.env, eventName, input) === 'nothing' : !takesCard(agent, eventName)) return 0;
    const cwd = typeof input.cwd === 'string' && input.cwd !== '' ? input.cwd : ctx.cwd;
    const agentCtx = makeContext({ ...ctx, cwd: isAbsolute(cwd) ? cwd : resolve(ctx.cwd, cwd) }, ctx.dbPath);
    const card = await cardFor(agentCtx, agent, { budgetMs: HOOK_READ_BUDGET_MS });
    const context = CONTINUED.has(String(input.source)) && typeof input.transcript_path === 'string' ? await resumedContext(input.transcript_path, card.text, budgetFor(agent), ctx.env) : card.text;
    if (context) ctx.stdout(contextOutput(context, normalizeEvent(eventName) === 'beforeagent' ? 'BeforeAgent' : 'SessionStart'));
  } catch (err) {
    logHookError(ctx.env, `hook ${agent ?? '?'} ${event ?? '?'}`, err);
  }
  return 0;
}

function parseInput(text: string): HookInput {
  if (text.trim() === '') return {};
  const value: unknown = JSON.parse(text);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('hook input is not a JSON object');
  return value as HookInput;
}

/** What a resumed or forked session is given: only what changed since the cards its transcript carries. Loaded only then. */
async function resumedContext(transcriptPath: string, card: string, budget: CardBudget, env: Context['env']): Promise<string> {
  const { cardsInTranscript, cardUpdate, continuedTranscript } = await import('../hooks/resumed-card.js');
  const transcript = continuedTranscript(transcriptPath, env);
  const carried = transcript === undefined ? undefined : cardsInTranscript(transcript);
  return carried ? cardUpdate(carried, card, budget) : card;
}
