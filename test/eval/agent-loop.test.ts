// The agent-loop benchmark's scoring (bench/agent-loop.ts, issue 23): a run kept without the set's
// text scores as the run itself, and a line that shows no id counts for no fact (an empty line once
// matched every id, so a question about the first fact loaded was "found" by any search).
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { locomoDir } from '../../bench/quality-sets.js';
import { INSTRUCTION } from '../../src/install/instruction.js';
import { convertFile } from '../../bench/locomo-convert.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bun = join(root, 'node_modules/.bin/bun');
// The shared LoCoMo files unless a test names another folder (a MEMCUE_LOCOMO_DIR of the caller's is not used).
const { MEMCUE_LOCOMO_DIR: _, ...sharedEnv } = process.env;
const spawnLoop = (args: string[], env: NodeJS.ProcessEnv = sharedEnv) => spawnSync(bun, ['bench/agent-loop.ts', ...args], { cwd: root, encoding: 'utf8', env });
const loop = (...args: string[]) => {
  const run = spawnLoop(args);
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
};
const work = mkdtempSync(join(tmpdir(), 'memcue-agent-loop-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the agent-loop benchmark', () => {
  it('scores a kept run as the run, and an empty line finds nothing', { timeout: 120_000 }, () => {
    const dir = join(work, 'run');
    loop('prepare', 'dev:tune', dir);
    // The card a session sees is today's, for a two-language memory, and the memory has no write-time
    // keywords or translations: the loop measures the card's search advice alone (issue 33).
    const card = readFileSync(join(dir, 'card.md'), 'utf8');
    expect(card.startsWith(INSTRUCTION)).toBe(true);
    expect(card).toContain('The memory holds 250 facts in English and Russian');
    const exported = spawnSync(bun, ['src/bin-entry.ts', 'export'], { cwd: root, encoding: 'utf8', env: { ...process.env, MEMCUE_DB: join(dir, 'memory.db'), HOME: dir } });
    const rows = exported.stdout.trim().split('\n').map((l) => JSON.parse(l) as { translation: string });
    expect(rows).toHaveLength(250);
    expect(rows.filter((r) => r.translation !== '')).toEqual([]);
    // Two questions whose fact is the first one loaded (d001, `redis` on staging), searched with words
    // that find other facts only, and one searched with the fact's own words.
    writeFileSync(join(dir, 'questions.jsonl'), ['q001', 'q002', 'q003'].map((qid) => JSON.stringify({ qid })).join('\n') + '\n');
    const unrelated = loop('search', dir, 'q001', 'tailwind', 'classes');
    expect(unrelated).not.toMatch(/6380/);
    loop('search', dir, 'q002', 'tailwind', 'classes');
    const found = loop('search', dir, 'q003', 'redis', 'staging', 'port');
    expect(found).toMatch(/6380/);
    appendFileSync(join(dir, 'answers.jsonl'), JSON.stringify({ qid: 'q003', ids: [found.slice(0, 8)] }) + '\n');
    const scored = loop('score', 'dev:tune', dir);
    expect(scored).toContain('3 questions; first search 0.333, any search 0.333, chosen 0.333, 1.00 searches per question');
    const kept = join(work, 'kept');
    loop('keep', dir, kept);
    expect(readdirSync(kept).sort()).toEqual(['answers.jsonl', 'card.md', 'ids.json', 'questions.jsonl', 'transcript.jsonl']);
    // Ids only: no fact's text leaves the run. (Word bounds: a random id may hold the digits 6380.)
    expect(readFileSync(join(kept, 'transcript.jsonl'), 'utf8')).not.toMatch(/\b6380\b|port 6380|tailwind purges/i);
    expect(loop('score', 'dev:tune', kept)).toBe(scored);
    // The recorded searches run again on this checkout find what they found (issue 33).
    expect(loop('replay', 'dev:tune', kept)).toContain('3 questions; first search 0.333, any recorded search 0.333, ');
  });

  it('prepares a part of a set\'s questions, for a run on questions not used before', { timeout: 120_000 }, () => {
    const all = join(work, 'all');
    const part = join(work, 'part');
    loop('prepare', 'dev:tune', all);
    loop('prepare', 'dev:tune', part, '2-4');
    const qids = (dir: string) => readFileSync(join(dir, 'questions.jsonl'), 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { qid: string }).qid);
    expect(qids(part)).toEqual(qids(all).slice(1, 4));
    const bad = spawnSync(bun, ['bench/agent-loop.ts', 'prepare', 'dev:tune', join(work, 'bad'), '5-2'], { cwd: root, encoding: 'utf8' });
    expect(bad.status).not.toBe(0);
  });

  // Runs on LoCoMo's five shared conversations re-score from the shared folder; runs on the other five
  // (bench/locomo-convert.ts, issue 33) from the folder MEMCUE_LOCOMO_EXTRA names, as they were made.
  const SHARED_CONVS = new Set(['conv-26', 'conv-30', 'conv-41', 'conv-42', 'conv-43']);
  const keptRuns = readdirSync(join(root, 'bench/data/agent-loop')).filter((name) => name.startsWith('locomo-') && existsSync(join(root, 'bench/data/agent-loop', name, 'ids.json')));
  const convOf = (name: string) => /conv-\d+/.exec(name)![0];
  const kept = keptRuns.filter((name) => SHARED_CONVS.has(convOf(name)));
  const keptExtra = keptRuns.filter((name) => !SHARED_CONVS.has(convOf(name)));
  const extraDir = process.env.MEMCUE_LOCOMO_EXTRA;
  const rescore = (names: string[], env: NodeJS.ProcessEnv) => {
    for (const name of names) {
      const dir = join(root, 'bench/data/agent-loop', name);
      const r = spawnLoop(['score', convOf(name), dir], env);
      expect(r.status, r.stderr).toBe(0);
      expect(readFileSync(join(dir, 'README.md'), 'utf8'), name).toContain(r.stdout.trim());
    }
  };
  if (!locomoDir()) console.log('skipped: re-scoring the kept LoCoMo agent-loop runs (LoCoMo is CC BY-NC, not in the repository; set MEMCUE_SHARED_DATA to the shared data folder)');
  it.runIf(locomoDir())('re-scores the kept LoCoMo runs as their READMEs say', { timeout: 120_000 }, () => {
    expect(kept.length).toBeGreaterThan(0);
    rescore(kept, sharedEnv);
  });
  if (keptExtra.length > 0 && !extraDir) console.log(`skipped: re-scoring ${keptExtra.length} kept runs on LoCoMo's other conversations (set MEMCUE_LOCOMO_EXTRA to what bench/locomo-convert.ts wrote)`);
  it.runIf(keptExtra.length > 0 && extraDir)('re-scores the kept runs on LoCoMo\'s other conversations as their READMEs say', { timeout: 300_000 }, () => {
    rescore(keptExtra, { ...sharedEnv, MEMCUE_LOCOMO_DIR: extraDir });
  });

  it('takes LoCoMo conversations from MEMCUE_LOCOMO_DIR as it takes the shared ones', { timeout: 120_000 }, () => {
    // A folder bench/locomo-convert.ts wrote, as for LoCoMo's other five conversations (issue 33).
    const data = join(work, 'locomo-extra');
    convertFile(join(root, 'test/fixtures/locomo/locomo10-tiny.json'), data);
    const extra = { ...sharedEnv, MEMCUE_LOCOMO_DIR: data };
    const run = (...args: string[]) => {
      const r = spawnLoop(args, extra);
      expect(r.status, r.stderr).toBe(0);
      return r.stdout;
    };
    const dir = join(work, 'conv-1');
    // conv-1 has 6 questions: q3 and q4 are category 5, q5 names no fact; 3 are asked.
    expect(run('prepare', 'conv-1', dir, '1-2')).toBe(`5 facts, 2 questions in ${dir}\n`);
    expect(readFileSync(join(dir, 'card.md'), 'utf8')).toContain('The memory holds 5 facts in English');
    expect(readFileSync(join(dir, 'questions.jsonl'), 'utf8')).toBe('{"qid":"conv-1/q0","question":"Where does Ada keep her bees?"}\n{"qid":"conv-1/q1","question":"When did Bo play his first concert?"}\n');
    const bees = run('search', dir, 'conv-1/q0', 'Ada', 'bees', 'roof');
    expect(bees).toMatch(/Ada keeps bees on her roof in Lisbon/);
    run('search', dir, 'conv-1/q1', 'shipyard', 'Oslo');
    writeFileSync(join(dir, 'answers.jsonl'), JSON.stringify({ qid: 'conv-1/q0', ids: [bees.slice(0, 8)] }) + '\n');
    const scored = run('score', 'conv-1', dir);
    expect(scored).toBe('conv-1: 2 questions; first search 0.500, any search 0.500, chosen 0.500, 1.00 searches per question\n');
    run('keep', dir, join(work, 'conv-1-kept'));
    expect(run('score', 'conv-1', join(work, 'conv-1-kept'))).toBe(scored);
    expect(run('replay', 'conv-1', join(work, 'conv-1-kept'))).toContain('2 questions; first search 0.500, any recorded search 0.500');
    // A conversation the folder lacks, or a folder of something else: one line that says which.
    const absent = spawnLoop(['prepare', 'conv-26', join(work, 'absent')], extra);
    expect(absent.status).toBe(1);
    expect(absent.stderr).toBe(`agent-loop: conv-26 is not in ${data} (it has conv-1, conv-2): MEMCUE_LOCOMO_DIR names a folder of other conversations (bench/locomo-convert.ts)\n`);
    const wrong = spawnLoop(['score', 'conv-1', dir], { ...sharedEnv, MEMCUE_LOCOMO_DIR: work });
    expect(wrong.stderr).toBe(`agent-loop: MEMCUE_LOCOMO_DIR=${work} has no locomo_facts.jsonl: point it at a folder bench/locomo-convert.ts wrote\n`);
    expect(spawnLoop(['--help']).stdout).toContain('MEMCUE_LOCOMO_DIR');
  });
});
