// An MCP server entry in a client's JSON config, in the shape that client's own `mcp add` writes:
//   Cursor, Claude Desktop, Claude Code (~/.claude.json, .mcp.json), Gemini CLI (settings.json):
//     {"mcpServers": {"memcue": {"command": "...", "args": ["mcp"], …}}}
//   OpenCode (opencode.json): {"mcp": {"memcue": {"type": "local", "command": ["...", "mcp"], "enabled": true}}}
// Our entry is the "memcue" key; every other server and key is kept, indentation follows the file.
import type { Target } from './engine.js';
import { objectAt, parse, serialize } from './json-hooks.js';
import { parseJsonc } from './jsonc.js';

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

/** What doctor and install call an MCP registration. */
export const MCP_LABEL = 'MCP server "memcue"';

/** `jsonc`: the client reads the file as JSON with comments (Gemini CLI, OpenCode). */
export function mcpServerTarget(path: string, shape: McpJsonShape | string, jsonc = false): Target {
  const { container, entry } = typeof shape === 'string' ? mcpServersShape(shape) : shape;
  const servers = (text: string) => parse(text, path, jsonc)[container] as Record<string, unknown> | undefined;
  return {
    path,
    label: MCP_LABEL,
    has: (current) => current !== null && current.trim() !== '' && servers(current)?.[KEY] !== undefined,
    add(current) {
      const config = current === null || current.trim() === '' ? {} : parse(current, path, jsonc);
      const list = objectAt(config, container, path);
      // An entry from an older install that names another binary gets this one.
      if (current !== null && JSON.stringify(list[KEY]) === JSON.stringify(entry)) return current;
      list[KEY] = entry;
      return serialize(config, current);
    },
    remove(current) {
      const config = parse(current, path, jsonc);
      const list = config[container] as Record<string, unknown> | undefined;
      if (!list || typeof list !== 'object' || !(KEY in list)) return current;
      delete list[KEY];
      if (Object.keys(list).length === 0) delete config[container];
      return serialize(config, current);
    },
  };
}

/** How a client starts the memcue MCP server: the command, its arguments and the environment added. */
export interface McpLaunch {
  command: string;
  args: string[];
  env: Record<string, string>;
  /** The folder the client starts it in, when the entry names one (Gemini's `cwd`). */
  cwd?: string;
}

/** The memcue MCP server of a client's JSON config, whichever shape it has (comments allowed). */
export function mcpServerLaunch(text: string): McpLaunch | undefined {
  try {
    type Entry = { command?: unknown; args?: unknown; env?: unknown; environment?: unknown; cwd?: unknown };
    const config = parseJsonc(text) as { mcpServers?: { memcue?: Entry }; mcp?: { memcue?: Entry } };
    const entry = config.mcpServers?.memcue ?? config.mcp?.memcue;
    if (!entry) return undefined;
    // OpenCode: `command` is the whole argv and the variables are `environment`.
    const argv = Array.isArray(entry.command) ? entry.command : [entry.command, ...(Array.isArray(entry.args) ? entry.args : [])];
    const env = entry.env ?? entry.environment;
    const strings = (o: unknown) => Object.fromEntries(Object.entries(o && typeof o === 'object' ? o : {}).map(([k, v]) => [k, String(v)]));
    if (typeof argv[0] !== 'string') return undefined;
    return { command: argv[0], args: argv.slice(1).map(String), env: strings(env), ...(typeof entry.cwd === 'string' ? { cwd: entry.cwd } : {}) };
  } catch {
    return undefined;
  }
}
