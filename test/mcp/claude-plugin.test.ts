// What `memcue mcp` tells Claude Code when memcue's Claude Code plugin is enabled (it gives the card
// as the hook does): no second card. The plugin is read from Claude Code's settings as doctor reads
// it (install/claude-plugins.ts); a settings file that is a FIFO is no plugin, never a wait.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLE, cli, isolatedEnv } from '../helpers.js';

const INIT = `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'claude-code', version: '2.1.0' } } })}\n`;
const RULE = 'CLAUDE-PLUGIN-3f1c squash before merging';

/** The server's instructions to Claude Code, or undefined when it gave none within 15 s. */
function instructions(env: Record<string, string>): string | undefined {
  const r = spawnSync(process.execPath, [BUNDLE, 'mcp'], { env, input: INIT, encoding: 'utf8', timeout: 15_000 });
  const line = r.stdout.split('\n').find((l) => l.includes('"id":1'));
  return line && (JSON.parse(line) as { result: { instructions: string } }).result.instructions;
}

describe('memcue mcp for Claude Code with the plugin', () => {
  it('leaves the card to an enabled plugin, gives it otherwise', async () => {
    const env: Record<string, string> = isolatedEnv();
    await cli(['add', '--kind', 'rule', '--scope', 'global', RULE], { env });
    const settings = join(env.HOME!, '.claude', 'settings.json');
    mkdirSync(join(env.HOME!, '.claude'), { recursive: true });
    writeFileSync(settings, JSON.stringify({ enabledPlugins: { 'memcue@memcue': true } }));
    expect(instructions(env)).not.toContain(RULE);
    writeFileSync(settings, JSON.stringify({ enabledPlugins: { 'memcue@memcue': false, 'other@x': true } }));
    expect(instructions(env)).toContain(RULE);
  });

  it('answers with the card when the settings file is a FIFO', async () => {
    const env: Record<string, string> = isolatedEnv();
    await cli(['add', '--kind', 'rule', '--scope', 'global', RULE], { env });
    mkdirSync(join(env.HOME!, '.claude'), { recursive: true });
    expect(spawnSync('mkfifo', [join(env.HOME!, '.claude', 'settings.json')]).status).toBe(0);
    expect(instructions(env)).toContain(RULE);
  });
});
