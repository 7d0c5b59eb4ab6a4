// install codex's part of config.toml: memcue's data folder among the sandbox writable roots, beside
// whatever the user (or Codex itself) has there; uninstall puts each file back as it was.
import { describe, expect, it } from 'vitest';
import { codexMcpCommand, writableRootTarget } from '../../src/install/codex-config.js';

const DIR = '/home/u/.local/share/memcue';
const target = writableRootTarget('/home/u/.codex/config.toml', DIR);

describe('sandbox writable root', () => {
  it.each([
    ['no file', null],
    ['what `codex mcp add` writes', 'model = "gpt-5"\n\n[mcp_servers.other]\ncommand = "node"\nargs = ["x.js"]\n'],
    ['its own table, no roots yet', '[sandbox_workspace_write]\nnetwork_access = true\n\n[projects."/src/app"]\ntrust_level = "trusted"\n'],
    ['roots of the user\'s', '[sandbox_workspace_write]\nwritable_roots = ["/srv/cache", \'/opt/x\']  # mine\n'],
  ])('%s: added once, read back by the TOML reader, removed to the byte', (_name, before) => {
    const after = target.add(before);
    expect(target.has(after)).toBe(true);
    expect(target.add(after)).toBe(after);
    expect(after.match(/\[sandbox_workspace_write\]/g)).toHaveLength(1);
    expect(after).toMatch(new RegExp(`writable_roots = \\[.*${JSON.stringify(DIR).replace(/[.[\]]/g, '\\$&')}\\]`));
    expect(target.remove(after)).toBe(before ?? '');
  });

  it('keeps the user\'s roots ahead of ours, and changes nothing when the folder is already one of them', () => {
    expect(target.add('[sandbox_workspace_write]\nwritable_roots = ["/srv/cache"]\n')).toContain(`writable_roots = ["/srv/cache", "${DIR}"]`);
    const already = `[sandbox_workspace_write]\nwritable_roots = ["${DIR}"]\n`;
    expect(target.add(already)).toBe(already);
  });

  it('refuses a shape it cannot extend line by line, nothing written', () => {
    expect(() => target.add('[sandbox_workspace_write]\nwritable_roots = [\n  "/a",\n]\n')).toThrow(/nothing was changed/);
    expect(() => target.add('sandbox_workspace_write = { writable_roots = ["/a"] }\n')).toThrow(/nothing was changed/);
  });
});

it('reads the memcue MCP server\'s command however it was written', () => {
  expect(codexMcpCommand('[mcp_servers.memcue]\ncommand = "/opt/memcue"\nargs = ["mcp"]\n')).toBe('/opt/memcue');
  expect(codexMcpCommand('[mcp_servers.other]\ncommand = "x"\n')).toBeUndefined();
});
