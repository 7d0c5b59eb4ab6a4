// What the card costs in a client's side requests (issue 34, item 6), measured with the fake model's
// request log over one headless session ("hello", one reply): every request the client sent, which
// of them carry the card, and the card's characters in the requests that are not the session's own
// turn (Gemini CLI's model router, OpenCode's title). docs/agents.md quotes these figures.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers.js';
import { bodies, claudeEnv, CLIENTS, clientBin, model, run, SENTINEL, setup, TIMEOUT_MS, why, write } from './client-kit.js';

interface Tally {
  requests: number;
  withCard: number;
  /** Requests with the card that offer the model no tools: side requests (a router, a title). */
  sideWithCard: number;
  /** The card's characters in those, all together. */
  sideCardChars: number;
}

function tally(from: number, card: string): Tally {
  const sent = bodies(from);
  const withCard = sent.filter((b) => b.includes(SENTINEL));
  const side = withCard.filter((b) => !b.includes('"tools"'));
  return { requests: sent.length, withCard: withCard.length, sideWithCard: side.length, sideCardChars: side.length * card.length };
}

describe('the card in side requests', () => {
  const gemini = clientBin('gemini');
  it.skipIf(!gemini)(`Gemini CLI: gemini -p hello${why('gemini')}`, { timeout: TIMEOUT_MS }, async () => {
    const { env, agentEnv, repo } = await setup('gemini', (e) => write(join(e.HOME!, '.gemini', 'settings.json'), '{"security": {"auth": {"selectedType": "gemini-api-key"}}}\n'));
    const card = (await cli(['card'], { env, cwd: repo })).stdout;
    const from = model.requests.length;
    const r = await run(gemini!, ['-p', 'hello'], { ...agentEnv, GEMINI_API_KEY: 'fake', GOOGLE_GEMINI_BASE_URL: model.url, GEMINI_CLI_TRUST_WORKSPACE: 'true' }, repo);
    expect(r.code).toBe(0);
    const t = tally(from, card);
    // The side requests are the router's (a flash-lite model choosing the model for the prompt), each
    // with the card once: 2,372 of its 5,952 bytes here. One per prompt; the fake model's answer is no
    // routing decision, so Gemini retried it (5 requests in all, ~100 s of backoff).
    const routed = model.requests.slice(from).filter((q) => !q.body.includes('"tools"'));
    expect(routed.length).toBeGreaterThanOrEqual(1);
    for (const q of routed) {
      expect(q.path).toContain('flash-lite');
      expect(q.body.split(SENTINEL).length - 1).toBe(1);
    }
    expect(t.sideWithCard).toBe(routed.length);
  });

  const opencode = clientBin('opencode');
  it.skipIf(!opencode)(`OpenCode: opencode run hello${why('opencode')}`, { timeout: TIMEOUT_MS }, async () => {
    const kept = join(CLIENTS!, 'opencode');
    const { env, agentEnv, repo } = await setup('opencode', (e) => Object.assign(e, { XDG_CONFIG_HOME: join(kept, 'config'), XDG_CACHE_HOME: join(kept, 'cache') }));
    try {
      const config = {
        autoupdate: false,
        share: 'disabled',
        provider: { fake: { npm: '@ai-sdk/openai-compatible', name: 'fake', options: { baseURL: `${model.url}/v1`, apiKey: 'fake' }, models: { 'fake-model': { name: 'fake' } } } },
        model: 'fake/fake-model',
      };
      write(join(kept, 'config', 'opencode', 'opencode.json'), JSON.stringify(config));
      const card = (await cli(['card'], { env, cwd: repo })).stdout;
      const from = model.requests.length;
      const r = await run(opencode!, ['run', 'hello'], { ...agentEnv, OPENCODE_DISABLE_AUTOUPDATE: '1' }, repo);
      expect(r.code).toBe(0);
      const t = tally(from, card);
      // One side request per session, the title, with the card once (2,372 of its 4,852 bytes here).
      expect(t).toMatchObject({ requests: 2, withCard: 2, sideWithCard: 1 });
    } finally {
      await cli(['uninstall', 'opencode'], { env, cwd: repo });
    }
  });

  const claude = clientBin('claude');
  it.skipIf(!claude)(`Claude Code: claude -p hello${why('claude')}`, { timeout: TIMEOUT_MS }, async () => {
    const { env, agentEnv, repo } = await setup('claude');
    const card = (await cli(['card'], { env, cwd: repo })).stdout;
    const from = model.requests.length;
    expect((await run(claude!, ['-p', 'hello'], claudeEnv(agentEnv), repo)).code).toBe(0);
    const t = tally(from, card);
    expect({ withCard: t.withCard, sideWithCard: t.sideWithCard, requests: t.requests }).toEqual({ withCard: 1, sideWithCard: 0, requests: 1 }); // only the session's own request
  });

  const codex = clientBin('codex');
  it.skipIf(!codex)(`Codex: codex exec hello${why('codex')}`, { timeout: TIMEOUT_MS }, async () => {
    const { env, agentEnv, repo } = await setup('codex', (e) =>
      write(join(e.HOME!, '.codex', 'config.toml'), `model = "fake-model"\nmodel_provider = "fake"\n\n[model_providers.fake]\nname = "fake"\nbase_url = "${model.url}/v1"\nwire_api = "responses"\nenv_key = "FAKE_API_KEY"\n`),
    );
    const card = (await cli(['card'], { env, cwd: repo })).stdout;
    const from = model.requests.length;
    expect((await run(codex!, ['exec', '--skip-git-repo-check', '--dangerously-bypass-hook-trust', 'hello'], { ...agentEnv, FAKE_API_KEY: 'fake' }, repo)).code).toBe(0);
    const t = tally(from, card);
    expect({ withCard: t.withCard, sideWithCard: t.sideWithCard, requests: t.requests }).toEqual({ withCard: 1, sideWithCard: 0, requests: 1 }); // only the session's own request
  });
});
