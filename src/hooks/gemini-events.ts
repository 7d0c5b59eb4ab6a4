// Gemini CLI (0.61) keeps a SessionStart hook's additionalContext only at startup and resume. After
// /clear it fires SessionStart with source "clear" but shows only the hook's systemMessage
// (packages/cli/src/ui/commands/clearCommand.ts); a compression (/compress, or when the context
// fills) summarizes the history, card included, and fires only PreCompress, which takes no context.
// Its BeforeAgent hook's additionalContext is added to the user's prompt and stays in the history.
// So both events mark the session, and the session's next BeforeAgent gives the card, once. Only a
// manual compression (/compress) marks it: Gemini fires PreCompress "auto" before every turn's check
// whether the context is full, compressed or not, which cannot be told apart from here.
import { mkdirSync, readdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from '../config.js';
import { normalizeEvent } from './agents.js';
import { stateDir } from '../install/paths.js';

/** What the hook does for a Gemini event: print the card now, or nothing (after marking the session). */
export type GeminiStep = 'card' | 'nothing';

/** A mark older than this belongs to a session long gone. */
const STALE_MS = 7 * 24 * 3600_000;

export function geminiStep(env: Env, event: string, input: { source?: unknown; session_id?: unknown; trigger?: unknown }): GeminiStep {
  const session = typeof input.session_id === 'string' && input.session_id !== '' ? input.session_id : undefined;
  switch (normalizeEvent(event)) {
    case 'sessionstart':
      if (input.source !== 'clear' || !session) return 'card';
      markSession(env, session);
      return 'nothing';
    case 'precompress':
      if (session && input.trigger === 'manual') markSession(env, session);
      return 'nothing';
    case 'beforeagent':
      // Every prompt runs this: without a mark it costs one file lookup, no database.
      return session && takeMark(env, session) ? 'card' : 'nothing';
    default:
      return 'nothing';
  }
}

function marksDir(env: Env): string {
  return join(stateDir(env), 'gemini-card');
}

function markPath(env: Env, session: string): string {
  // Gemini's session ids are UUIDs; anything else is made a plain file name (node:crypto would cost
  // every hook run ~2 ms: test/hook-fast-path.test.ts).
  return join(marksDir(env), session.replace(/[^\w.-]/g, '_').slice(0, 100));
}

function markSession(env: Env, session: string): void {
  mkdirSync(marksDir(env), { recursive: true });
  writeFileSync(markPath(env, session), '');
  for (const name of readdirSync(marksDir(env))) {
    const path = join(marksDir(env), name);
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
