// Gemini CLI's card after /clear and after a compression (issue 34, item 3): SessionStart "clear" and
// PreCompress mark the session, and its next BeforeAgent gives the card once; install wires the
// three hooks, uninstall takes them all out.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, isolatedEnv } from '../helpers.js';

const hook = (env: Record<string, string>, event: string, input: object) => cli(['hook', 'gemini', event], { env, stdin: JSON.stringify({ cwd: env.HOME, ...input }) });

describe('memcue hook gemini: the card after /clear and compression', () => {
  it('a cleared session gets the card with its next prompt (BeforeAgent), once', async () => {
    const env = isolatedEnv();
    await cli(['add', '--kind', 'rule', '--scope', 'global', 'CLEAR-RULE-3f1a deploy on Tuesdays'], { env });
    const start = await hook(env, 'session-start', { session_id: 's1', hook_event_name: 'SessionStart', source: 'startup' });
    expect(JSON.parse(start.stdout).hookSpecificOutput).toMatchObject({ hookEventName: 'SessionStart' });
    expect((await hook(env, 'before-agent', { session_id: 's1', hook_event_name: 'BeforeAgent', prompt: 'hi' })).stdout).toBe('');

    // Gemini drops what SessionStart gives after /clear: nothing is printed there, the next prompt gets it.
    expect((await hook(env, 'session-start', { session_id: 's2', hook_event_name: 'SessionStart', source: 'clear' })).stdout).toBe('');
    const next = await hook(env, 'before-agent', { session_id: 's2', hook_event_name: 'BeforeAgent', prompt: 'hi' });
    expect(JSON.parse(next.stdout).hookSpecificOutput).toMatchObject({ hookEventName: 'BeforeAgent' });
    expect(JSON.parse(next.stdout).hookSpecificOutput.additionalContext).toContain('CLEAR-RULE-3f1a deploy on Tuesdays');
    expect((await hook(env, 'before-agent', { session_id: 's2', hook_event_name: 'BeforeAgent', prompt: 'again' })).stdout).toBe('');
  });

  it('after /compress (PreCompress "manual") the session\'s next prompt gets the card again; other sessions do not', async () => {
    const env = isolatedEnv();
    await cli(['add', '--kind', 'rule', '--scope', 'global', 'COMPRESS-RULE-8c2d no force push'], { env });
    // Gemini fires PreCompress "auto" before every turn's check of the context's size: no card then.
    expect((await hook(env, 'pre-compress', { session_id: 's1', hook_event_name: 'PreCompress', trigger: 'auto' })).stdout).toBe('');
    expect((await hook(env, 'before-agent', { session_id: 's1', hook_event_name: 'BeforeAgent', prompt: 'x' })).stdout).toBe('');
    expect((await hook(env, 'pre-compress', { session_id: 's1', hook_event_name: 'PreCompress', trigger: 'manual' })).stdout).toBe('');
    expect((await hook(env, 'before-agent', { session_id: 'other', hook_event_name: 'BeforeAgent', prompt: 'x' })).stdout).toBe('');
    const next = await hook(env, 'before-agent', { session_id: 's1', hook_event_name: 'BeforeAgent', prompt: 'x' });
    expect(JSON.parse(next.stdout).hookSpecificOutput.additionalContext).toContain('COMPRESS-RULE-8c2d no force push');
  });

  it('install gemini wires SessionStart, BeforeAgent and PreCompress; uninstall takes them out', async () => {
    const env: Record<string, string> = { ...isolatedEnv(), MEMCUE_BIN: '/opt/memcue' };
    expect((await cli(['install', 'gemini'], { env })).code).toBe(0);
    const path = join(env.HOME!, '.gemini', 'settings.json');
    const hooks = JSON.parse(readFileSync(path, 'utf8')).hooks;
    expect(hooks.SessionStart[0].hooks[0].command).toBe('/opt/memcue hook gemini session-start');
    expect(hooks.BeforeAgent[0].hooks[0].command).toBe('/opt/memcue hook gemini before-agent');
    expect(hooks.PreCompress[0]).toEqual({ matcher: 'manual', hooks: [expect.objectContaining({ command: '/opt/memcue hook gemini pre-compress' })] }); // only /compress runs it
    expect((await cli(['uninstall', 'gemini'], { env })).code).toBe(0);
  });

  it('doctor says when an older install has the SessionStart hook alone; install adds the others', async () => {
    const env: Record<string, string> = { ...isolatedEnv(), MEMCUE_BIN: '/opt/memcue' };
    const path = join(env.HOME!, '.gemini', 'settings.json');
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, JSON.stringify({ hooks: { SessionStart: [{ hooks: [{ name: 'memcue', type: 'command', command: '/opt/memcue hook gemini session-start', timeout: 10000 }] }] } }));
    expect((await cli(['doctor'], { env })).stdout).toContain(`${path} has no BeforeAgent hook, so sessions get no card after /clear or /compress: run \`memcue install gemini\` again`);
    expect((await cli(['install', 'gemini'], { env })).code).toBe(0);
    expect((await cli(['doctor'], { env })).stdout).not.toContain('has no BeforeAgent hook');
  });
});
