// `memcue install <agent> --mcp` with the real clients: the tools reach the model and a scripted
// memcue_add call stores the fact, with no hand edits (Gemini CLI headless included); with the hook
// installed too, the card reaches the model once, not twice (the server leaves it to the hook).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers.js';
import { bodies, claudeEnv, clientBin, model, run, SENTINEL, setup, TIMEOUT_MS, why, write } from './client-kit.js';

const claude = clientBin('claude');
const gemini = clientBin('gemini');

/** How many times the sentinel is in the first request that names the tool (the session's own, not a side request). */
function cardsIn(from: number, tool: string): number {
  const main = bodies(from).filter((b) => b.includes(tool));
  expect(main.length).toBeGreaterThan(0);
  return main[0]!.split('SENTINEL-7f3a').length - 1;
}

describe('Claude Code', () => {

  // Claude Code defers MCP tools (the model loads them through its ToolSearch), so the request names them only.
  it.skipIf(!claude)(`hook and MCP both installed: the card reaches the model once; the server says the hook gives it${why('claude')}`, { timeout: TIMEOUT_MS }, async () => {
    const { env, agentEnv, repo } = await setup('claude');
    expect((await cli(['install', 'claude', '--mcp'], { env, cwd: repo })).code).toBe(0);
    const start = model.requests.length;
    const r = await run(claude!, ['-p', 'hello'], claudeEnv(agentEnv), repo);
    expect(r.code).toBe(0);
    expect(cardsIn(start, 'mcp__memcue__memcue_add')).toBe(1);
    expect(bodies(start).join('\n')).toContain('reaches this session through memcue\'s hook');
  });

  it.skipIf(!claude)(`MCP alone: the server's instructions carry the card${why('claude')}`, { timeout: TIMEOUT_MS }, async () => {
    const { env, agentEnv, repo } = await setup('claude');
    expect((await cli(['uninstall', 'claude'], { env, cwd: repo })).code).toBe(0);
    expect((await cli(['install', 'claude', '--mcp'], { env, cwd: repo })).code).toBe(0);
    const start = model.requests.length;
    expect((await run(claude!, ['-p', 'hello'], claudeEnv(agentEnv), repo)).code).toBe(0);
    expect(cardsIn(start, 'mcp__memcue__memcue_add')).toBe(1);
  });
});

describe('Gemini CLI', () => {
  it.skipIf(!gemini)(`install gemini --mcp: the tools are in the headless request and memcue_add works${why('gemini')}`, { timeout: TIMEOUT_MS }, async () => {
    const { env, agentEnv, repo } = await setup('gemini', (e) =>
      write(join(e.HOME!, '.gemini', 'settings.json'), '{"security": {"auth": {"selectedType": "gemini-api-key"}}}\n'),
    );
    expect((await cli(['install', 'gemini', '--mcp'], { env, cwd: repo })).code).toBe(0);
    model.script({ tool: 'mcp_memcue_memcue_add', args: { text: 'GEMINI-MCP-7a3d staging runs on port 8443', scope: 'global' } });
    const start = model.requests.length;
    const geminiEnv = { ...agentEnv, GEMINI_API_KEY: 'fake', GOOGLE_GEMINI_BASE_URL: model.url, GEMINI_CLI_TRUST_WORKSPACE: 'true' };
    const r = await run(gemini!, ['-m', 'gemini-2.5-pro', '-p', 'hello'], geminiEnv, repo);
    expect(r.code, r.stderr).toBe(0);
    expect(cardsIn(start, 'mcp_memcue_memcue_add')).toBe(1);
    expect((await cli(['search', 'GEMINI-MCP-7a3d'], { env, cwd: repo })).stdout).toContain('port 8443');
  });
});
