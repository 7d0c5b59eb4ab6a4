// Headless runs (issue 34, item 5), with the real clients against the fake model: the flags
// docs/agents.md gives per client let a scripted `memcue search` run, and its result reaches the
// model as the tool's result. Where a client denies memcue without them (Claude Code's -p, Gemini's
// -p), the same run without the flags is shown to fail, so the flags are not decoration.
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BINARY, cli } from '../helpers.js';
import { bodies, claudeEnv, clientBin, CLIENTS, model, run, setup, TIMEOUT_MS, why, write } from './client-kit.js';

/** A fact that is not on the card (an env fact, not a rule): only a search finds it. */
const FACT = 'the staging database is pg-7e41';
const QUERY = 'staging database';

/** memcue on the agent's PATH, as after an install: `Bash(memcue:*)` and `run_shell_command(memcue)` match the command's first word. */
async function headlessSetup(agent: string, before?: (env: Record<string, string>) => void) {
  const s = await setup(agent, before);
  expect((await cli(['add', '--kind', 'env', '--scope', 'global', FACT], { env: s.env, cwd: s.repo })).code).toBe(0);
  const bin = join(s.env.HOME!, 'bin');
  mkdirSync(bin, { recursive: true });
  symlinkSync(BINARY, join(bin, 'memcue'));
  return { ...s, agentEnv: { ...s.agentEnv, PATH: `${bin}:${s.agentEnv.PATH}` } };
}

/** Whether the search's answer came back to the model (only the tool's result carries it). */
const answered = (from: number) => bodies(from).some((b) => b.includes('pg-7e41'));

describe('headless runs', () => {
  const claude = clientBin('claude');
  it.skipIf(!claude)(`claude -p --allowedTools "Bash(memcue:*)" mcp__memcue: the shell and the MCP search answer${why('claude')}`, { timeout: TIMEOUT_MS * 2 }, async () => {
    const { env, agentEnv, repo } = await headlessSetup('claude');
    expect((await cli(['install', 'claude', '--mcp'], { env, cwd: repo })).code).toBe(0);
    const shell = { tool: 'Bash', args: { command: `memcue search ${QUERY}`, description: 'search memory' } };
    // Claude Code defers MCP tools: the model loads the tool's schema with ToolSearch first.
    const load = { tool: 'ToolSearch', args: { query: 'select:mcp__memcue__memcue_search', max_results: 1 } };
    const mcp = { tool: 'mcp__memcue__memcue_search', args: { query: QUERY } };
    for (const calls of [[shell], [load, mcp]]) {
      const call = calls[calls.length - 1]!;
      model.script(...calls);
      let from = model.requests.length;
      expect((await run(claude!, ['-p', 'find it'], claudeEnv(agentEnv), repo)).code).toBe(0);
      expect(answered(from), `${call.tool} without --allowedTools`).toBe(false);
      model.script(...calls);
      from = model.requests.length;
      const r = await run(claude!, ['-p', 'find it', '--allowedTools', 'Bash(memcue:*)', 'mcp__memcue'], claudeEnv(agentEnv), repo);
      expect(r.code, r.stderr).toBe(0);
      expect(answered(from), call.tool).toBe(true);
    }
  });

  const gemini = clientBin('gemini');
  it.skipIf(!gemini)(`gemini -p --allowed-tools "run_shell_command(memcue)": the shell search answers${why('gemini')}`, { timeout: TIMEOUT_MS * 2 }, async () => {
    const { agentEnv, repo } = await headlessSetup('gemini', (env) =>
      write(join(env.HOME!, '.gemini', 'settings.json'), '{"security": {"auth": {"selectedType": "gemini-api-key"}}}\n'),
    );
    const env = { ...agentEnv, GEMINI_API_KEY: 'fake', GOOGLE_GEMINI_BASE_URL: model.url, GEMINI_CLI_TRUST_WORKSPACE: 'true' };
    const call = { tool: 'run_shell_command', args: { command: `memcue search ${QUERY}` } };
    model.script(call);
    let from = model.requests.length;
    expect((await run(gemini!, ['-m', 'gemini-2.5-pro', '-p', 'find it'], env, repo)).code).toBe(0);
    expect(answered(from), 'without --allowed-tools').toBe(false);
    model.script(call);
    from = model.requests.length;
    const r = await run(gemini!, ['-m', 'gemini-2.5-pro', '-p', 'find it', '--allowed-tools', 'run_shell_command(memcue)'], env, repo);
    expect(r.code, r.stderr).toBe(0);
    expect(answered(from)).toBe(true);
  });

  const codex = clientBin('codex');
  it.skipIf(!codex)(`codex exec, its default sandbox and approvals: the shell search answers with no flag${why('codex')}`, { timeout: TIMEOUT_MS }, async () => {
    const { agentEnv, repo } = await headlessSetup('codex', (env) =>
      write(
        join(env.HOME!, '.codex', 'config.toml'),
        `model = "fake-model"\nmodel_provider = "fake"\n\n[model_providers.fake]\nname = "fake"\nbase_url = "${model.url}/v1"\nwire_api = "responses"\nenv_key = "FAKE_API_KEY"\n`,
      ),
    );
    // Codex runs commands through a login shell, whose PATH may not have memcue: the card then names the
    // absolute command (as here), which the model runs.
    model.script({ tool: 'exec_command', args: { cmd: `${BINARY} search ${QUERY}` } });
    const from = model.requests.length;
    const r = await run(codex!, ['exec', '--skip-git-repo-check', 'find it'], { ...agentEnv, FAKE_API_KEY: 'fake' }, repo);
    expect(r.code, r.stderr).toBe(0);
    expect(answered(from)).toBe(true);
  });

  const opencode = clientBin('opencode');
  it.skipIf(!opencode)(`opencode run: the shell search answers with no flag${why('opencode')}`, { timeout: TIMEOUT_MS }, async () => {
    const kept = join(CLIENTS!, 'opencode');
    const { env, agentEnv, repo } = await headlessSetup('opencode', (e) => Object.assign(e, { XDG_CONFIG_HOME: join(kept, 'config'), XDG_CACHE_HOME: join(kept, 'cache') }));
    try {
      const config = {
        autoupdate: false,
        share: 'disabled',
        provider: { fake: { npm: '@ai-sdk/openai-compatible', name: 'fake', options: { baseURL: `${model.url}/v1`, apiKey: 'fake' }, models: { 'fake-model': { name: 'fake' } } } },
        model: 'fake/fake-model',
      };
      write(join(kept, 'config', 'opencode', 'opencode.json'), JSON.stringify(config));
      model.script({ tool: 'bash', args: { command: `memcue search ${QUERY}`, description: 'search memory' } });
      const from = model.requests.length;
      const r = await run(opencode!, ['run', 'find it'], { ...agentEnv, OPENCODE_DISABLE_AUTOUPDATE: '1' }, repo);
      expect(r.code, r.stderr).toBe(0);
      expect(answered(from)).toBe(true);
    } finally {
      await cli(['uninstall', 'opencode'], { env, cwd: repo });
    }
  });
});
