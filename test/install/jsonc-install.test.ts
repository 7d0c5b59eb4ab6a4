// install into the files whose clients read JSON with comments (Gemini CLI's settings.json, OpenCode's
// opencode.json / opencode.jsonc): the user's comments and layout stay, only memcue's part changes,
// and uninstall gives the file back byte for byte (or, after the user's own edit, removes only ours).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJsonc } from '../../src/install/jsonc.js';
import { cli, isolatedEnv } from '../helpers.js';

const BIN = '/opt/memcue/bin/memcue';
const read = (path: string) => readFileSync(path, 'utf8');
function write(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}
const envFor = (): Record<string, string> => {
  const env = isolatedEnv();
  return { ...env, MEMCUE_BIN: BIN, XDG_CONFIG_HOME: join(env.HOME!, '.config') };
};

const GEMINI = `// Gemini CLI strips comments from this file
{
  "ui": { "theme": "GitHub" }, // one line, as I like it
  /* my other hook */
  "hooks": {
    "BeforeTool": [{ "matcher": "run_shell_command", "hooks": [{ "type": "command", "command": "audit" }] }],
  },
}
`;

describe('install into JSONC files', () => {
  it('a commented Gemini settings.json installs (hook and --mcp), keeps its comments, and uninstall gives it back byte for byte', async () => {
    const env = envFor();
    const path = join(env.HOME!, '.gemini', 'settings.json');
    write(path, GEMINI);
    for (const args of [['install', 'gemini'], ['install', 'gemini', '--mcp']]) {
      const r = await cli(args, { env });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
    }
    const text = read(path);
    for (const kept of ['// Gemini CLI strips comments from this file\n', '"ui": { "theme": "GitHub" }, // one line, as I like it\n', '/* my other hook */\n', '"BeforeTool": [{ "matcher": "run_shell_command", "hooks": [{ "type": "command", "command": "audit" }] }],\n']) {
      expect(text).toContain(kept);
    }
    const settings = parseJsonc(text) as { hooks: Record<string, unknown[]>; mcpServers: Record<string, unknown> };
    expect(settings.hooks.SessionStart).toEqual([{ hooks: [{ name: 'memcue', type: 'command', command: `${BIN} hook gemini session-start`, timeout: 10000 }] }]);
    expect(settings.mcpServers.memcue).toEqual({ command: BIN, args: ['mcp'], trust: true });
    expect((await cli(['install', 'gemini'], { env })).stdout).toContain('already there');
    expect(read(path)).toBe(text);

    expect((await cli(['uninstall', 'gemini', '--mcp'], { env })).code).toBe(0);
    expect((await cli(['uninstall', 'gemini'], { env })).code).toBe(0);
    expect(read(path)).toBe(GEMINI);
  });

  it('after the user edited the file, uninstall removes only memcue\'s part and keeps their edit and layout', async () => {
    const env = envFor();
    const path = join(env.HOME!, '.gemini', 'settings.json');
    write(path, GEMINI);
    expect((await cli(['install', 'gemini'], { env })).code).toBe(0);
    write(path, read(path).replace('"theme": "GitHub"', '"theme": "Dracula"'));
    expect((await cli(['uninstall', 'gemini'], { env })).code).toBe(0);
    expect(read(path)).toBe(GEMINI.replace('"theme": "GitHub"', '"theme": "Dracula"'));
  });

  it('OpenCode: opencode.json with comments and trailing commas, and an opencode.jsonc that is the user\'s only config', async () => {
    const env = envFor();
    const json = join(env.XDG_CONFIG_HOME!, 'opencode', 'opencode.json');
    const original = '{\n  // my model\n  "model": "local/qwen",\n  "mcp": {\n    "github": { "type": "remote", "url": "https://x" },\n  },\n}\n';
    write(json, original);
    expect((await cli(['install', 'opencode', '--mcp'], { env })).code).toBe(0);
    expect(read(json)).toContain('"github": { "type": "remote", "url": "https://x" },\n');
    expect((parseJsonc(read(json)) as { mcp: Record<string, unknown> }).mcp.memcue).toEqual({ type: 'local', command: [BIN, 'mcp'], enabled: true });
    expect((await cli(['uninstall', 'opencode', '--mcp'], { env })).code).toBe(0);
    expect(read(json)).toBe(original);

    const env2 = envFor();
    const jsonc = join(env2.XDG_CONFIG_HOME!, 'opencode', 'opencode.jsonc');
    write(jsonc, original);
    expect((await cli(['install', 'opencode', '--mcp'], { env: env2 })).code).toBe(0);
    expect(existsSync(join(env2.XDG_CONFIG_HOME!, 'opencode', 'opencode.json'))).toBe(false);
    expect(read(jsonc)).toContain('"memcue"');
  });

  it('Claude Code reads plain JSON: a commented settings.json is refused with one line, nothing written', async () => {
    const env = envFor();
    const path = join(env.HOME!, '.claude', 'settings.json');
    write(path, '{\n  // no\n}\n');
    const r = await cli(['install', 'claude'], { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('reads it as plain JSON');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(read(path)).toBe('{\n  // no\n}\n');
  });
});
