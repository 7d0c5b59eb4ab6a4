// An MCP server entry in a client's JSON config (Cursor's mcp.json, Claude Desktop's
// claude_desktop_config.json): {"mcpServers": {"memcue": {"command": "...", "args": ["mcp"]}}}.
// Our entry is the "memcue" key; every other server and key is kept, indentation follows the file.
import type { Target } from './engine.js';
import { objectAt, parse, serialize } from './json-hooks.js';

const KEY = 'memcue';

export function mcpServerTarget(path: string, command: string): Target {
  const entry = { command, args: ['mcp'] };
  const servers = (text: string) => parse(text, path).mcpServers as Record<string, unknown> | undefined;
  return {
    path,
    label: 'MCP server "memcue"',
    has: (current) => current !== null && current.trim() !== '' && servers(current)?.[KEY] !== undefined,
    add(current) {
      const config = current === null || current.trim() === '' ? {} : parse(current, path);
      const list = objectAt(config, 'mcpServers', path);
      // An entry from an older install that names another binary gets this one.
      if (current !== null && JSON.stringify(list[KEY]) === JSON.stringify(entry)) return current;
      list[KEY] = entry;
      return serialize(config, current);
    },
    remove(current) {
      const config = parse(current, path);
      const list = config.mcpServers as Record<string, unknown> | undefined;
      if (!list || typeof list !== 'object') return current;
      delete list[KEY];
      if (Object.keys(list).length === 0) delete config.mcpServers;
      return serialize(config, current);
    },
  };
}
