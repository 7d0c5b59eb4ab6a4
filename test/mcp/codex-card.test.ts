// What `memcue mcp` tells Codex (issue 34, item 2): the card when memcue's Codex hook will not run
// (never trusted, or changed since the user trusted it), and not when it will (trusted as it is now,
// or Codex started with --dangerously-bypass-hook-trust, seen on the command line above the server).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codexHookHash } from '../../src/install/codex-trust.js';
import { BUNDLE, cli, isolatedEnv } from '../helpers.js';

const INIT = `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'codex-mcp-client', version: '0.171.0' } } })}\n`;
const RULE = 'CODEX-CARD-6a2e rebase before merging';

/** The server's instructions, the server started by `sh -c` with `extra` as the shell's own arguments. */
function instructions(env: Record<string, string>, extra: string[] = []): string {
  const script = `${JSON.stringify(process.execPath)} ${JSON.stringify(BUNDLE)} mcp; status=$?; exit $status`;
  const r = spawnSync('/bin/sh', ['-c', script, ...extra], { env, input: INIT, encoding: 'utf8', timeout: 30_000 });
  const line = r.stdout.split('\n').find((l) => l.includes('"id":1'));
  return (JSON.parse(line!) as { result: { instructions: string } }).result.instructions;
}

function write(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

describe('memcue mcp for Codex', () => {
  it('gives the card while the hook is untrusted or changed since trusted, not while it is trusted as it is', async () => {
    const env: Record<string, string> = { ...isolatedEnv(), MEMCUE_BIN: '/opt/a/memcue' };
    await cli(['add', '--kind', 'rule', '--scope', 'global', RULE], { env });
    expect((await cli(['install', 'codex'], { env })).code).toBe(0);
    expect(instructions(env)).toContain(RULE);

    const hooksPath = join(env.HOME!, '.codex', 'hooks.json');
    const hook = JSON.parse(readFileSync(hooksPath, 'utf8')).hooks.SessionStart[0].hooks[0];
    const config = join(env.HOME!, '.codex', 'config.toml');
    write(config, `${readFileSync(config, 'utf8')}\n[hooks.state."${hooksPath}:session_start:0:0"]\ntrusted_hash = "${codexHookHash(undefined, hook)}"\n`);
    expect(instructions(env)).not.toContain(RULE);

    expect((await cli(['install', 'codex'], { env: { ...env, MEMCUE_BIN: '/opt/b/memcue' } })).code).toBe(0);
    expect(instructions(env)).toContain(RULE);
  });

  it('leaves the card to the hook when Codex runs hooks without trust', async () => {
    const env: Record<string, string> = { ...isolatedEnv(), MEMCUE_BIN: '/opt/a/memcue' };
    await cli(['add', '--kind', 'rule', '--scope', 'global', RULE], { env });
    expect((await cli(['install', 'codex'], { env })).code).toBe(0);
    expect(instructions(env, ['codex', '--dangerously-bypass-hook-trust'])).not.toContain(RULE);
    // The flag on another program's command line is not Codex's.
    expect(instructions(env, ['other', '--dangerously-bypass-hook-trust'])).toContain(RULE);
  });
});
