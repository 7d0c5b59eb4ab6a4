// agents-doctor-truth: doctor starts every registered MCP server as its client would (command, args,
// env) and speaks MCP to it; a broken entry is a problem (exit 3), whatever `--version` would say.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLE, cli, isolatedEnv } from '../helpers.js';

function write(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}
/** A memcue on a path of its own, as an installed binary is: the bundle run by this Node. */
function memcueAt(home: string): string {
  const path = join(home, 'bin', 'memcue');
  write(path, `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BUNDLE)} "$@"\n`);
  chmodSync(path, 0o755);
  return path;
}
function edit(path: string, change: (config: Record<string, any>) => void): void {
  const config = JSON.parse(readFileSync(path, 'utf8'));
  change(config);
  writeFileSync(path, JSON.stringify(config, null, 2));
}

describe('doctor on MCP registrations', () => {
  it('a working server: initialize and tools/list answered, the four tools named, exit 0', async () => {
    const env: Record<string, string> = { ...isolatedEnv(), MEMCUE_BIN: process.execPath };
    expect((await cli(['install', 'claude', '--mcp'], { env })).code).toBe(0);
    edit(join(env.HOME!, '.claude.json'), (c) => (c.mcpServers.memcue.args = [BUNDLE, 'mcp']));
    const r = await cli(['doctor'], { env });
    expect(r.stdout).toContain(`ran ${process.execPath} ${BUNDLE} mcp (MCP initialize, tools/list): exit 0, 4 tools (memcue_search, memcue_add, memcue_show, memcue_forget)\n`);
    expect(r.code).toBe(0);
  });

  it('Claude Code\'s entry with args ["mcpx"]: the server never answers initialize; exit 3', async () => {
    const env: Record<string, string> = { ...isolatedEnv(), MEMCUE_BIN: process.execPath };
    expect((await cli(['install', 'claude', '--mcp'], { env })).code).toBe(0);
    edit(join(env.HOME!, '.claude.json'), (c) => (c.mcpServers.memcue.args = [BUNDLE, 'mcpx']));
    const r = await cli(['doctor'], { env });
    expect(r.stdout).toMatch(/ran \S+ \S+ mcpx \(MCP initialize, tools\/list\): exit 1, .*mcpx/);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^memcue: doctor found 1 problem: claude: \S+ \S+ mcpx \(MCP initialize, tools\/list\) /);
    const json = JSON.parse((await cli(['doctor', '--json'], { env })).stdout);
    expect(json.agents[0].wired[0].runs[0]).toMatchObject({ exit_code: 1, failed: true });
  });

  it('Gemini CLI\'s entry with command /nonexistent/memcue: not found, exit 3, though the hook in the same file works', async () => {
    const env: Record<string, string> = isolatedEnv();
    env.MEMCUE_BIN = memcueAt(env.HOME!);
    expect((await cli(['install', 'gemini'], { env })).code).toBe(0);
    expect((await cli(['install', 'gemini', '--mcp'], { env })).code).toBe(0);
    edit(join(env.HOME!, '.gemini', 'settings.json'), (c) => (c.mcpServers.memcue.command = '/nonexistent/memcue'));
    const r = await cli(['doctor'], { env });
    expect(r.stdout).toMatch(/ran \S+ hook gemini session-start: exit 0, card of \d+ characters\n/);
    expect(r.stdout).toContain('ran /nonexistent/memcue mcp (MCP initialize, tools/list): exit -, cannot start /nonexistent/memcue: not found\n');
    expect(r.code).toBe(3);
  });

  it('the entry\'s environment reaches the server (OpenCode\'s `environment`): Node refuses the flag it sets, exit 3', async () => {
    const env: Record<string, string> = { ...isolatedEnv(), MEMCUE_BIN: process.execPath };
    expect((await cli(['install', 'opencode', '--mcp'], { env: { ...env, XDG_CONFIG_HOME: join(env.HOME!, '.config') } })).code).toBe(0);
    const path = join(env.HOME!, '.config', 'opencode', 'opencode.json');
    edit(path, (c) => {
      c.mcp.memcue.command = [process.execPath, BUNDLE, 'mcp'];
      c.mcp.memcue.environment = { NODE_OPTIONS: '--no-such-node-flag' };
    });
    const r = await cli(['doctor'], { env: { ...env, XDG_CONFIG_HOME: join(env.HOME!, '.config') } });
    expect(r.stdout).toMatch(/ran \S+ \S+ mcp \(MCP initialize, tools\/list\): exit 9, .*no-such-node-flag/);
    expect(r.code).toBe(3);
  });

  it('Codex\'s [mcp_servers.memcue]: its args and [mcp_servers.memcue.env] are what doctor runs', async () => {
    const env: Record<string, string> = isolatedEnv();
    const memcue = memcueAt(env.HOME!);
    const config = join(env.HOME!, '.codex', 'config.toml');
    write(config, `[mcp_servers.memcue]\ncommand = ${JSON.stringify(memcue)}\nargs = ["mcp"]\n\n[mcp_servers.memcue.env]\nMEMCUE_DB = "${join(env.HOME!, 'other.db')}"\n`);
    let r = await cli(['doctor'], { env });
    expect(r.stdout).toContain(`ran ${memcue} mcp (MCP initialize, tools/list): exit 0, 4 tools`);
    expect(r.code).toBe(0);
    write(config, readFileSync(config, 'utf8').replace('args = ["mcp"]', 'args = ["mcpx"]'));
    r = await cli(['doctor'], { env });
    expect(r.stdout).toContain(`ran ${memcue} mcpx (MCP initialize, tools/list): exit 1`);
    expect(r.code).toBe(3);
    write(config, readFileSync(config, 'utf8').replace('args = ["mcpx"]', 'args = ["mcp"]') + 'NODE_OPTIONS = "--no-such-node-flag"\n');
    r = await cli(['doctor'], { env });
    expect(r.stdout).toMatch(/\(MCP initialize, tools\/list\): exit 9, .*no-such-node-flag/);
  });
});
