// The runner end to end on the tiny set, without any model (bench/e2e/run.ts): the oracle scores full
// and the null agent below full under every condition, --verify holds the set's checkers to their
// promise, and a manual run's folders are scored afterwards by --score.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunLine } from '../../bench/e2e/stats.js';
import { BINARY } from '../helpers.js';
import { e2e, tempDir, TINY, tinyCopy } from './kit.js';

const results = (file: string) => readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as RunLine);
const ALL = ['none', 'file', 'memcue', 'scale-file', 'scale-memcue'];

describe.skipIf(!existsSync(BINARY))('bench:e2e on the tiny set', () => {
  it('the oracle scores full on every task and condition, the null agent below full', () => {
    for (const agent of ['oracle', 'null']) {
      const out = join(tempDir(), 'results.jsonl');
      // The oracle's runs three at a time: each run has its own folder, database and HOME.
      const jobs = agent === 'oracle' ? ['--jobs', '3'] : [];
      const r = e2e('--tasks', TINY, '--conditions', 'none,file,memcue,scale', '--agent', agent, '--out', out, '--work', tempDir(), ...jobs);
      expect(r.code, r.stderr).toBe(0);
      const lines = results(out);
      expect(lines).toHaveLength(4 * ALL.length);
      expect(new Set(lines.map((l) => l.condition))).toEqual(new Set(ALL));
      for (const l of lines) {
        expect(Object.keys(l).sort()).toEqual(['agent', 'condition', 'context_chars', 'criteria', 'lang', 'memcue_output_chars', 'memory_criteria', 'needs_memory', 'passed', 'repeat', 'score', 'searches', 'task', 'total']);
        if (agent === 'oracle') expect(l, `${l.task} ${l.condition}`).toMatchObject({ score: 1, agent: 'oracle' });
        else expect(l.score, `${l.task} ${l.condition}`).toBeLessThan(1);
        expect(l.context_chars > 0).toBe(l.condition !== 'none');
      }
      expect(r.stdout).toContain('| condition | runs | memory tasks | memory criteria | controls | context chars / run | memcue output chars / run | searches / run |');
      expect(r.stdout).toContain(agent === 'oracle' ? '| memcue | 4 | 1.000 | 1.000 | 1.000 |' : '| memcue | 4 | 0.111 | 0.000 | 0.667 |');
    }
  });

  it('--verify passes a sound set and names the task whose plain.patch does not lose the memory criteria', () => {
    const ok = e2e('--verify', '--tasks', TINY, '--work', tempDir());
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('ok   csv-export: untouched 1/3, reference 3/3, plain 2/3');
    expect(ok.stdout).toContain('ok   scale facts: 330 import into memcue');
    expect(ok.stdout).toContain('ok   cron-cleanup: untouched 0/3, reference 3/3, plain 2/3'); // the answer files are read too
    const dir = tinyCopy();
    // A "plain" solution that knew the fact: the checker can no longer tell memory from none.
    writeFileSync(join(dir, 'tasks', 'csv-export', 'plain.patch'), readFileSync(join(dir, 'tasks', 'csv-export', 'reference.patch')));
    // And a fact memcue refuses to store (a secret) would break every memcue run.
    appendFileSync(join(dir, 'distractors.jsonl'), '{"id":"d9","text":"the staging db password is hunter2-Xk9#pQ7vL2mZ","kind":"env","scope":"global","lang":"en","learned_in":"x"}\n');
    const bad = e2e('--verify', '--tasks', dir, '--work', tempDir(), '--only', 'csv-export,count-words');
    expect(bad.stdout).toMatch(/FAIL facts: memcue refuses fact "d9" \(distractors\): refusing to store fact text: it looks like a password/);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/FAIL csv-export: .*plain\.patch fails \[\], it must fail exactly the memory criteria \[semicolon\]/);
    expect(bad.stdout).toContain('ok   count-words');
    expect(bad.stdout).not.toContain('deploy-script');
  });

  it('manual: each run folder has a brief that is the whole instruction; --score scores what the model did', () => {
    const root = join(tempDir(), 'manual');
    const r = e2e('--tasks', TINY, '--conditions', 'none,file,memcue', '--agent', 'manual', '--work', root, '--only', 'deploy-script,cron-cleanup');
    expect(r.code, r.stderr).toBe(0);
    const { runs } = JSON.parse(readFileSync(join(root, 'runs.json'), 'utf8')) as { runs: { name: string; run: string }[] };
    expect(runs.map((x) => x.name).sort()).toEqual(['cron-cleanup.file.1', 'cron-cleanup.memcue.1', 'cron-cleanup.none.1', 'deploy-script.file.1', 'deploy-script.memcue.1', 'deploy-script.none.1']);
    const brief = (name: string) => readFileSync(join(root, name, 'brief.md'), 'utf8');
    const message = readFileSync(join(TINY, 'tasks', 'deploy-script', 'task.md'), 'utf8').trim();
    for (const c of ['none', 'file', 'memcue']) {
      const b = brief(`deploy-script.${c}.1`);
      expect(b).toContain(message);
      expect(b).toContain(join(root, `deploy-script.${c}.1`, 'answer.md'));
      expect(b).not.toContain(TINY); // nothing points into the set
    }
    expect(brief('deploy-script.none.1')).not.toMatch(/`memcue`|MEMORY\.md|deploy-02|Session start/);
    expect(brief('deploy-script.file.1')).toContain('deploy-02.acme.internal');
    expect(brief('deploy-script.file.1')).toContain(join(root, 'deploy-script.file.1', 'home', '.claude', 'projects'));
    expect(brief('cron-cleanup.file.1')).not.toContain('/var/log/acme'); // learned in another project
    expect(brief('deploy-script.memcue.1')).toContain('## Rules and decisions of github.com/acme/ops');
    expect(brief('deploy-script.memcue.1')).toContain(`export PATH="${join(root, 'deploy-script.memcue.1', 'bin')}:$PATH"`);

    // The "model": in the memcue run it searches and writes the solution; in the others it writes one without the facts.
    const memcueRun = join(root, 'deploy-script.memcue.1');
    const search = spawnSync('sh', ['-c', `export PATH="${join(memcueRun, 'bin')}:$PATH"; memcue search deploy host port`], { cwd: join(memcueRun, 'work'), encoding: 'utf8' });
    expect(search.stdout).toContain('2222');
    writeFileSync(join(memcueRun, 'work', 'deploy.sh'), '#!/bin/bash\nscp -P 2222 cron/jobs.cron root@deploy-02.acme.internal:/etc/cron.d/acme\n');
    writeFileSync(join(memcueRun, 'answer.md'), 'Added deploy.sh.\n');
    writeFileSync(join(root, 'deploy-script.none.1', 'work', 'deploy.sh'), '#!/bin/bash\nscp cron/jobs.cron root@"$HOST":/etc/cron.d/acme\n');

    // Scored where the folders are now (kept elsewhere with their transcripts, say).
    const moved = join(tempDir(), 'kept');
    renameSync(root, moved);
    const out = join(moved, 'results.jsonl');
    const scored = e2e('--score', moved, '--out', out);
    expect(scored.code, scored.stderr).toBe(0);
    expect(scored.stdout).toContain('cron-cleanup.none.1: no answer.md');
    const lines = new Map(results(out).map((l) => [`${l.task}.${l.condition}`, l]));
    expect(lines.get('deploy-script.memcue')).toMatchObject({ score: 1, searches: 1, agent: 'manual', criteria: { 'ssh-port': 1, 'deploy-host': 1 } });
    expect(lines.get('deploy-script.none')).toMatchObject({ passed: 2, total: 4, searches: 0, criteria: { 'ssh-port': 0 } });
    expect(lines.get('deploy-script.file')).toMatchObject({ passed: 0, total: 4 });
    expect(lines.get('deploy-script.memcue')!.context_chars).toBe(readFileSync(join(moved, 'deploy-script.memcue.1', 'context.md'), 'utf8').length);
    expect(e2e('--table', out).stdout).toContain('| memcue − none | memory tasks | 2 | +0.250 |');
  });
});
