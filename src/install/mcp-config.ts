// An MCP server entry in a client's JSON config, in the shape that client's own `mcp add` writes:
//   Cursor, Claude Desktop, Claude Code (~/.claude.json, .mcp.json), Gemini CLI (settings.json):
//     {"mcpServers": {"memcue": {"command": "...", "args": ["mcp"], …}}}
//   OpenCode (opencode.json): {"mcp": {"memcue": {"type": "local", "command": ["...", "mcp"], "enabled": true}}}
// Our entry is the "memcue" key; every other server and key is kept, indentation follows the file.
import type { Target } from './engine.js';
import { objectAt, parse, serialize } from './json-hooks.js';

const KEY = 'memcue';

export interface McpJsonShape {
  /** The object holding the servers: "mcpServers", or OpenCode's "mcp". */
  container: string;
  entry: Record<string, unknown>;
}

/** `command mcp` in the common shape, with what a client needs beside it (Gemini's `trust`). */
export function mcpServersShape(command: string, extra: Record<string, unknown> = {}): McpJsonShape {
  return { container: 'mcpServers', entry: { command, args: ['mcp'], ...extra } };
}

export function mcpServerTarget(path: string, shape: McpJsonShape | string): Target {
  const { container, entry } = typeof shape === 'string' ? mcpServersShape(shape) : shape;
  const servers = (text: string) => parse(text, path)[container] as Record<string, unknown> | undefined;
  return {
    path,
    label: 'MCP server "memcue"',
    has: (current) => current !== null && current.trim() !== '' && servers(current)?.[KEY] !== undefined,
    add(current) {
      const config = current === null || current.trim() === '' ? {} : parse(current, path);
      const list = objectAt(config, container, path);
      // An entry from an older install that names another binary gets this one.
      if (current !== null && JSON.stringify(list[KEY]) === JSON.stringify(entry)) return current;
      list[KEY] = entry;
      return serialize(config, current);
    },
    remove(current) {
      const config = parse(current, path);
      const list = config[container] as Record<string, unknown> | undefined;
      if (!list || typeof list !== 'object' || !(KEY in list)) return current;
      delete list[KEY];
      if (Object.keys(list).length === 0) delete config[container];
      return serialize(config, current);
    },
  };
}

/** The command of the memcue MCP server in a client's JSON config, whichever shape it has. */
export function mcpServerCommand(text: string): string | undefined {
  try {
    const config = JSON.parse(text) as { mcpServers?: { memcue?: { command?: unknown } }; mcp?: { memcue?: { command?: unknown } } };
    const command = config.mcpServers?.memcue?.command ?? config.mcp?.memcue?.command;
    const first = Array.isArray(command) ? command[0] : command;
    return typeof first === 'string' ? first : undefined;
  } catch {
    return undefined;
  }
}
