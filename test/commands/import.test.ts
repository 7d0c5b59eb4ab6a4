// `memcue import` reads `keywords` as `add --keywords` and MCP take them, beside `translation`, and
// names each field it does not read instead of dropping it in silence (issue 33.4).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, isolatedEnv, tempDir } from '../helpers.js';

function file(lines: unknown[]): string {
  const path = join(tempDir(), 'facts.jsonl');
  writeFileSync(path, lines.map((l) => JSON.stringify(l)).join('\n'));
  return path;
}

async function listed(env: Record<string, string>) {
  return JSON.parse((await cli(['list', '--in', 'all', '--json'], { env })).stdout) as { text: string; translation: string; keywords: string[] }[];
}

describe('memcue import: keywords', () => {
  it('reads keywords as a comma-separated string or a list, beside a translation, and searches by them', async () => {
    const env = isolatedEnv();
    const r = await cli(['import', file([
      { text: 'Staging Redis listens on 6380', keywords: 'cache, порт, key-value store' },
      { text: 'Деплой идёт через ArgoCD', keywords: ['deploy', 'rollout'], translation: 'Deploys go through ArgoCD' },
      { text: 'The wiki lives in Confluence', translation: 'Вики в Confluence', keywords: [] },
    ])], { env });
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const facts = await listed(env);
    const byText = (t: string) => facts.find((f) => f.text === t)!;
    expect(byText('Staging Redis listens on 6380').keywords).toEqual(['cache', 'порт', 'key-value store']);
    expect(byText('Деплой идёт через ArgoCD')).toMatchObject({ translation: 'Deploys go through ArgoCD', keywords: ['deploy', 'rollout'] });
    expect(byText('The wiki lives in Confluence')).toMatchObject({ translation: 'Вики в Confluence', keywords: [] });
    // Keywords are index-only words: a query in them finds the fact.
    expect((await cli(['search', 'rollout', '--in', 'all'], { env })).stdout).toContain('ArgoCD');
    expect((await cli(['search', 'порт', '--in', 'all'], { env })).stdout).toContain('6380');
  });

  it('stores the same column as add --keywords, and adds to keywords a translation already carries', async () => {
    const env = isolatedEnv();
    await cli(['add', '--keywords', 'cache, порт', 'Staging Redis listens on 6380'], { env });
    const added = (await listed(env))[0]!;
    const other = isolatedEnv();
    await cli(['import', file([{ text: 'Staging Redis listens on 6380', keywords: 'cache, порт' }])], { env: other });
    expect((await listed(other))[0]).toMatchObject({ translation: added.translation, keywords: added.keywords });
    const both = isolatedEnv();
    await cli(['import', file([{ text: 'x1 fact', translation: 'перевод\n[keywords] a, b', keywords: 'b, c' }])], { env: both });
    expect((await listed(both))[0]).toMatchObject({ translation: 'перевод', keywords: ['a', 'b', 'c'] });
  });

  it('refuses keywords of the wrong type or too many, by line number, and imports nothing', async () => {
    const env = isolatedEnv();
    const bad = await cli(['import', file([{ text: 'fine' }, { text: 'odd', keywords: 5 }])], { env });
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('line 2: "keywords" must be a string');
    expect(bad.stderr).not.toMatch(/SQLITE|FTS|    at /);
    const many = await cli(['import', file([{ text: 'odd', keywords: Array.from({ length: 40 }, (_, i) => `k${i}`) }])], { env });
    expect(many.stderr).toContain('line 1: "keywords": 40 keywords: give at most 30');
    expect(await listed(env)).toEqual([]);
  });
});

describe('memcue import: fields it does not read', () => {
  it('names each unknown field once, with the number of lines that had it', async () => {
    const env = isolatedEnv();
    const lines = Array.from({ length: 12 }, (_, i) => ({ text: `Fact ${i} about the runner`, kwds: 'x', ...(i < 2 ? { tags: ['a'] } : {}) }));
    const r = await cli(['import', file(lines)], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('imported 12 fact versions\n');
    const said = r.stderr.trim().split('\n');
    expect(said).toHaveLength(2);
    expect(said[0]).toMatch(/^memcue: import: field "kwds" ignored on 12 lines \(read: text, kind, scope, keywords, translation/);
    expect(said[1]).toMatch(/^memcue: import: field "tags" ignored on 2 lines /);
  });

  it('says nothing about the fields export writes', async () => {
    const env = isolatedEnv();
    await cli(['add', '--keywords', 'k1, k2', '--kind', 'rule', 'A rule with keywords'], { env });
    await cli(['add', 'A note'], { env });
    const exported = (await cli(['export', '--all-versions'], { env })).stdout;
    const other = isolatedEnv();
    const r = await cli(['import', '-'], { env: other, stdin: exported });
    expect(r).toMatchObject({ code: 0, stderr: '', stdout: 'imported 2 fact versions\n' });
    expect((await cli(['export', '--all-versions'], { env: other })).stdout).toBe(exported);
  });
});
