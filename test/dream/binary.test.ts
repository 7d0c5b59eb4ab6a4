// The curation cycle through the compiled binary, as an agent runs it: dream → answer → apply →
// search across languages, and migrate --raw of a Claude Code memory under a fake HOME.
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BINARY, ROOT, runProcess, tempDir } from '../helpers.js';

describe.skipIf(!existsSync(BINARY))('dream and migrate through the compiled binary', () => {
  const setup = () => {
    const dir = tempDir();
    const home = join(dir, 'home');
    mkdirSync(home);
    const env = { HOME: home, MEMCUE_HOST: 'binhost' };
    const run = (args: string[], stdin?: string) => runProcess(BINARY, args, { env, cwd: dir, stdin });
    return { dir, home, run };
  };

  it('dream → answer → apply makes a Russian fact findable in English', () => {
    const { dir, run } = setup();
    const id = run(['add', '--scope', 'global', '--kind', 'rule', 'Миграции базы запускать только из CI']).stdout.trim();
    // Not `migrations`: it finds `Миграции` by its spelling (expand.ts), which is no translation.
    expect(run(['search', 'database', 'run']).stdout).not.toContain(id);
    const batch = run(['dream', '--json']);
    expect(batch.code).toBe(0);
    const payload = JSON.parse(batch.stdout);
    expect(payload.translate).toEqual([{ id, from: 'ru', to: 'en', text: 'Миграции базы запускать только из CI' }]);
    const answer = join(dir, 'answer.json');
    writeFileSync(answer, JSON.stringify({ batch: payload.batch, decisions: [{ action: 'translate', id, translation: 'Run database migrations only from CI' }] }));
    const applied = run(['dream', 'apply', answer]);
    expect(applied.stderr).toBe('');
    expect(applied.stdout).toBe(`applied dream batch ${payload.batch}: 1 translated\n`);
    expect(run(['search', 'database', 'run']).stdout).toContain(id);
    const again = run(['dream', 'apply', answer]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^memcue: batch "[0-9a-f]{12}" is unknown or was applied already/);
  });

  it('dream over a memory bigger than one step: a first batch at once, progress lines on stderr, the next dream continues', () => {
    const { dir, run } = setup();
    // 1,500 facts no two alike (made-up words of their own), then two that are.
    const word = (n: number) => `zq${(n + 17_576).toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]!)}`;
    const lines = Array.from({ length: 1500 }, (_, i) => JSON.stringify({ text: `The deploy of ${word(i)} uses ${word(i + 7919)} on staging`, kind: 'note' }));
    lines.push(JSON.stringify({ text: 'Uploads through api-gw time out after 30 seconds unless PROXY_TIMEOUT is raised', kind: 'gotcha' }));
    lines.push(JSON.stringify({ text: 'api-gw uploads time out after 30 seconds; raise PROXY_TIMEOUT', kind: 'gotcha' }));
    writeFileSync(join(dir, 'facts.jsonl'), lines.join('\n'));
    expect(run(['import', join(dir, 'facts.jsonl')]).code).toBe(0);
    const first = run(['dream', '--json', '--languages', 'en']);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout).clusters).toEqual([]);
    expect(first.stderr).toBe(
      'memcue dream: 1,000 of 1,502 facts searched for similar ones\nmemcue dream: 502 facts not searched yet; the next `memcue dream` continues after this batch\n',
    );
    const second = run(['dream', '--json', '--languages', 'en']);
    expect(JSON.parse(second.stdout).clusters.map((c: { text: string }[]) => c.map((f) => f.text.slice(0, 7)))).toEqual([['Uploads', 'api-gw ']]);
    expect(second.stderr).toBe('');
  });

  it('migrate --raw reads ~/.claude/projects under HOME and a rerun adds nothing', () => {
    const { home, run } = setup();
    cpSync(join(ROOT, 'test', 'fixtures', 'claude-home'), home, { recursive: true });
    const first = run(['migrate', '--all', '--raw']);
    expect(first.stdout).toMatch(/^migrated 5 notes: 7 facts added \(1 secret-looking paragraph left out\); batch [0-9a-f]{12}\n$/);
    expect(run(['migrate', '--all', '--raw']).stdout).toBe('nothing to migrate: all 5 notes found were migrated before\n');
    expect(run(['search', 'port', '8443', '--in', 'all']).stdout).toContain('The API listens on port 8443');
  });
});
