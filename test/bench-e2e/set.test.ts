// Loading a task set (bench/e2e/set.ts): the tiny set as the runner sees it, and a malformed set
// refused with one line naming the file and what to fix, never a stack trace.
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSet } from '../../bench/e2e/set.js';
import { e2e, TINY, tinyCopy } from './kit.js';

function editJson(file: string, edit: (value: any) => void): void {
  const value = JSON.parse(readFileSync(file, 'utf8'));
  edit(value);
  writeFileSync(file, JSON.stringify(value));
}

describe('a task set', () => {
  it('loads with scopes resolved to repo ids and facts attributed to where they were learned', () => {
    const set = loadSet(TINY);
    expect(set.tasks.map((t) => t.id)).toEqual(['count-words', 'cron-cleanup', 'csv-export', 'deploy-script']);
    expect(set.repos).toEqual({ 'notes-api': 'github.com/acme/notes-api', ops: 'github.com/acme/ops' });
    const byId = new Map(set.facts.map((f) => [f.id, f]));
    expect(byId.get('n1')).toMatchObject({ scope: 'repo:github.com/acme/notes-api', learnedIn: 'notes-api', kind: 'gotcha' });
    expect(byId.get('n4')).toMatchObject({ scope: 'global', learnedIn: 'notes-api' });
    expect(byId.get('d4')).toMatchObject({ scope: 'repo:github.com/acme/notes-api' }); // "repo:<name>" of a task repo
    expect(byId.get('d2')).toMatchObject({ scope: 'repo:github.com/acme/billing-ui', learnedIn: 'github.com/acme/billing-ui' });
    expect(set.hasScale).toBe(true);
    expect(set.scale).toHaveLength(320);
    const csv = set.tasks.find((t) => t.id === 'csv-export')!;
    expect(csv).toMatchObject({ repo: 'notes-api', needsMemory: true, facts: ['n1'], generic: ['has-export', 'tests-pass'], memory: ['semicolon'] });
  });

  const broken: [string, (dir: string) => void, RegExp][] = [
    ['no criteria.json', (d) => rmSync(join(d, 'criteria.json')), /criteria\.json: missing/],
    ['a bad kind', (d) => appendFileSync(join(d, 'ops', 'memory.jsonl'), '{"id":"o9","text":"x","kind":"fact","scope":"repo","lang":"en"}\n'), /ops\/memory\.jsonl:3: "kind" must be one of rule, decision, gotcha, env, note, got "fact"/],
    ['a line that is not JSON', (d) => appendFileSync(join(d, 'distractors.jsonl'), '{"id":\n'), /distractors\.jsonl:5: not valid JSON/],
    ['a distractor without learned_in', (d) => appendFileSync(join(d, 'distractors.jsonl'), '{"id":"d9","text":"x","kind":"note","scope":"global","lang":"en"}\n'), /"learned_in" is missing/],
    ['a fact id twice', (d) => appendFileSync(join(d, 'distractors.jsonl'), '{"id":"n1","text":"x","kind":"note","scope":"global","lang":"en","learned_in":"x"}\n'), /fact id "n1" appears twice/],
    ['an unknown repo in meta.json', (d) => writeFileSync(join(d, 'tasks', 'csv-export', 'meta.json'), '{"repo":"notes","needs_memory":true,"facts":["n1"],"lang":"en"}'), /csv-export\/meta\.json: "repo" must name a repo of repos\.json/],
    ['a needed fact the set lacks', (d) => writeFileSync(join(d, 'tasks', 'csv-export', 'meta.json'), '{"repo":"notes-api","needs_memory":true,"facts":["zz"],"lang":"en"}'), /fact "zz" is in no memory\.jsonl/],
    ['a memory task without plain.patch', (d) => rmSync(join(d, 'tasks', 'csv-export', 'plain.patch')), /csv-export\/plain\.patch: missing/],
    ['a memory task without memory criteria', (d) => editJson(join(d, 'criteria.json'), (c) => (c['csv-export'] = { generic: ['has-export'], memory: [] })), /"csv-export" needs memory but lists no memory criteria/],
    ['a control with memory criteria', (d) => editJson(join(d, 'criteria.json'), (c) => (c['count-words'].memory = ['x'])), /"count-words" is a control \(needs_memory false\) but lists memory criteria/],
    ['a repo folder not in repos.json', (d) => writeFileSync(join(d, 'repos.json'), '{"ops": "github.com/acme/ops"}'), /repos\/notes-api\/ is not listed/],
  ];
  it.each(broken)('refuses %s with one line', (_name, breakIt, message) => {
    const dir = tinyCopy();
    breakIt(dir);
    expect(() => loadSet(dir)).toThrow(message);
  });

  it('the CLI says a malformed set in one line and exits 1', () => {
    const dir = tinyCopy();
    rmSync(join(dir, 'tasks', 'deploy-script', 'check.sh'));
    const r = e2e('--tasks', dir, '--agent', 'null', '--conditions', 'none');
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^bench:e2e: the task set is malformed: .*deploy-script\/check\.sh: missing/);
  });

  it('the CLI refuses an unknown agent and a run folder inside the set', () => {
    expect(e2e('--tasks', TINY, '--agent', 'gpt').stderr).toMatch(/^bench:e2e: --agent: unknown agent "gpt" \(oracle, null, manual, claude, codex, gemini\)/);
    const r = e2e('--tasks', TINY, '--agent', 'null', '--work', join(TINY, 'runs'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/is inside the task set: the agent could read the checks/);
  });
});
