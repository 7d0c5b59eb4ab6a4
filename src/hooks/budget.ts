// How much card each agent takes whole, in the unit that agent counts. Past its limit an agent
// does not refuse the card, it cuts it (Codex keeps a head and a tail and saves the rest to a file),
// so rules in the middle silently disappear; the card must fit, its "N more left out" line included.
//   Codex: hook text over 2,500 estimated tokens is spilled, and a token is estimated as
//     ceil(UTF-8 bytes / 4) (codex-rs/hooks/src/output_spill.rs HOOK_OUTPUT_TOKEN_LIMIT,
//     codex-rs/utils/output-truncation approx_token_count; Codex 0.171.0): at most 10,000 bytes.
//     A Cyrillic character is 2 bytes, so a Russian card holds about half the characters.
//   Claude Code: additionalContext over 10,000 characters is replaced by a preview; it counts
//     JavaScript string length (UTF-16 code units), which is what `.length` measures here.
//   Others (Gemini CLI, dsh, `memcue card` for the OpenCode and Hermes plugins): no documented cap;
//     they get the historical 9,000 characters.
import type { HookAgent } from './agents.js';

export interface CardBudget {
  /** Names the budget in the card cache, so agents with different budgets never share a card. */
  id: string;
  max: number;
  unit: 'characters' | 'bytes';
}

export const DEFAULT_BUDGET: CardBudget = { id: 'default', max: 9000, unit: 'characters' };

const BUDGETS: Partial<Record<HookAgent, CardBudget>> = {
  claude: { id: 'claude', max: 9999, unit: 'characters' },
  codex: { id: 'codex', max: 10_000, unit: 'bytes' },
};

export function budgetFor(agent: HookAgent | undefined): CardBudget {
  return (agent && BUDGETS[agent]) || DEFAULT_BUDGET;
}

/** The size of `text` in the budget's unit. */
export function measure(budget: CardBudget, text: string): number {
  return budget.unit === 'bytes' ? Buffer.byteLength(text, 'utf8') : text.length;
}
