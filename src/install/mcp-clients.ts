// Where MCP clients without a home-relative config keep it.
import { join } from 'node:path';
import type { Env } from '../config.js';
import { configHome, homeOf } from './paths.js';

/**
 * Claude Desktop's config: ~/Library/Application Support/Claude on macOS, %APPDATA%\Claude on
 * Windows (both from Anthropic's MCP quickstart); on Linux, where there is no official build, the
 * community builds read $XDG_CONFIG_HOME/Claude.
 */
export function claudeDesktopConfig(env: Env, platform: NodeJS.Platform = process.platform): string {
  const file = 'claude_desktop_config.json';
  if (platform === 'darwin') return join(homeOf(env), 'Library', 'Application Support', 'Claude', file);
  if (platform === 'win32') return join(env.APPDATA || join(homeOf(env), 'AppData', 'Roaming'), 'Claude', file);
  return join(configHome(env), 'Claude', file);
}
