// What Codex's card says about writing, from Codex's config.toml: read-only in a folder not trusted
// (nor a sandbox_mode that writes), the MCP tools named when they are registered.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codexWriteNote } from '../../src/hooks/codex-sandbox.js';
import { codexSandbox } from '../../src/install/codex-config.js';
import { tempDir } from '../helpers.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

describe('the sandbox Codex gives a folder', () => {
  const trusted = '[projects."/src/app"]\ntrust_level = "trusted"\n';
  it.each([
    ['', '/src/app', 'read-only'],
    [trusted, '/src/app', 'workspace-write'],
    [trusted, '/src/app/lib', 'workspace-write'], // a folder inside a trusted one
    [trusted, '/src/other', 'read-only'],
    ['[projects."/src/app"]\ntrust_level = "untrusted"\n', '/src/app', 'read-only'],
    [`sandbox_mode = "danger-full-access"\n${trusted}`, '/src/other', 'danger-full-access'],
    ['sandbox_mode = "read-only"\n' + trusted, '/src/app', 'read-only'],
  ])('%j in %s: %s', (config, cwd, mode) => {
    expect(codexSandbox(config, cwd)).toBe(mode);
  });
});

describe('the card\'s note', () => {
  it('says add cannot write in a read-only sandbox, names the tools when registered, and says nothing when it can write', () => {
    const home = tempDir();
    const config = join(home, '.codex', 'config.toml');
    write(config, '');
    expect(codexWriteNote({ HOME: home }, '/src/app')).toContain('give the user the exact `memcue add …` command');
    write(config, '[mcp_servers.memcue]\ncommand = "/opt/memcue"\nargs = ["mcp"]\n');
    expect(codexWriteNote({ HOME: home }, '/src/app')).toContain('use the memcue_add and memcue_forget tools');
    write(config, '[projects."/src/app"]\ntrust_level = "trusted"\n');
    expect(codexWriteNote({ HOME: home }, '/src/app')).toBeUndefined();
  });
});
