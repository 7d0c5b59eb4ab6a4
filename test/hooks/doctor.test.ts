import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VERSION } from '../../src/version.js';
import { BINARY, cli, isolatedEnv } from '../helpers.js';
import { repoDir } from './fixtures.js';

describe('memcue doctor', () => {
  it('reports version, database health, repo identity, wired agents and the last hook errors', async () => {
    const env: Record<string, string> = { ...isolatedEnv(), MEMCUE_BIN: '/nowhere/memcue' };
    const repo = repoDir();
    await cli(['add', '--kind', 'rule', 'one fact'], { env, cwd: repo });
    await cli(['install', 'claude'], { env, cwd: repo });
    await cli(['install', 'opencode', '--project'], { env, cwd: repo });
    await cli(['hook', 'claude', 'session-start'], { env, stdin: 'not json' });
    const settings = join(env.HOME!, '.claude', 'settings.json');
    const current = JSON.parse(readFileSync(settings, 'utf8'));
    writeFileSync(settings, JSON.stringify({ ...current, enabledPlugins: { 'memcue@memcue': true, 'other@x': true } }));

    const r = await cli(['doctor'], { env, cwd: repo });
    expect(r.code).toBe(3); // the hooks run /nowhere/memcue, which is not there: memory does not reach the agents
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe(`memcue ${VERSION}`);
    expect(r.stdout).toContain(`database  ${env.MEMCUE_DB}: integrity ok, schema `);
    expect(r.stdout).toContain(', 1 facts, 1 versions, ');
    expect(r.stdout).toContain(`repo      github.com/acme/app (${repo})`);
    expect(r.stdout).toContain(`  claude    SessionStart hook: ${settings}\n`);
    expect(r.stdout).toContain(`  claude    plugin memcue@memcue enabled: ${settings}\n`);
    expect(r.stdout).toContain(`  opencode  plugin: ${join(repo, '.opencode', 'plugins', 'memcue.ts')}\n`);
    expect(r.stdout).toContain('  hermes    not wired (memcue install hermes)\n');
    expect(r.stdout).toMatch(/hook log  .*hook\.log: last errors:\n {2}\S+Z hook claude session-start: /);

    const json = JSON.parse((await cli(['doctor', '--json'], { env, cwd: repo })).stdout);
    expect(json.database).toMatchObject({ exists: true, integrity: 'ok', facts: 1 });
    expect(json.repo).toEqual({ id: 'github.com/acme/app', root: repo });
    expect(json.agents.map((a: { agent: string }) => a.agent)).toEqual(['claude', 'hermes', 'dsh', 'codex', 'gemini', 'opencode', 'cursor', 'claude-desktop']);
    expect(json.hook_log.last_errors).toHaveLength(1);
  });

  it('says so when there is no database yet, no repository and no errors', async () => {
    const env = isolatedEnv();
    const cwd = join(env.HOME!, 'plain');
    mkdirSync(cwd);
    const r = await cli(['doctor'], { env, cwd });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('not created yet');
    expect(r.stdout).toContain(`repo      none: ${cwd} is not in a git repository`);
    expect(r.stdout).toMatch(/hook log  .*: no errors\n$/);
  });

  it('reports a file that is not a memcue database, and exits 3', async () => {
    const env = isolatedEnv();
    writeFileSync(env.MEMCUE_DB!, 'hello');
    const r = await cli(['doctor'], { env });
    expect(r.code).toBe(3);
    expect(r.stdout).toMatch(/database .*: ERROR .*not a memcue database/);
  });
});

describe('memcue doctor runs what the agents run', () => {
  it('reports the exit code of an installed hook that cannot start', async () => {
    const env: Record<string, string> = { ...isolatedEnv(), MEMCUE_BIN: '/nowhere/memcue' };
    await cli(['install', 'claude'], { env });
    const r = await cli(['doctor'], { env });
    expect(r.code).toBe(3);
    expect(r.stdout).toMatch(/ {12}ran \/nowhere\/memcue hook claude session-start: exit 127, .*not found\n/);
    const json = JSON.parse((await cli(['doctor', '--json'], { env })).stdout);
    expect(json.agents[0].wired[0].runs[0]).toMatchObject({ command: '/nowhere/memcue hook claude session-start', exit_code: 127 });
  });

  it.skipIf(!existsSync(BINARY))('reports exit 0 and the card\'s size for a working hook; Codex\'s trust step', async () => {
    const env: Record<string, string> = { ...isolatedEnv(), MEMCUE_BIN: BINARY };
    await cli(['install', 'codex'], { env });
    await cli(['install', 'opencode'], { env });
    const r = await cli(['doctor'], { env });
    expect(r.code).toBe(0); // Codex's trust is a step doctor names, not a failure
    expect(r.stdout).toMatch(new RegExp(`ran ${BINARY} hook codex session-start: exit 0, card of \\d+ characters\\n`));
    expect(r.stdout).toContain('codex     sandbox writable root');
    expect(r.stdout).toMatch(/\n {12}At its next start Codex shows "Hooks need review: 1 hook is new or changed"/);
    expect(r.stdout).toContain(`ran ${BINARY} --version: exit 0, memcue ${VERSION}\n`);
  });
});
