// Codex's trust in memcue's hook, from the hash: trusted only while the stored hash is the hook's
// current one. The expected hashes are the `currentHash` real Codex 0.171.0 gave for these hooks
// (`codex app-server`, hooks/list); test/agents/codex.test.ts checks it again against the client.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codexHookHash } from '../../src/install/codex-trust.js';
import { cli, isolatedEnv } from '../helpers.js';

function write(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

describe('codexHookHash', () => {
  it('is the hash Codex 0.171.0 computes', () => {
    expect(codexHookHash(undefined, { type: 'command', command: '/opt/x/memcue hook codex session-start', timeout: 10, statusMessage: 'memcue: memory card' } as never)).toBe(
      'sha256:474cd50c56ecd772876772b76f73e66d870b718be24d33a7055255a1816d03c3',
    );
    // A matcher, a timeout of 0 (Codex makes it 1), an explicit async false.
    expect(codexHookHash('startup|resume', { command: '/x/memcue hook codex session-start', timeout: 0, async: false })).toBe(
      'sha256:4087ee2ad34a559ce9484e7a268b9854d02db08d6fd7a448a602171127a680cf',
    );
    // No timeout: Codex's default of 600 s.
    expect(codexHookHash('startup|resume', { command: 'echo a' })).toBe('sha256:9e20b7b7a35c61dcbbc404ab885687d0167f38fd323a0a2e48717102f905c3a3');
  });
});

describe('doctor and the MCP server on Codex\'s trust', () => {
  /** What Codex stores when the user trusts the hook: the key and the hook's hash. */
  function trust(env: Record<string, string>): void {
    const hooks = JSON.parse(readFileSync(join(env.HOME!, '.codex', 'hooks.json'), 'utf8'));
    const hook = hooks.hooks.SessionStart[0].hooks[0];
    const config = join(env.HOME!, '.codex', 'config.toml');
    const key = `${join(env.HOME!, '.codex', 'hooks.json')}:session_start:0:0`;
    write(config, `${readFileSync(config, 'utf8')}\n[hooks.state."${key}"]\ntrusted_hash = "${codexHookHash(undefined, hook)}"\n`);
  }

  it('trusted while the hook is the one trusted; after a reinstall from another path: changed since you trusted it', async () => {
    const env: Record<string, string> = { ...isolatedEnv(), MEMCUE_BIN: '/opt/a/memcue' };
    expect((await cli(['install', 'codex'], { env })).code).toBe(0);
    trust(env);
    let doctor = (await cli(['doctor'], { env })).stdout;
    expect(doctor).toContain('trusted in Codex');
    expect(doctor).not.toContain('changed since you trusted it');

    expect((await cli(['install', 'codex'], { env: { ...env, MEMCUE_BIN: '/opt/b/memcue' } })).code).toBe(0);
    doctor = (await cli(['doctor'], { env })).stdout;
    expect(doctor).toContain('changed since you trusted it: open /hooks in Codex');
    expect(doctor).not.toContain('trusted in Codex');
  });

  it('turned off in /hooks (enabled = false) is said as such', async () => {
    const env: Record<string, string> = { ...isolatedEnv(), MEMCUE_BIN: '/opt/a/memcue' };
    expect((await cli(['install', 'codex'], { env })).code).toBe(0);
    trust(env);
    const config = join(env.HOME!, '.codex', 'config.toml');
    write(config, `${readFileSync(config, 'utf8')}enabled = false\n`);
    expect((await cli(['doctor'], { env })).stdout).toContain('turned off in Codex: open /hooks');
  });
});
