// The runner's real agent clients against the fake model server (test/agents/fake-model.ts), offline:
// Claude Code started by `--agent claude` (Codex and Gemini CLI likewise) gets the memcue card through the SessionStart hook that
// `memcue install claude` put in the run's HOME, its Bash calls of `memcue search` are counted, and
// under `file` it loads the MEMORY.md the runner placed where Claude Code keeps auto memory.
// Runs with the clients installed (npm run test:agents, or MEMCUE_AGENT_CLIENTS); skipped otherwise.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunLine } from '../../bench/e2e/stats.js';
import { bodies, clientBin, model, run, TIMEOUT_MS, why } from '../agents/client-kit.js';
import { ROOT, tempDir, TINY } from './kit.js';

const bun = join(ROOT, 'node_modules', '.bin', 'bun');

describe('bench:e2e --agent claude', () => {
  const claude = clientBin('claude');
  it.skipIf(!claude)(`the card and the MEMORY.md reach the model, and searches are counted${why('claude')}`, { timeout: TIMEOUT_MS * 2 }, async () => {
    const out = join(tempDir(), 'results.jsonl');
    const env = {
      PATH: process.env.PATH ?? '',
      MEMCUE_AGENT_CLIENTS: process.env.MEMCUE_AGENT_CLIENTS!,
      ANTHROPIC_BASE_URL: model.url,
      ANTHROPIC_API_KEY: 'sk-ant-fake',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    };
    const start = model.requests.length;
    // The first turn offering tools searches memory through the shell, as an agent following the card does.
    model.script({ tool: 'Bash', args: { command: 'memcue search deploy host port', description: 'search memory' } });
    const r = await run(bun, ['bench/e2e/run.ts', '--tasks', TINY, '--agent', 'claude', '--conditions', 'memcue,file', '--only', 'deploy-script', '--out', out, '--work', tempDir()], env, ROOT);
    expect(r.code, r.stderr).toBe(0);
    const sent = bodies(start);
    const [memcue, file] = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as RunLine);
    expect(memcue).toMatchObject({ condition: 'memcue', agent: 'claude', searches: 1 });
    expect(file).toMatchObject({ condition: 'file', agent: 'claude', searches: 0 });
    expect(sent.some((b) => b.includes('Rules and decisions of github.com/acme/ops'))).toBe(true);
    // The search ran against the run's memory: its result went back to the model.
    expect(sent.some((b) => b.includes('sshd listens on port 2222') && b.includes('tool_result'))).toBe(true);
    // Claude Code itself loaded the MEMORY.md the runner wrote (the card never carries an env fact).
    expect(sent.some((b) => b.includes('deploy-02.acme.internal; its sshd listens on port 2222') && !b.includes('Rules and decisions of'))).toBe(true);
  });
});

/** Runs the runner on one task and condition with a client; returns the result lines and what the model was sent. */
async function runner(agent: string, conditions: string, env: Record<string, string>) {
  const out = join(tempDir(), 'results.jsonl');
  const start = model.requests.length;
  const r = await run(bun, ['bench/e2e/run.ts', '--tasks', TINY, '--agent', agent, '--conditions', conditions, '--only', 'deploy-script', '--out', out, '--work', tempDir()], { PATH: process.env.PATH ?? '', MEMCUE_AGENT_CLIENTS: process.env.MEMCUE_AGENT_CLIENTS!, ...env }, ROOT);
  expect(r.code, r.stderr).toBe(0);
  return { lines: readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as RunLine), sent: bodies(start) };
}

describe('bench:e2e --agent codex', () => {
  const codex = clientBin('codex');
  it.skipIf(!codex)(`the card arrives by the trusted hook, MEMORY.md leads the prompt under file, searches are counted${why('codex')}`, { timeout: TIMEOUT_MS * 2 }, async () => {
    const config = join(tempDir(), 'config.toml');
    writeFileSync(config, `model = "fake-model"\nmodel_provider = "fake"\n\n[model_providers.fake]\nname = "fake"\nbase_url = "${model.url}/v1"\nwire_api = "responses"\nenv_key = "OPENAI_API_KEY"\n`);
    model.script({ tool: 'exec_command', args: { cmd: 'memcue search deploy host port' } });
    const { lines, sent } = await runner('codex', 'memcue,file', { MEMCUE_E2E_CODEX_CONFIG: config, OPENAI_API_KEY: 'fake' });
    expect(lines.map((l) => [l.condition, l.searches])).toEqual([['memcue', 1], ['file', 0]]);
    expect(sent.some((b) => b.includes('Rules and decisions of github.com/acme/ops'))).toBe(true);
    expect(sent.some((b) => b.includes('sshd listens on port 2222') && b.includes('Rules and decisions of'))).toBe(true);
    expect(sent.some((b) => b.includes('Your auto memory (loaded at session start)') && b.includes('deploy-02.acme.internal'))).toBe(true);
  });
});

describe('bench:e2e --agent gemini', () => {
  const gemini = clientBin('gemini');
  it.skipIf(!gemini)(`the card arrives by the hook, searches are counted${why('gemini')}`, { timeout: TIMEOUT_MS * 2 }, async () => {
    model.script({ tool: 'run_shell_command', args: { command: 'memcue search deploy host port' } });
    const { lines, sent } = await runner('gemini', 'memcue', { GEMINI_API_KEY: 'fake', GOOGLE_GEMINI_BASE_URL: model.url });
    expect(lines).toMatchObject([{ condition: 'memcue', agent: 'gemini', searches: 1 }]);
    expect(sent.some((b) => b.includes('sshd listens on port 2222') && b.includes('Rules and decisions of'))).toBe(true);
    expect(sent.some((b) => b.includes('Rules and decisions of github.com/acme/ops'))).toBe(true);
  });
});
