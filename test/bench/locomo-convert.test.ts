// LoCoMo's locomo10.json → the shared evaluation files (bench/locomo-convert.ts, issue 33): the format on
// a tiny invented conversation, always; the shared files reproduced byte for byte from the real
// locomo10.json when both are here (LoCoMo is CC BY-NC, never in the repository).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { convertLocomo, dialogueIds, LOCOMO_FILES } from '../../bench/locomo-convert.js';
import { LOCOMO_HOLD_OUT, LOCOMO_TUNE, locomoDir } from '../../bench/quality-sets.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bun = join(root, 'node_modules/.bin/bun');
const fixture = join(root, 'test/fixtures/locomo/locomo10-tiny.json');
const tiny = JSON.parse(readFileSync(fixture, 'utf8')) as unknown;
const work = mkdtempSync(join(tmpdir(), 'memcue-locomo-convert-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('converting locomo10.json', () => {
  it('writes facts per session and speaker, every question, and qrels by shared dialogue ids', () => {
    const out = convertLocomo(tiny, ['conv-1']);
    const fact = (session: number, speaker: string, i: number, text: string, evidence: string | string[]) =>
      JSON.stringify({ conv: 'conv-1', id: `conv-1/session_${session}_observation/${speaker}/${i}`, text, speaker, evidence });
    expect(out.facts).toBe([
      fact(1, 'Ada', 0, 'Ada keeps bees on her roof in Lisbon.', 'D1:2'),
      // Several ids in one string (`;`, `,`, spaces) are a list; a list stays a list.
      fact(1, 'Ada', 1, 'Ada sells honey at the Sunday market.', ['D1:4', 'D1:6']),
      fact(1, 'Bo', 0, 'Bo is learning the cello and practises every evening.', ['D1:3', 'D1:5']),
      fact(2, 'Bo', 0, 'Bo played his first cello concert in June.', ['D2:1', 'D2:3']),
      fact(2, 'Ada', 0, "Ada's hives survived the heatwave.", 'D2:2'),
    ].join('\n') + '\n');
    const queries = out.queries.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(Object.keys(queries[0]!)).toEqual(['conv', 'id', 'text', 'category', 'answer', 'evidence']);
    expect(queries.map((q) => q.id)).toEqual(['q0', 'q1', 'q2', 'q3', 'q4', 'q5'].map((q) => `conv-1/${q}`));
    expect(queries[1]).toMatchObject({ answer: 2023, evidence: ['D2:3', 'D1:5'] });
    expect(queries[2]).toMatchObject({ evidence: ['D1:6', 'D2:2'] });
    // Category 5 is kept (the readers skip it); its answer is the adversarial one unless it has both.
    expect(queries[3]).toMatchObject({ category: 5, answer: 'the cello' });
    expect(queries[4]).toMatchObject({ category: 5, answer: 'No' });
    // A malformed id stays as LoCoMo wrote it and matches no fact.
    expect(queries[5]).toMatchObject({ evidence: ['D'] });
    expect(out.qrels).toBe([
      'conv-1/q0\tconv-1/session_1_observation/Ada/0',
      'conv-1/q1\tconv-1/session_1_observation/Bo/0',
      'conv-1/q1\tconv-1/session_2_observation/Bo/0',
      'conv-1/q2\tconv-1/session_1_observation/Ada/1',
      'conv-1/q2\tconv-1/session_2_observation/Ada/0',
      'conv-1/q3\tconv-1/session_1_observation/Bo/0',
      'conv-1/q4\tconv-1/session_1_observation/Ada/0',
    ].join('\n') + '\n');
    expect(out.counts).toEqual([{ conv: 'conv-1', facts: 5, questions: 6, judged: 3 }]);
  });

  it('keeps the file\'s order of conversations and names a conversation it does not have', () => {
    const both = convertLocomo(tiny, ['conv-2', 'conv-1']);
    expect(both.counts.map((c) => c.conv)).toEqual(['conv-1', 'conv-2']);
    expect(both.facts.trim().split('\n').at(-1)).toContain('"id":"conv-2/session_1_observation/Cy/0"');
    expect(convertLocomo(tiny).counts).toHaveLength(2);
    expect(() => convertLocomo(tiny, ['conv-3'])).toThrow('conv-3: not in the file (it has conv-1, conv-2)');
    expect(() => convertLocomo({ qa: [] })).toThrow("not LoCoMo's locomo10.json");
  });

  it('splits evidence on the separators LoCoMo uses', () => {
    expect(dialogueIds('D8:6; D9:17')).toEqual(['D8:6', 'D9:17']);
    expect(dialogueIds('D26:14, D26:34, D26:42')).toEqual(['D26:14', 'D26:34', 'D26:42']);
    expect(dialogueIds('D9:1 D4:4 D4:6')).toEqual(['D9:1', 'D4:4', 'D4:6']);
    expect(dialogueIds(['D15:3', 'D15:5'])).toEqual(['D15:3', 'D15:5']);
    expect(dialogueIds('D:11:26')).toEqual(['D:11:26']);
  });

  it('writes the three files from the command line, and never into the repository', { timeout: 60_000 }, () => {
    const cli = (...args: string[]) => spawnSync(bun, ['bench/locomo-convert.ts', ...args], { cwd: root, encoding: 'utf8' });
    const out = join(work, 'out');
    const run = cli(fixture, out, 'conv-1');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toBe('conv-1: 5 facts, 6 questions (3 judged: category 5 left out, a relevant fact found)\n');
    const expected = convertLocomo(tiny, ['conv-1']);
    expect(LOCOMO_FILES.map((f) => readFileSync(join(out, f), 'utf8'))).toEqual([expected.facts, expected.queries, expected.qrels]);
    const inRepo = cli(fixture, join(root, 'bench/locomo-out'), 'conv-1');
    expect(inRepo.status).toBe(1);
    expect(inRepo.stderr).toMatch(/^locomo-convert: .* is inside the repository: LoCoMo is CC BY-NC 4\.0 and stays out of it; write somewhere else\n$/);
    expect(existsSync(join(root, 'bench/locomo-out'))).toBe(false);
    const missing = cli(join(work, 'none.json'), out);
    expect(missing.status).toBe(1);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    writeFileSync(join(work, 'bad.json'), '{"qa": []}');
    expect(cli(join(work, 'bad.json'), out).stderr).toBe("locomo-convert: not LoCoMo's locomo10.json (expected a list of {sample_id, qa, observation, …})\n");
  });

  // The real locomo10.json: MEMCUE_LOCOMO10_JSON (git show 3eb6f2c5:data/locomo10.json in a clone of
  // snap-research/LoCoMo); the shared files: ../shared/data/eval or MEMCUE_SHARED_DATA.
  const source = process.env.MEMCUE_LOCOMO10_JSON;
  const shared = locomoDir();
  const real = Boolean(source && existsSync(source) && shared);
  if (!real) console.log('skipped: the shared LoCoMo files reproduced from locomo10.json (set MEMCUE_LOCOMO10_JSON to LoCoMo\'s data/locomo10.json, and MEMCUE_SHARED_DATA to the shared data folder)');
  it.runIf(real)('reproduces the shared files byte for byte from LoCoMo\'s locomo10.json', () => {
    const out = convertLocomo(JSON.parse(readFileSync(source!, 'utf8')), [...LOCOMO_TUNE, ...LOCOMO_HOLD_OUT]);
    const [facts, queries, qrels] = LOCOMO_FILES.map((f) => readFileSync(join(shared!, f), 'utf8'));
    expect(out.facts).toBe(facts);
    expect(out.queries).toBe(queries);
    expect(out.qrels).toBe(qrels);
    // The judged questions bench:quality and the agent loop count (docs/benchmarks.md: 631).
    expect(out.counts.reduce((n, c) => n + c.judged, 0)).toBe(631);
  });
});
