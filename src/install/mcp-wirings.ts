// `memcue install <agent> --mcp`: `memcue mcp` registered as an MCP server where each client reads
// it, in the shape the client's own `mcp add` writes (checked against `claude mcp add --scope user`,
// `codex mcp add`, `gemini mcp add --trust`; OpenCode's `mcp add` is interactive, its shape is the
// one `opencode mcp list` reads). Recorded apart from the hook wiring (`<agent>-mcp`), so either
// comes out alone.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from '../context.js';
import { configHome, homeOf } from './paths.js';
import { memcueBinary } from './binary.js';
import { codexConfigPath, codexMcpTarget } from './codex-config.js';
import type { Wiring } from './engine.js';
import { mcpServersShape, mcpServerTarget } from './mcp-config.js';

export const MCP_AGENTS = ['claude', 'codex', 'gemini', 'opencode'] as const;
export type McpAgent = (typeof MCP_AGENTS)[number];

export function isMcpAgent(agent: string): agent is McpAgent {
  return (MCP_AGENTS as readonly string[]).includes(agent);
}

/** The install record's name for an agent's MCP registration. */
export function mcpRecordName(agent: McpAgent): string {
  return `${agent}-mcp`;
}

export function mcpWiring(agent: McpAgent, ctx: Context, project: boolean): Wiring {
  const command = memcueBinary(ctx.env);
  const root = ctx.repo()?.root ?? ctx.cwd;
  const restart = 'Start a new session to load the server.';
  switch (agent) {
    case 'claude': {
      // User scope lives in ~/.claude.json (beside CLAUDE_CONFIG_DIR's settings when that is set);
      // a project's servers in .mcp.json, which Claude Code asks each user to approve once.
      const path = project ? join(root, '.mcp.json') : join(ctx.env.CLAUDE_CONFIG_DIR || homeOf(ctx.env), '.claude.json');
      const shape = { container: 'mcpServers', entry: { type: 'stdio', command, args: ['mcp'], env: {} } };
      const notes = project ? ['Claude Code asks each user to approve a project\'s MCP servers once (or /mcp).', restart] : [restart];
      return { agent: mcpRecordName(agent), targets: [mcpServerTarget(path, shape)], notes };
    }
    case 'codex':
      return { agent: mcpRecordName(agent), targets: [codexMcpTarget(codexConfigPath(ctx.env), command)], notes: [restart] };
    case 'gemini': {
      // Without `trust`, headless Gemini CLI (`gemini -p`) leaves the server's tools out of the request.
      const dir = project ? join(root, '.gemini') : join(homeOf(ctx.env), '.gemini');
      return { agent: mcpRecordName(agent), targets: [mcpServerTarget(join(dir, 'settings.json'), mcpServersShape(command, { trust: true }), true)], notes: [restart] };
    }
    case 'opencode': {
      const path = opencodeConfig(project ? root : join(configHome(ctx.env), 'opencode'));
      const shape = { container: 'mcp', entry: { type: 'local', command: [command, 'mcp'], enabled: true } };
      return { agent: mcpRecordName(agent), targets: [mcpServerTarget(path, shape, true)], notes: [restart] };
    }
  }
}

/** OpenCode reads opencode.json and opencode.jsonc: the user's .jsonc when that is the one there. */
function opencodeConfig(dir: string): string {
  const json = join(dir, 'opencode.json');
  const jsonc = join(dir, 'opencode.jsonc');
  return !existsSync(json) && existsSync(jsonc) ? jsonc : json;
}
