// install codex's part of config.toml: memcue's data folder among the sandbox writable roots, beside
// whatever the user (or Codex itself) has there; uninstall puts each file back as it was.
import { describe, expect, it } from 'vitest';
import { codexMcpCommand, codexMcpTarget, writableRootTarget } from '../../src/install/codex-config.js';

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

  // What real Codex 0.171.0's TUI appended to a config.toml ending with memcue's block, before the
  // block's end marker (test/agents/codex-tui.test.ts): its TUI state and the user's hook trust.
  const CODEX_ADDED =
    '[tui]\nscreen_reader_detection_done = true\n\n[tui.model_availability_nux]\n"gpt-6.1-sol" = 1\n\n[hooks.state]\n\n[hooks.state."/home/u/.codex/hooks.json:session_start:0:0"]\ntrusted_hash = "sha256:df1b"\n';
  const codexAppends = (text: string) => (text.endsWith('# memcue:end\n') ? text.replace(/# memcue:end\n$/, `${CODEX_ADDED}# memcue:end\n`) : `${text}\n${CODEX_ADDED}`);

  it.each([
    ['its own table', 'model = "gpt-5"\n'],
    ['under the user\'s table', '[sandbox_workspace_write]\nnetwork_access = true\n'],
    ['beside the user\'s roots', '[sandbox_workspace_write]\nwritable_roots = ["/srv/cache"]\n'],
  ])('%s: what Codex adds inside the block later stays on uninstall and on a second install', (_name, before) => {
    const later = codexAppends(target.add(before));
    expect(later).toContain(CODEX_ADDED);
    const removed = target.remove(later) ?? '';
    expect(removed).toContain(CODEX_ADDED);
    expect(removed).not.toContain(DIR);
    expect(removed).not.toContain('# memcue');
    expect(removed.replace(CODEX_ADDED, '').trimEnd()).toBe(before.trimEnd());
    expect(target.remove(target.add(removed))).toBe(removed);
    expect(target.add(later)).toContain(CODEX_ADDED);
  });

  it('refuses a shape it cannot extend line by line, nothing written', () => {
    expect(() => target.add('[sandbox_workspace_write]\nwritable_roots = [\n  "/a",\n]\n')).toThrow(/nothing was changed/);
    expect(() => target.add('sandbox_workspace_write = { writable_roots = ["/a"] }\n')).toThrow(/nothing was changed/);
  });
});

it('the MCP block: Codex\'s tables after it stay, its tool approvals under [mcp_servers.memcue] go with it', () => {
  const mcp = codexMcpTarget('/home/u/.codex/config.toml', '/opt/memcue');
  const before = 'model = "gpt-5"\n';
  const installed = mcp.add(before);
  const later = installed.replace(/# memcue:end \(mcp\)\n$/, '[mcp_servers.memcue.tools.memcue_add]\napproval_mode = "approve"\n\n[hooks.state]\n\n[projects."/src/app"]\ntrust_level = "trusted"\n# memcue:end (mcp)\n');
  const removed = mcp.remove(later);
  expect(removed).toBe(`${before}\n[hooks.state]\n\n[projects."/src/app"]\ntrust_level = "trusted"\n`);
  expect(mcp.add(later)).toContain('[projects."/src/app"]');
  expect(mcp.remove(installed)).toBe(before);
});

it('reads the memcue MCP server\'s command however it was written', () => {
  expect(codexMcpCommand('[mcp_servers.memcue]\ncommand = "/opt/memcue"\nargs = ["mcp"]\n')).toBe('/opt/memcue');
  expect(codexMcpCommand('[mcp_servers.other]\ncommand = "x"\n')).toBeUndefined();
});
