// Gemini CLI (0.61) keeps a SessionStart hook's additionalContext only at startup and resume. After
// /clear it fires SessionStart with source "clear" but shows only the hook's systemMessage
// (packages/cli/src/ui/commands/clearCommand.ts); a compression (/compress, or when the context
// fills) summarizes the history, card included, and fires only PreCompress, which takes no context.
// Its BeforeAgent hook's additionalContext is added to the user's prompt and stays in the history.
// So both events mark the session, and the session's next BeforeAgent gives the card, once. Only a
// manual compression (/compress) marks it: Gemini fires PreCompress "auto" before every turn's check
// whether the context is full, compressed or not, which cannot be told apart from here.
// At startup Gemini runs SessionStart while its prompt already takes input, and adds the card to the
// history only when the hook returns: a prompt sent before (a slow machine, `gemini -i PROMPT`, a
// hook past its timeout) went without the card (test/agents/gemini-clear.test.ts, under load). So a
// session's card is claimed once, by whichever comes first: SessionStart with its card made, or the
// first prompt's BeforeAgent; the other gives nothing.
import { mkdirSync, readdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from '../config.js';
import { normalizeEvent } from './agents.js';
import { stateDir } from '../install/paths.js';

/**
 * What the hook does for a Gemini event: print the card now, nothing (after marking the session), or
 * make the card and print it only if the session's card is still unclaimed then (claimCard).
 */
export type GeminiStep = 'card' | 'nothing' | 'card-if-unclaimed';

/** A mark older than this belongs to a session long gone. */
const STALE_MS = 7 * 24 * 3600_000;

export function geminiStep(env: Env, event: string, input: { source?: unknown; session_id?: unknown; trigger?: unknown }): GeminiStep {
  const session = typeof input.session_id === 'string' && input.session_id !== '' ? input.session_id : undefined;
  switch (normalizeEvent(event)) {
    case 'sessionstart':
      if (!session) return 'card';
      if (input.source === 'clear') {
        markSession(env, session);
        return 'nothing';
      }
      // Claimed only once the card is made: a prompt sent while it is made gets it from BeforeAgent.
      if (input.source === 'startup') return 'card-if-unclaimed';
      claimed(env, session, false); // a resumed session gets its card whatever came before
      return 'card';
    case 'precompress':
      if (session && input.trigger === 'manual') markSession(env, session);
      return 'nothing';
    case 'beforeagent':
      // Every prompt runs this: without a mark it costs two file operations, no database.
      if (!session) return 'nothing';
      if (takeMark(env, session)) return claimed(env, session, false), 'card';
      return claimCard(env, session) ? 'card' : 'nothing';
    default:
      return 'nothing';
  }
}

function marksDir(env: Env): string {
  return join(stateDir(env), 'gemini-card');
}

/** One empty file per session whose card was given (claimCard). */
function claimsDir(env: Env): string {
  return join(stateDir(env), 'gemini-card-given');
}

/** Whether the session's card is this process's to give: true for the first to ask only. */
export function claimCard(env: Env, session: string): boolean {
  return claimed(env, session, true);
}

function claimed(env: Env, session: string, exclusive: boolean): boolean {
  const dir = claimsDir(env);
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, fileName(session)), '', { flag: exclusive ? 'wx' : 'w' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    return true; // no state folder to write: give the card rather than none
  }
  removeStale(dir);
  return true;
}

/** Gemini's session ids are UUIDs; anything else is made a plain file name (node:crypto would cost
 * every hook run ~2 ms: test/hook-fast-path.test.ts). */
function fileName(session: string): string {
  return session.replace(/[^\w.-]/g, '_').slice(0, 100);
}

function markPath(env: Env, session: string): string {
  return join(marksDir(env), fileName(session));
}

function markSession(env: Env, session: string): void {
  mkdirSync(marksDir(env), { recursive: true });
  writeFileSync(markPath(env, session), '');
  removeStale(marksDir(env));
}

function removeStale(dir: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    try {
      if (Date.now() - statSync(path).mtimeMs > STALE_MS) unlinkSync(path);
    } catch {
      // another hook took it
    }
  }
}

/** Whether the session was marked; the mark is gone after (one card per mark, even with two hooks racing). */
function takeMark(env: Env, session: string): boolean {
  try {
    unlinkSync(markPath(env, session));
    return true;
  } catch {
    return false;
  }
}
