// bench/labs/loop-misses.ts (issue 33): a kept loop's searches replayed, each question placed by where its
// judged fact ranks for the agent's words: printed, beyond the search's limit, absent, or never searched.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { convertFile } from '../../bench/locomo-convert.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bun = join(root, 'node_modules/.bin/bun');
const work = mkdtempSync(join(tmpdir(), 'memcue-loop-misses-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('loop-misses', () => {
  it('places each question of a kept run: shown, ranked past the limit, absent, unsearched', { timeout: 120_000 }, () => {
    const data = join(work, 'locomo');
    convertFile(join(root, 'test/fixtures/locomo/locomo10-tiny.json'), data);
    const env = { ...process.env, MEMCUE_LOCOMO_DIR: data };
    const run = (script: string, ...args: string[]) => {
      const r = spawnSync(bun, [script, ...args], { cwd: root, encoding: 'utf8', env });
      expect(r.status, r.stderr).toBe(0);
      return r.stdout;
    };
    const dir = join(work, 'run');
    run('bench/agent-loop.ts', 'prepare', 'conv-1', dir); // q0, q1, q2
    run('bench/agent-loop.ts', 'search', dir, 'conv-1/q0', 'Ada', 'bees', 'roof');
    run('bench/agent-loop.ts', 'search', dir, 'conv-1/q1', 'shipyard', 'Oslo'); // no fact holds either word
    run('bench/agent-loop.ts', 'search', dir, 'conv-1/q1', 'Ada', 'honey', 'market', 'cello', '-n', '1'); // Bo's cello second
    writeFileSync(join(dir, 'answers.jsonl'), '{"qid":"conv-1/q0","ids":[]}\n');
    run('bench/agent-loop.ts', 'keep', dir, join(work, 'kept'));
    const out = join(work, 'misses.tsv');
    const summary = run('bench/labs/loop-misses.ts', out, `conv-1=${join(work, 'kept')}`);
    expect(summary).toContain('conv-1: 3 questions, first 0.333, any 0.333');
    const [head, ...lines] = readFileSync(out, 'utf8').trim().split('\n').map((l) => l.split('\t'));
    const rows = lines.map((cells) => Object.fromEntries(head!.map((k, i) => [k, cells[i]])));
    expect(rows.map((r) => [r.qid, r.placeFirst, r.placeBest, r.searches])).toEqual([
      ['conv-1/q0', 'shown', 'shown', '1'],
      ['conv-1/q1', 'absent', 'rank<=20', '2'],
      ['conv-1/q2', 'unsearched', 'unsearched', '0'],
    ]);
    expect(rows[1]!.rankBest).toBe('2');
    // No set text in the table: ids, classes and ranks only (LoCoMo is CC BY-NC).
    expect(readFileSync(out, 'utf8')).not.toMatch(/bees|cello|Lisbon/);
  });
});
