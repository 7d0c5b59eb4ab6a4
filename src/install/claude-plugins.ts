// Claude Code's plugin of memcue, which gives sessions the card as memcue's hook does: doctor lists
// it among the wirings, and the MCP server gives no second card where it is enabled.
import { join } from 'node:path';
import type { Env } from '../config.js';
import { homeOf } from './paths.js';
import { readFile } from './engine.js';

/**
 * The Claude Code plugins of memcue enabled in the user's settings (`enabledPlugins:
 * {"memcue@<marketplace>": true}`, the key format of Claude Code's settings; the marketplace name is
 * the user's choice), and that settings file.
 */
export function claudePlugins(env: Env): { settings: string; ids: string[] } {
  const settings = join(env.CLAUDE_CONFIG_DIR || join(homeOf(env), '.claude'), 'settings.json');
  try {
    const enabled = (JSON.parse(readFile(settings)?.toString('utf8') ?? '{}') as { enabledPlugins?: Record<string, unknown> }).enabledPlugins ?? {};
    return { settings, ids: Object.entries(enabled).filter(([id, on]) => id.startsWith('memcue@') && on === true).map(([id]) => id) };
  } catch {
    return { settings, ids: [] };
  }
}
