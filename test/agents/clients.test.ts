// The real agent clients, offline against a fake model server on 127.0.0.1 (fake-model.ts): after
// `memcue install <agent>`, does the card reach what the agent sends the model? Each client is an
// npm install in $MEMCUE_AGENT_CLIENTS/<name> (`npm run test:agents` sets that up, see
// scripts/agent-clients.sh); without it these tests are skipped, each with its reason in its name.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BINARY, cli, isolatedEnv, ROOT, tempDir } from '../helpers.js';
import { bodies, claudeEnv, clientBin, CLIENTS, model, run, SENTINEL, setup, TIMEOUT_MS, why, write } from './client-kit.js';

describe('Claude Code', () => {
  const claude = clientBin('claude');

  it.skipIf(!claude)(`the card reaches the model, and a forked session gets the card as it is now${why('claude')}`, { timeout: TIMEOUT_MS * 3 }, async () => {
    const { env, agentEnv, repo } = await setup('claude');
    const session = '6f0c2a51-3b7e-4c1d-9a8e-2d4f6b8c0e1a';
    const start = model.requests.length;
    const first = await run(claude!, ['-p', 'hello', '--session-id', session], claudeEnv(agentEnv), repo);
    expect(first.code).toBe(0);
    expect(bodies(start).some((b) => b.includes(SENTINEL))).toBe(true);

    await cli(['add', '--kind', 'rule', '--scope', 'global', 'FORK-SENTINEL-91c2 added between the sessions'], { env, cwd: repo });
    const forkedAt = model.requests.length;
    const fork = await run(claude!, ['-p', 'again', '--resume', session, '--fork-session'], claudeEnv(agentEnv), repo);
    expect(fork.code).toBe(0);
    expect(bodies(forkedAt).some((b) => b.includes('FORK-SENTINEL-91c2'))).toBe(true);
  });

  it.skipIf(!claude)(`claude plugin validate --strict passes for the plugin and the marketplace${why('claude')}`, { timeout: TIMEOUT_MS }, async () => {
    const env = { ...isolatedEnv(), DISABLE_AUTOUPDATER: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' };
    for (const path of [join('plugins', 'claude', 'memcue'), '.']) {
      const r = await run(claude!, ['plugin', 'validate', '--strict', path], env, ROOT);
      expect(r.stdout + r.stderr).toContain('Validation passed');
      expect(r.code).toBe(0);
    }
  });
});

describe('Codex', () => {
  const codex = clientBin('codex');
  const configure = (env: Record<string, string>) =>
    write(
      join(env.HOME!, '.codex', 'config.toml'),
      `model = "fake-model"\nmodel_provider = "fake"\n\n[model_providers.fake]\nname = "fake"\nbase_url = "${model.url}/v1"\nwire_api = "responses"\nenv_key = "FAKE_API_KEY"\n`,
    );
  const exec = (env: Record<string, string>, repo: string, ...flags: string[]) =>
    run(codex!, ['exec', '--skip-git-repo-check', ...flags, 'hello'], { ...env, FAKE_API_KEY: 'fake' }, repo);

  it.skipIf(!codex)(`runs the hook only once trusted; trusted (bypassed here), the card reaches the model${why('codex')}`, { timeout: TIMEOUT_MS * 2 }, async () => {
    const { agentEnv, repo } = await setup('codex', configure);
    const untrusted = model.requests.length;
    expect((await exec(agentEnv, repo)).code).toBe(0);
    expect(bodies(untrusted).some((b) => b.includes(SENTINEL))).toBe(false);
    const trusted = model.requests.length;
    expect((await exec(agentEnv, repo, '--dangerously-bypass-hook-trust')).code).toBe(0);
    expect(bodies(trusted).some((b) => b.includes(SENTINEL))).toBe(true);
  });

  it.skipIf(!codex)(`keeps a Russian card whole: no spill to a file, the left-out line reaches the model${why('codex')}`, { timeout: TIMEOUT_MS }, async () => {
    const { env, agentEnv, repo } = await setup('codex', configure);
    const rules = Array.from({ length: 103 }, (_, i) =>
      JSON.stringify({ text: `Правило ${i + 1}: перед выкладкой на стенд проверять миграции базы и план отката`, kind: 'rule', scope: 'global' }),
    );
    const file = join(tempDir(), 'rules.jsonl');
    writeFileSync(file, rules.join('\n'));
    expect((await cli(['import', file], { env })).code).toBe(0);
    const start = model.requests.length;
    expect((await exec(agentEnv, repo, '--dangerously-bypass-hook-trust')).code).toBe(0);
    const sent = bodies(start).join('\n');
    expect(sent).toMatch(/\d+ more left out to keep this card short/);
    expect(sent).not.toContain('Full hook output saved to'); // what Codex says when it cut the hook's text
  });
});

describe('Gemini CLI', () => {
  const gemini = clientBin('gemini');
  it.skipIf(!gemini)(`the card reaches the model${why('gemini')}`, { timeout: TIMEOUT_MS }, async () => {
    const { agentEnv, repo } = await setup('gemini', (env) =>
      write(join(env.HOME!, '.gemini', 'settings.json'), '{"security": {"auth": {"selectedType": "gemini-api-key"}}}\n'),
    );
    const start = model.requests.length;
    const env = { ...agentEnv, GEMINI_API_KEY: 'fake', GOOGLE_GEMINI_BASE_URL: model.url, GEMINI_CLI_TRUST_WORKSPACE: 'true' };
    const r = await run(gemini!, ['-m', 'gemini-2.5-pro', '-p', 'hello'], env, repo);
    expect(r.code).toBe(0);
    expect(bodies(start).some((b) => b.includes(SENTINEL))).toBe(true);
  });
});

describe('OpenCode', () => {
  const opencode = clientBin('opencode');
  it.skipIf(!opencode)(`the card reaches the model${why('opencode')}`, { timeout: TIMEOUT_MS }, async () => {
    // OpenCode installs its plugin SDK into the config folder (64 MB) and the provider package into
    // its cache on first use: both are kept beside the client, so later runs need no network.
    const kept = join(CLIENTS!, 'opencode');
    const { env, agentEnv, repo } = await setup('opencode', (e) => Object.assign(e, { XDG_CONFIG_HOME: join(kept, 'config'), XDG_CACHE_HOME: join(kept, 'cache') }));
    try {
      const config = {
        autoupdate: false,
        share: 'disabled',
        provider: {
          fake: { npm: '@ai-sdk/openai-compatible', name: 'fake', options: { baseURL: `${model.url}/v1`, apiKey: 'fake' }, models: { 'fake-model': { name: 'fake' } } },
        },
        model: 'fake/fake-model',
      };
      write(join(kept, 'config', 'opencode', 'opencode.json'), JSON.stringify(config));
      expect(readFileSync(join(kept, 'config', 'opencode', 'plugins', 'memcue.ts'), 'utf8')).toContain(JSON.stringify(BINARY));
      const start = model.requests.length;
      const r = await run(opencode!, ['run', 'hello'], { ...agentEnv, OPENCODE_DISABLE_AUTOUPDATE: '1' }, repo);
      expect(r.code).toBe(0);
      expect(bodies(start).some((b) => b.includes(SENTINEL))).toBe(true);
    } finally {
      await cli(['uninstall', 'opencode'], { env, cwd: repo });
    }
  });
});
