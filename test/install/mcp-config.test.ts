// install cursor | claude-desktop: the "memcue" entry under mcpServers, every other server kept, and
// uninstall giving back the file byte for byte (or removing only our entry once the user edited it).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claudeDesktopConfig } from '../../src/install/mcp-clients.js';
import { cli, isolatedEnv } from '../helpers.js';

const BIN = '/opt/memcue/bin/memcue';
const read = (path: string) => readFileSync(path, 'utf8');
function write(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}
const OTHERS = JSON.stringify({ mcpServers: { github: { command: 'gh-mcp', args: ['stdio'] } }, theme: 'dark' }, null, 4);

const clients = [
  { agent: 'cursor', config: (env: Record<string, string>) => join(env.HOME!, '.cursor', 'mcp.json') },
  { agent: 'claude-desktop', config: (env: Record<string, string>) => join(env.XDG_CONFIG_HOME!, 'Claude', 'claude_desktop_config.json') },
];

describe.each(clients)('install $agent', ({ agent, config }) => {
  const envFor = () => {
    const env = isolatedEnv();
    return { ...env, MEMCUE_BIN: BIN, XDG_CONFIG_HOME: join(env.HOME!, '.config') };
  };

  it('adds mcpServers.memcue next to the other servers; a second install changes nothing; uninstall gives back every byte', async () => {
    const env = envFor();
    const path = config(env);
    write(path, OTHERS);
    expect((await cli(['install', agent], { env })).code).toBe(0);
    const written = JSON.parse(read(path));
    expect(written.mcpServers.memcue).toEqual({ command: BIN, args: ['mcp'] });
    expect(written.mcpServers.github).toEqual({ command: 'gh-mcp', args: ['stdio'] });
    expect(written.theme).toBe('dark');
    expect(read(path)).toContain('\n    "mcpServers"'); // the file's own indentation
    const once = read(path);
    const again = await cli(['install', agent], { env });
    expect(again.stdout).toContain('already there');
    expect(read(path)).toBe(once);
    expect((await cli(['uninstall', agent], { env })).code).toBe(0);
    expect(read(path)).toBe(OTHERS);
  });

  it('creates the file when there is none, and uninstall deletes it and its new folder', async () => {
    const env = envFor();
    const path = config(env);
    expect((await cli(['install', agent], { env })).code).toBe(0);
    expect(JSON.parse(read(path))).toEqual({ mcpServers: { memcue: { command: BIN, args: ['mcp'] } } });
    expect((await cli(['uninstall', agent], { env })).code).toBe(0);
    expect(existsSync(path)).toBe(false);
    expect(existsSync(dirname(path))).toBe(false);
  });

  it('after the user edits the file, uninstall removes only the memcue entry', async () => {
    const env = envFor();
    const path = config(env);
    write(path, OTHERS);
    await cli(['install', agent], { env });
    const edited = JSON.parse(read(path));
    edited.mcpServers.notes = { command: 'notes-mcp' };
    write(path, JSON.stringify(edited, null, 4));
    expect((await cli(['uninstall', agent], { env })).code).toBe(0);
    expect(JSON.parse(read(path))).toEqual({ mcpServers: { github: { command: 'gh-mcp', args: ['stdio'] }, notes: { command: 'notes-mcp' } }, theme: 'dark' });
  });

  it('refuses a file that is not JSON in one line and leaves it alone', async () => {
    const env = envFor();
    const path = config(env);
    write(path, '{ "mcpServers": { // a comment\n');
    const r = await cli(['install', agent], { env });
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('is not valid JSON');
    expect(read(path)).toBe('{ "mcpServers": { // a comment\n');
  });
});

describe('claude_desktop_config.json', () => {
  it('lives where Claude Desktop reads it on each platform', () => {
    const env = { HOME: '/home/u', APPDATA: 'C:\\Users\\u\\AppData\\Roaming' };
    expect(claudeDesktopConfig(env, 'darwin')).toBe('/home/u/Library/Application Support/Claude/claude_desktop_config.json');
    expect(claudeDesktopConfig(env, 'win32')).toContain(join('Claude', 'claude_desktop_config.json'));
    expect(claudeDesktopConfig(env, 'win32').startsWith('C:\\Users\\u\\AppData\\Roaming')).toBe(true);
    expect(claudeDesktopConfig({ HOME: '/home/u' }, 'linux')).toBe('/home/u/.config/Claude/claude_desktop_config.json');
  });
});

it('install cursor --project writes a .cursor/mcp.json that runs on a teammate\'s machine: no path of this one', async () => {
  const env: Record<string, string> = { ...isolatedEnv(), MEMCUE_BIN: BIN };
  const cwd = join(env.HOME!, 'proj');
  mkdirSync(cwd);
  const r = await cli(['install', 'cursor', '--project'], { env, cwd });
  expect(r.code).toBe(0);
  const text = read(join(cwd, '.cursor', 'mcp.json'));
  expect(JSON.parse(text).mcpServers.memcue).toEqual({ command: 'npx', args: ['-y', 'memcue', 'mcp'] });
  expect(text).not.toContain(env.HOME!);
  expect(r.stdout).not.toContain('previous contents kept'); // there was no file
  expect(r.stdout).toContain('`memcue uninstall cursor --project` takes it out again');
});

it('doctor starts the MCP server as the client would and reports that it cannot', async () => {
  const env: Record<string, string> = { ...isolatedEnv(), MEMCUE_BIN: BIN };
  await cli(['install', 'cursor'], { env });
  const cursor = JSON.parse((await cli(['doctor', '--json'], { env })).stdout).agents.find((a: { agent: string }) => a.agent === 'cursor');
  expect(cursor.wired[0].path).toBe(join(env.HOME!, '.cursor', 'mcp.json'));
  expect(cursor.wired[0].runs).toEqual([expect.objectContaining({ command: `${BIN} mcp (MCP initialize, tools/list)`, exit_code: null, failed: true })]);
});
