// `memcue hook <agent> <event>` driven with the JSON each agent really sends, output parsed and
// checked against the shape the agent documents.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CARD_LIMIT } from '../../src/hooks/card.js';
import { budgetFor } from '../../src/hooks/budget.js';
import { BINARY, cli, isolatedEnv, runProcess, tempDir } from '../helpers.js';
import { repoDir } from './fixtures.js';

/** What each agent sends on stdin at session start (fields from their hook references). */
function sessionStart(agent: string, cwd: string): Record<string, unknown> {
  const common = { session_id: 'a1b2c3', transcript_path: '/tmp/t.jsonl', cwd, hook_event_name: 'SessionStart' };
  switch (agent) {
    case 'claude':
      return { ...common, source: 'compact' };
    case 'codex':
      return { ...common, source: 'startup', model: 'gpt-5-codex', permission_mode: 'default' };
    case 'gemini':
      return { ...common, timestamp: '2026-12-02T10:00:00.000Z', source: 'startup' };
    default: // dsh's Claude Code bridge: session_id, cwd, hook_event_name
      return { session_id: 'dsh-1', cwd, hook_event_name: 'SessionStart' };
  }
}

interface SessionStartOutput {
  hookSpecificOutput: { hookEventName: string; additionalContext: string };
}

async function withFacts(): Promise<{ env: Record<string, string>; repo: string }> {
  const env = isolatedEnv();
  const repo = repoDir();
  await cli(['add', '--kind', 'rule', '--scope', 'global', 'Never deploy on Fridays'], { env, cwd: repo });
  await cli(['add', '--kind', 'decision', 'Postgres 16 for logical replication'], { env, cwd: repo });
  return { env, repo };
}

describe('memcue hook … session-start', () => {
  for (const agent of ['claude', 'codex', 'gemini', 'dsh']) {
    it(`${agent}: prints hookSpecificOutput with the card for the repo of the JSON's cwd`, async () => {
      const { env, repo } = await withFacts();
      const elsewhere = tempDir(); // the hook's own cwd is not the agent's folder
      const r = await cli(['hook', agent, 'session-start'], { env, cwd: elsewhere, stdin: JSON.stringify(sessionStart(agent, repo)) });
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout.endsWith('\n')).toBe(true);
      expect(r.stdout.trimEnd().split('\n')).toHaveLength(1); // JSON only, one line (Gemini: "silence is mandatory")
      const out = JSON.parse(r.stdout) as SessionStartOutput;
      expect(Object.keys(out)).toEqual(['hookSpecificOutput']); // a top-level additionalContext would be dropped
      expect(Object.keys(out.hookSpecificOutput)).toEqual(['hookEventName', 'additionalContext']);
      expect(out.hookSpecificOutput.hookEventName).toBe('SessionStart');
      const card = (await cli(['card'], { env, cwd: repo })).stdout;
      // Codex's card also says when its sandbox is read-only (test/hooks/codex-sandbox.test.ts).
      const context = out.hookSpecificOutput.additionalContext.replace(/\n[^\n]*read-only sandbox here[^\n]*\n/, '');
      expect(context).toBe(card);
      expect(card).toContain('Never deploy on Fridays');
      expect(card).toContain('decision: Postgres 16 for logical replication');
    });
  }

  it('takes the event from hook_event_name when none is given', async () => {
    const { env, repo } = await withFacts();
    const r = await cli(['hook', 'claude'], { env, stdin: JSON.stringify(sessionStart('claude', repo)) });
    expect((JSON.parse(r.stdout) as SessionStartOutput).hookSpecificOutput.additionalContext).toContain('Postgres 16');
  });

  it('resolves a relative cwd against its own', async () => {
    const { env, repo } = await withFacts();
    const r = await cli(['hook', 'codex', 'SessionStart'], { env, cwd: join(repo, '..'), stdin: JSON.stringify(sessionStart('codex', 'app')) });
    expect(r.stdout).toContain('github.com/acme/app');
  });

  it('keeps a card of 500 rules within the cap', async () => {
    const env = isolatedEnv();
    const repo = repoDir();
    const lines = Array.from({ length: 500 }, (_, i) => JSON.stringify({ text: `Global rule ${i}: check the thing ${i} before deploying`, kind: 'rule', scope: 'global' }));
    const file = join(tempDir(), 'rules.jsonl');
    writeFileSync(file, lines.join('\n'));
    expect((await cli(['import', file], { env })).code).toBe(0);
    const r = await cli(['hook', 'claude', 'session-start'], { env, stdin: JSON.stringify(sessionStart('claude', repo)) });
    const context = (JSON.parse(r.stdout) as SessionStartOutput).hookSpecificOutput.additionalContext;
    expect(context.length).toBeLessThanOrEqual(budgetFor('claude').max);
    expect(context.length).toBeGreaterThan(CARD_LIMIT); // Claude Code's own limit, not the default one
    expect(context.trimEnd().split('\n').at(-1)).toMatch(/^(\d+) more left out to keep this card short: \1 global rules \(`memcue list --kind rule --in global`\)\.$/);
  });
});

describe('memcue hook: events without context and errors', () => {
  const quiet = [
    ['claude', 'stop', { session_id: 's', cwd: '/', hook_event_name: 'Stop', stop_hook_active: false }],
    ['claude', 'session-end', { session_id: 's', cwd: '/', hook_event_name: 'SessionEnd', reason: 'exit' }],
    ['claude', 'user-prompt-submit', { session_id: 's', cwd: '/', hook_event_name: 'UserPromptSubmit', prompt: 'hi' }],
    ['codex', 'stop', { session_id: 's', cwd: '/', hook_event_name: 'Stop' }],
    ['gemini', 'SessionEnd', { session_id: 's', cwd: '/', hook_event_name: 'SessionEnd', reason: 'exit' }],
    ['dsh', 'Stop', { session_id: 's', cwd: '/', hook_event_name: 'Stop' }],
  ] as const;
  for (const [agent, event, input] of quiet) {
    it(`${agent} ${event}: prints nothing, exits 0`, async () => {
      const env = isolatedEnv();
      const r = await cli(['hook', agent, event], { env, stdin: JSON.stringify(input) });
      expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
      expect(existsSync(join(env.XDG_STATE_HOME!, 'memcue', 'hook.log'))).toBe(false);
    });
  }

  const broken: [string, string[], string, (env: Record<string, string>) => void][] = [
    ['stdin that is not JSON', ['hook', 'claude', 'session-start'], '{"cwd": "/tmp",', () => {}],
    ['stdin that is a JSON list', ['hook', 'claude', 'session-start'], '[1, 2]', () => {}],
    ['an unknown agent', ['hook', 'cursor', 'session-start'], '{}', () => {}],
    ['no event at all', ['hook', 'claude'], '{"cwd": "/"}', () => {}],
    ['a database that is not a memcue database', ['hook', 'gemini', 'session-start'], '{"cwd": "/"}', (env) => writeFileSync(env.MEMCUE_DB!, 'just some text\n')],
  ];
  for (const [what, argv, stdin, prepare] of broken) {
    it(`${what}: prints nothing, exits 0, logs the error`, async () => {
      const env = isolatedEnv();
      prepare(env);
      // Unknown options never turn into a usage error (exit 1) either.
      const r = await cli(argv.length === 3 ? [...argv, '--unknown-flag'] : argv, { env, stdin });
      expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
      const log = readFileSync(join(env.XDG_STATE_HOME!, 'memcue', 'hook.log'), 'utf8');
      expect(log).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z hook \S+ \S+: .+\n$/);
    });
  }

  it('logs to ~/.local/state/memcue/hook.log without XDG_STATE_HOME', async () => {
    const env = isolatedEnv();
    delete (env as Record<string, string | undefined>).XDG_STATE_HOME;
    await cli(['hook', 'claude', 'session-start'], { env, stdin: 'not json' });
    expect(readFileSync(join(env.HOME!, '.local', 'state', 'memcue', 'hook.log'), 'utf8')).toContain('hook claude session-start: ');
  });
});

describe.skipIf(!existsSync(BINARY))('memcue hook in the compiled binary', () => {
  it('gives the same card from SQLite and from its cache, and stays quiet on errors', async () => {
    const { env, repo } = await withFacts();
    const input = JSON.stringify(sessionStart('claude', repo));
    const first = runProcess(BINARY, ['hook', 'claude', 'session-start'], { env, cwd: tempDir(), stdin: input });
    const second = runProcess(BINARY, ['hook', 'claude', 'session-start'], { env, cwd: tempDir(), stdin: input });
    expect(first.code).toBe(0);
    expect(first.stderr).toBe('');
    expect(second.stdout).toBe(first.stdout);
    expect((JSON.parse(first.stdout) as SessionStartOutput).hookSpecificOutput.additionalContext).toBe((await cli(['card'], { env: { ...env, MEMCUE_BIN: BINARY }, cwd: repo })).stdout);
    const bad = runProcess(BINARY, ['hook', 'claude', 'session-start'], { env, stdin: '{' });
    expect(bad).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});
