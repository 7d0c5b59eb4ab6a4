// Each agent gets a card it keeps whole, measured in the unit that agent counts (see
// src/hooks/budget.ts and data/SOURCES.md): Codex spills hook text over 2,500 estimated tokens, a
// token being ceil(UTF-8 bytes / 4); Claude Code previews additionalContext over 10,000 characters.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, isolatedEnv, tempDir } from '../helpers.js';
import { repoDir } from '../hooks/fixtures.js';

/** Codex 0.171.0: HOOK_OUTPUT_TOKEN_LIMIT and approx_token_count (codex-rs/hooks/src/output_spill.rs). */
const CODEX_HOOK_TOKEN_LIMIT = 2500;
const codexTokens = (text: string) => Math.ceil(Buffer.byteLength(text, 'utf8') / 4);
/** Claude Code: hook context longer than this many characters is replaced by a preview. */
const CLAUDE_CONTEXT_CHARS = 10_000;

const LEFT_OUT = /^(\d+) more left out to keep this card short: \1 global rules \(`memcue list --kind rule --in global`\)\.$/;

/** 103 Russian rules (about 12,000 bytes of card), like the card Codex cut mid-way in issue 12. */
async function cyrillicMemory() {
  const env = isolatedEnv();
  const repo = repoDir();
  const lines = Array.from({ length: 103 }, (_, i) =>
    JSON.stringify({ text: `Правило ${i + 1}: перед выкладкой на стенд проверять миграции базы и план отката`, kind: 'rule', scope: 'global' }),
  );
  const file = join(tempDir(), 'rules.jsonl');
  writeFileSync(file, lines.join('\n'));
  expect((await cli(['import', file], { env })).code).toBe(0);
  return { env, repo };
}

async function hookCard(env: Record<string, string>, repo: string, agent: string): Promise<string> {
  const input = JSON.stringify({ session_id: 's', cwd: repo, hook_event_name: 'SessionStart', source: 'startup' });
  const r = await cli(['hook', agent, 'session-start'], { env, stdin: input });
  expect(r.code).toBe(0);
  return (JSON.parse(r.stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext;
}

describe('card budget per agent', () => {
  it('codex: a Cyrillic card stays within 2,500 of Codex\'s tokens (10,000 bytes), the left-out line included', async () => {
    const { env, repo } = await cyrillicMemory();
    const card = await hookCard(env, repo, 'codex');
    expect(codexTokens(card)).toBeLessThanOrEqual(CODEX_HOOK_TOKEN_LIMIT);
    expect(Buffer.byteLength(card, 'utf8')).toBeGreaterThan(9_500); // the room is used
    expect(card.trimEnd().split('\n').at(-1)).toMatch(LEFT_OUT);
    expect(card.match(/^- Правило \d+:/gm)!.length).toBeGreaterThan(40);
  });

  it('claude: the same memory gets more, under 10,000 characters, also ending with the left-out line', async () => {
    const { env, repo } = await cyrillicMemory();
    const claude = await hookCard(env, repo, 'claude');
    const codex = await hookCard(env, repo, 'codex');
    expect(claude.length).toBeLessThan(CLAUDE_CONTEXT_CHARS);
    expect(claude.length).toBeGreaterThan(codex.length);
    expect(Buffer.byteLength(claude, 'utf8')).toBeGreaterThan(10_000); // would have been cut by Codex
    const last = claude.trimEnd().split('\n').at(-1)!;
    if (!/^- /.test(last)) expect(last).toMatch(LEFT_OUT);
  });

  it('an ASCII card is the same for every agent while it fits all budgets', async () => {
    const env = isolatedEnv();
    const repo = repoDir();
    await cli(['add', '--kind', 'rule', 'Use pnpm, never npm'], { env, cwd: repo });
    const cards: string[] = [];
    // Codex's card also says when its sandbox is read-only (test/hooks/codex-sandbox.test.ts): that line aside.
    for (const agent of ['claude', 'codex', 'gemini', 'dsh']) cards.push((await hookCard(env, repo, agent)).replace(/\n[^\n]*read-only sandbox here[^\n]*\n/, ''));
    expect(new Set(cards).size).toBe(1);
    expect(cards[0]).toBe((await cli(['card'], { env, cwd: repo })).stdout);
  });
});
