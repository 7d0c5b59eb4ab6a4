// What each agent's hook runner parses. Claude Code, Codex, Gemini CLI and DeepSeek Harness (through
// its dsh-hooks-claude-code bridge) all read SessionStart context from the same JSON on stdout:
//   {"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"…"}}
// `hookEventName` is required (Codex validates it strictly; Claude Code and dsh discard a block
// naming another event) and a top-level `additionalContext` is silently dropped. Events that take
// no context (Stop, SessionEnd, …) get no output at all.

export const HOOK_AGENTS = ['claude', 'codex', 'gemini', 'dsh'] as const;
export type HookAgent = (typeof HOOK_AGENTS)[number];

export function isHookAgent(name: string): name is HookAgent {
  return (HOOK_AGENTS as readonly string[]).includes(name);
}

/** `session-start`, `SessionStart`, `session_start` → `sessionstart`. */
export function normalizeEvent(event: string): string {
  return event.toLowerCase().replace(/[-_\s]/g, '');
}

/** Whether the event takes the card as context (all four agents: only SessionStart). */
export function takesCard(_agent: HookAgent, event: string): boolean {
  return normalizeEvent(event) === 'sessionstart';
}

/** The card as context of the event (SessionStart; Gemini CLI's BeforeAgent after /clear or a compression). */
export function contextOutput(context: string, hookEventName: 'SessionStart' | 'BeforeAgent' = 'SessionStart'): string {
  return `${JSON.stringify({ hookSpecificOutput: { hookEventName, additionalContext: context } })}\n`;
}
