// Help is where a user and an agent learn a command: it must be there when asked for, and show a real call.
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers.js';
import { commands } from './command-list.js';

describe('help', () => {
  it('memcue without a command prints the help on stderr and exits 1 (a call missing its command)', async () => {
    const r = await cli([]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^Usage: memcue \[options\] \[command\]\n/);
    expect(r.stderr).toContain('Commands:');
    // Asked for, help is the answer: stdout, exit 0.
    expect(await cli(['--help'])).toMatchObject({ code: 0, stderr: '' });
  });

  it('every command shows at least one example that calls that very command', async () => {
    const missing: string[] = [];
    for (const { path } of await commands()) {
      const help = (await cli([...path, '--help'])).stdout;
      const examples = /\nExamples?:\n((?: {2}.*\n?)+)/.exec(help)?.[1] ?? '';
      const calls = examples.split('\n').filter((l) => l.includes(`memcue ${path.join(' ')}`));
      if (!calls.length) missing.push(path.join(' '));
    }
    expect(missing).toEqual([]);
  });

  it.each(['install', 'uninstall'])('%s --help lists the agents', async (command) => {
    const help = (await cli([command, '--help'])).stdout;
    const args = help.slice(help.indexOf('Arguments:'), help.indexOf('Options:')).replace(/\s+/g, ' ');
    expect(args).toContain('Arguments: agent the agent to');
    for (const agent of ['claude', 'hermes', 'dsh', 'codex', 'gemini', 'opencode']) expect(args).toContain(`"${agent}"`);
  });
});

it('install --help names every agent that --project wires per repository', async () => {
  const help = (await cli(['install', '--help'])).stdout.replace(/\s+/g, ' ');
  for (const place of ['claude: .claude/settings.json', 'gemini: .gemini/settings.json', 'dsh:', 'opencode: .opencode/plugins/', 'cursor: .cursor/mcp.json']) {
    expect(help).toContain(place);
  }
});
