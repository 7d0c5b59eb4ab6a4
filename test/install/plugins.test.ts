// The plugin files shipped in this repository: the Claude Code marketplace and plugin (manifests,
// hooks, the bin/memcue launcher, skills) and the OpenCode plugin, run against real memcue.
import { existsSync, mkdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BINARY, cli, isolatedEnv, ROOT, runProcess, tempDir } from '../helpers.js';
import { repoDir } from '../hooks/fixtures.js';

const PLUGIN = join(ROOT, 'plugins', 'claude', 'memcue');
const LAUNCHER = join(PLUGIN, 'bin', 'memcue');
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
const version = readJson(join(ROOT, 'package.json')).version as string;

describe('Claude Code marketplace and plugin', () => {
  const marketplace = readJson(join(ROOT, '.claude-plugin', 'marketplace.json'));
  const plugin = readJson(join(PLUGIN, '.claude-plugin', 'plugin.json'));

  it('marketplace.json: kebab-case name, an owner, one plugin whose source is the plugin folder', () => {
    expect(marketplace.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(typeof marketplace.owner?.name).toBe('string');
    expect(marketplace.plugins).toHaveLength(1);
    const [entry] = marketplace.plugins;
    expect(entry.name).toBe(plugin.name);
    expect(entry.source).toMatch(/^\.\//);
    expect(join(ROOT, entry.source)).toBe(PLUGIN);
    expect(existsSync(join(ROOT, entry.source, '.claude-plugin', 'plugin.json'))).toBe(true);
    expect(entry.version).toBe(version);
  });

  it('plugin.json: name, version of the package, description, author (claude plugin validate --strict wants it)', () => {
    expect(plugin.name).toBe('memcue');
    expect(typeof plugin.author?.name).toBe('string');
    expect(plugin.version).toBe(version);
    expect(plugin.description.length).toBeGreaterThan(20);
  });

  it('hooks/hooks.json: one synchronous SessionStart command hook through the launcher', () => {
    const hooks = readJson(join(PLUGIN, 'hooks', 'hooks.json'));
    expect(Object.keys(hooks.hooks)).toEqual(['SessionStart']);
    expect(hooks.hooks.SessionStart).toEqual([
      {
        matcher: 'startup|resume|clear|compact|fork',
        hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}/bin/memcue" hook claude session-start', timeout: 10 }],
      },
    ]);
    expect(JSON.stringify(hooks)).not.toContain('async');
  });

  it('skills: remember (and dream) carry name and description front matter', () => {
    for (const skill of ['remember', 'dream']) {
      const path = join(PLUGIN, 'skills', skill, 'SKILL.md');
      if (skill === 'dream' && !existsSync(path)) continue; // written by another change
      const text = readFileSync(path, 'utf8');
      const front = /^---\n([\s\S]*?)\n---\n/.exec(text)?.[1] ?? '';
      expect(front).toMatch(new RegExp(`^name: ${skill}$`, 'm'));
      expect(front).toMatch(/^description: .{40,}$/m);
    }
  });

  it('the hook runs through the launcher exactly as Claude Code runs it', () => {
    const env = { ...isolatedEnv(), MEMCUE_BIN: BINARY, CLAUDE_PLUGIN_ROOT: PLUGIN, PATH: '/usr/bin:/bin' };
    const command = readJson(join(PLUGIN, 'hooks', 'hooks.json')).hooks.SessionStart[0].hooks[0].command as string;
    const input = JSON.stringify({ session_id: 's', cwd: tempDir(), hook_event_name: 'SessionStart', source: 'startup' });
    const r = runProcess('/bin/sh', ['-c', command], { env, stdin: input });
    expect(r.code).toBe(0);
    if (existsSync(BINARY)) expect(JSON.parse(r.stdout).hookSpecificOutput.additionalContext).toContain('# memcue: long-term memory');
  });
});

describe('the plugin\'s bin/memcue launcher', () => {
  it('is executable', () => {
    expect(statSync(LAUNCHER).mode & 0o111).toBe(0o111);
  });

  it('without memcue installed: the session-start hook says how to install it and exits 0', () => {
    const env = { HOME: tempDir(), PATH: `${join(PLUGIN, 'bin')}:/usr/bin:/bin` };
    const r = runProcess(LAUNCHER, ['hook', 'claude', 'session-start'], { env, stdin: '{}' });
    expect(r.code).toBe(0);
    const context = JSON.parse(r.stdout).hookSpecificOutput.additionalContext as string;
    expect(context).toMatch(/memcue is not installed.*Install it/);
    expect(runProcess(LAUNCHER, ['hook', 'claude', 'stop'], { env })).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('without memcue installed: a direct call says how to install it', () => {
    const env = { HOME: tempDir(), PATH: `${join(PLUGIN, 'bin')}:/usr/bin:/bin` };
    const r = runProcess(LAUNCHER, ['search', 'deploy'], { env });
    expect(r.code).toBe(127);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^memcue: memcue is not installed.*curl -fsSL https:\/\/github\.com\/memcue\/memcue\/releases\/latest\/download\/install\.sh \| sh/);
    expect(r.stderr).not.toContain('npm install -g');
  });

  it.skipIf(!existsSync(BINARY))('runs the memcue found on PATH, skipping its own folder', () => {
    const bin = join(tempDir(), 'bin');
    mkdirSync(bin);
    symlinkSync(BINARY, join(bin, 'memcue'));
    const env = { ...isolatedEnv(), PATH: `${join(PLUGIN, 'bin')}:${bin}:/usr/bin:/bin` };
    const r = runProcess(LAUNCHER, ['--version'], { env });
    expect(r).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });
});

describe.skipIf(!existsSync(BINARY))('the OpenCode plugin', () => {
  it('adds the card to the system prompt once per session, and again after compaction', async () => {
    const env = isolatedEnv();
    const repo = repoDir();
    await cli(['add', '--kind', 'rule', 'Use pnpm, never npm'], { env, cwd: repo });
    const saved = { ...process.env };
    Object.assign(process.env, env, { MEMCUE_BIN: BINARY });
    try {
      const { MemcuePlugin } = await import('../../plugins/opencode/memcue.js');
      const hooks = await MemcuePlugin({ directory: repo, worktree: repo });
      const transform = hooks['experimental.chat.system.transform'];
      const first = { system: ['You are OpenCode.'] };
      await transform({ sessionID: 'ses_1' }, first);
      expect(first.system).toHaveLength(2);
      expect(first.system[1]).toBe((await cli(['card'], { env: { ...env, MEMCUE_BIN: BINARY }, cwd: repo })).stdout);
      expect(first.system[1]).toContain('rule: Use pnpm, never npm');

      await cli(['add', '--kind', 'decision', 'Vite, not webpack, for the dashboard'], { env, cwd: repo });
      const again = { system: [] as string[] };
      await transform({ sessionID: 'ses_1' }, again);
      expect(again.system[0]).toBe(first.system[1]); // same session: the card it started with
      await hooks.event({ event: { type: 'session.compacted' } });
      const compacted = { system: [] as string[] };
      await transform({ sessionID: 'ses_1' }, compacted);
      expect(compacted.system[0]).toContain('decision: Vite, not webpack');
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
    }
  });
});
