// The real agent clients, offline against a fake model server on 127.0.0.1 (fake-model.ts): after
// `memcue install <agent>`, does the card reach what the agent sends the model? Each client is an
// npm install in $MEMCUE_AGENT_CLIENTS/<name> (`npm run test:agents` sets that up, see
// scripts/agent-clients.sh); without it these tests are skipped, each with its reason in its name.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BINARY, cli, isolatedEnv, ROOT, tempDir, type Result } from '../helpers.js';
import { repoDir } from '../hooks/fixtures.js';
import { startFakeModel, type FakeModel } from './fake-model.js';

const CLIENTS = process.env.MEMCUE_AGENT_CLIENTS;
const BINS = { claude: 'claude', codex: 'codex', gemini: 'gemini', opencode: 'opencode' } as const;
type Client = keyof typeof BINS;

function clientBin(name: Client): string | undefined {
  const bin = CLIENTS ? join(CLIENTS, name, 'node_modules', '.bin', BINS[name]) : undefined;
  return bin && existsSync(bin) && existsSync(BINARY) ? bin : undefined;
}

const why = (name: Client) => (clientBin(name) ? '' : ` (skipped: needs MEMCUE_AGENT_CLIENTS with ${name} installed, and dist/memcue)`);
if (!CLIENTS) console.log('real agent clients: skipped (set MEMCUE_AGENT_CLIENTS, or run npm run test:agents)');

const SENTINEL = 'SENTINEL-7f3a: run make check before every commit';
const TIMEOUT_MS = 180_000;

let model: FakeModel;
beforeAll(async () => {
  model = await startFakeModel();
});
afterAll(async () => {
  await model?.close();
});

/** Runs a client without blocking this process (the fake model answers from here). */
function run(command: string, args: string[], env: Record<string, string>, cwd: string): Promise<Result> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS - 10_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
}

/** A home with one rule in memory, memcue wired with the compiled binary, and a repository to work in. */
async function setup(agent: string, before?: (env: Record<string, string>) => void) {
  const env: Record<string, string> = { ...isolatedEnv(), MEMCUE_BIN: BINARY, PATH: `${dirname(process.execPath)}:/usr/bin:/bin` };
  const repo = repoDir();
  expect((await cli(['add', '--kind', 'rule', '--scope', 'global', SENTINEL], { env, cwd: repo })).code).toBe(0);
  before?.(env);
  expect((await cli(['install', agent], { env, cwd: repo })).code).toBe(0);
  const { MEMCUE_BIN: _unused, ...agentEnv } = env; // the agent knows nothing of memcue but its hook
  return { env, agentEnv, repo };
}

/** The request bodies since `from`, decoded (some clients escape non-ASCII in JSON). */
function bodies(from: number): string[] {
  return model.requests.slice(from).map((r) => {
    try {
      return JSON.stringify(JSON.parse(r.body));
    } catch {
      return r.body;
    }
  });
}

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

describe('Claude Code', () => {
  const claude = clientBin('claude');
  const claudeEnv = (env: Record<string, string>) => ({
    ...env,
    ANTHROPIC_BASE_URL: model.url,
    ANTHROPIC_API_KEY: 'sk-ant-fake',
    DISABLE_AUTOUPDATER: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  });

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
