// Real Codex and the trust it keeps for memcue's hook (issue 34, item 2): memcue's hash of the hook is
// Codex's own; a hook changed since the user trusted it ("modified") does not run, and the MCP server
// then gives the card; `--dangerously-bypass-hook-trust` runs an untrusted hook, and the MCP server
// then leaves the card to it. Exactly one card reaches the model either way.
import { readFileSync, symlinkSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BINARY, cli } from '../helpers.js';
import { codexHookHash } from '../../src/install/codex-trust.js';
import { bodies, clientBin, model, SENTINEL, TIMEOUT_MS, why, write } from './client-kit.js';
import { codexHooks } from './codex-app-server.js';
import { codexHome, exec } from './codex-kit.js';

const codex = clientBin('codex');
/** How many cards the last request of a run carried. */
const cards = (from: number) => (bodies(from).pop() ?? '').split(SENTINEL).length - 1;

describe('Codex trust, from the hash', () => {
  it.skipIf(!codex)(`memcue's hash is Codex's; a hook changed since it was trusted runs not, and MCP gives the one card${why('codex')}`, { timeout: TIMEOUT_MS }, async () => {
    const { home, env, repo } = await codexHome({ trusted: true });
    expect((await cli(['install', 'codex'], { env: { ...env, MEMCUE_BIN: BINARY }, cwd: repo })).code).toBe(0);
    const [hook] = await codexHooks(codex!, env, repo);
    const written = JSON.parse(readFileSync(join(home, '.codex', 'hooks.json'), 'utf8')).hooks.SessionStart[0].hooks[0];
    expect(codexHookHash(undefined, written)).toBe(hook!.currentHash);
    const config = join(home, '.codex', 'config.toml');
    write(config, `${readFileSync(config, 'utf8')}\n[hooks.state."${hook!.key}"]\ntrusted_hash = "${hook!.currentHash}"\n`);
    expect((await cli(['doctor'], { env, cwd: repo })).stdout).toContain('trusted in Codex');

    // The same binary from another path (~/bin2/memcue): the hook's command changes.
    mkdirSync(join(home, 'bin2'));
    symlinkSync(BINARY, join(home, 'bin2', 'memcue'));
    for (const args of [['install', 'codex'], ['install', 'codex', '--mcp']]) {
      expect((await cli(args, { env: { ...env, MEMCUE_BIN: join(home, 'bin2', 'memcue') }, cwd: repo })).code).toBe(0);
    }
    expect((await codexHooks(codex!, env, repo))[0]).toMatchObject({ trustStatus: 'modified' });
    expect((await cli(['doctor'], { env, cwd: repo })).stdout).toContain('changed since you trusted it: open /hooks in Codex');
    const start = model.requests.length;
    expect((await exec(env, repo)).code).toBe(0);
    expect(cards(start)).toBe(1);
  });

  it.skipIf(!codex)(`--dangerously-bypass-hook-trust with --mcp and the hook not trusted: one card${why('codex')}`, { timeout: TIMEOUT_MS }, async () => {
    const { env, repo } = await codexHome({ trusted: true });
    for (const args of [['install', 'codex'], ['install', 'codex', '--mcp']]) {
      expect((await cli(args, { env: { ...env, MEMCUE_BIN: BINARY }, cwd: repo })).code).toBe(0);
    }
    let start = model.requests.length;
    expect((await exec(env, repo, '--dangerously-bypass-hook-trust')).code).toBe(0);
    expect(cards(start)).toBe(1);
    // Without the bypass the untrusted hook does not run: the card comes from the MCP server.
    start = model.requests.length;
    expect((await exec(env, repo)).code).toBe(0);
    expect(cards(start)).toBe(1);
  });
});
