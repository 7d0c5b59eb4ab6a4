// `memcue eval` end to end, in-process: a temporary database from --facts, or --against a real one.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli.js';
import { cli, isolatedEnv, tempDir } from '../helpers.js';

const FACTS = [
  { id: 'deploy', text: 'Deploy to staging with make deploy-stg; production deploys need a review' },
  { id: 'redis', text: 'Redis on staging needs AUTH since the November migration', kind: 'gotcha' },
  { id: 'friday', text: 'Никогда не деплоить в прод в пятницу', kind: 'rule' },
  { id: 'pkg', text: 'PKG_CONFIG_PATH must include /opt/lib/pkgconfig for the native build' },
];
const QUERIES = [
  { id: 'q1', text: 'how do I deploy to staging?', rel: 'deploy', category: 'how' },
  { id: 'q2', text: 'redis auth', rel: ['redis'], category: 'what' },
  { id: 'q3', text: 'можно ли деплоить в пятницу', category: 'what' }, // relevant fact from the qrels
  { id: 'q4', text: 'kubernetes ingress', rel: 'pkg', category: 'how' }, // nothing matches
  { id: 'q5', text: 'an unjudged question' },
];

function setup() {
  const dir = tempDir();
  const env = isolatedEnv(dir);
  const file = (name: string, lines: unknown[] | string) => {
    writeFileSync(join(dir, name), typeof lines === 'string' ? lines : lines.map((l) => JSON.stringify(l)).join('\n'));
    return name;
  };
  file('facts.jsonl', FACTS);
  file('queries.jsonl', QUERIES);
  file('qrels.tsv', 'q3\tfriday\n');
  const run = (...argv: string[]) => cli(argv, { env, cwd: dir });
  return { dir, env, file, run };
}

describe('memcue eval --facts', () => {
  it('prints the figures over judged queries and leaves no database behind', async () => {
    const { env, dir } = setup();
    // Its own temp folder: other test files make memcue-eval-* folders in the shared one meanwhile.
    const tmp = join(dir, 'tmp');
    mkdirSync(tmp);
    const r = await cli(['eval', '--facts', 'facts.jsonl', '--queries', 'queries.jsonl', '--qrels', 'qrels.tsv', '--json'], {
      env: { ...env, TMPDIR: tmp },
      cwd: dir,
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.skipped).toBe(1);
    expect(report.overall).toMatchObject({ queries: 4, hit_at_1: 0.75, hit_at_5: 0.75, recall_at_5: 0.75, mrr: 0.75, no_result: 0.25 });
    expect(existsSync(env.MEMCUE_DB!)).toBe(false);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('--by splits by a query field; plain output is a table with an "all" row', async () => {
    const { run } = setup();
    const r = await run('eval', '--facts', 'facts.jsonl', '--queries', 'queries.jsonl', '--qrels', 'qrels.tsv', '--by', 'category');
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^category\s+queries\s+hit@1\s+hit@5\s+recall@5\s+MRR\s+avg results\s+no result$/);
    expect(lines[1]).toMatch(/^how\s+2\s+0\.500\s+0\.500\s/);
    expect(lines[2]).toMatch(/^what\s+2\s+1\.000\s+1\.000\s/);
    expect(lines[3]).toMatch(/^all\s+4\s+0\.750\s+0\.750\s+0\.750\s+0\.750\s+[\d.]+\s+25\.0%$/);
    expect(lines[4]).toBe('(1 queries without a relevant fact were left out)');
  });

  it('-n and --cutoff reach search: a cut-off of 0 and -n 1 return exactly one result per matching query', async () => {
    const { run } = setup();
    const r = await run('eval', '--facts', 'facts.jsonl', '--queries', 'queries.jsonl', '--qrels', 'qrels.tsv', '-n', '1', '--cutoff', '0', '--json');
    expect(JSON.parse(r.stdout).overall.avg_results).toBeCloseTo(0.75);
  });

  it('draws a progress bar on a terminal only, and clears it', async () => {
    const { run, dir, env } = setup();
    expect((await run('eval', '--facts', 'facts.jsonl', '--queries', 'queries.jsonl')).stderr).toBe('');
    let stderr = '';
    const argv = ['eval', '--facts', 'facts.jsonl', '--queries', 'queries.jsonl'];
    const io = { env, cwd: dir, stdout: () => {}, stderr: (t: string) => (stderr += t), readStdin: async () => '', stderrIsTTY: true };
    expect(await runCli(argv, io)).toBe(0);
    expect(stderr).toContain('\reval [##############################] 5/5');
    expect(stderr.endsWith('\r\x1b[K')).toBe(true);
  });
});

describe('memcue eval --against', () => {
  it('evaluates on an existing database, queries naming its fact ids (or unique prefixes)', async () => {
    const { run, file } = setup();
    const ids: string[] = [];
    for (const fact of FACTS) ids.push((await run('add', fact.text)).stdout.trim());
    file('mine.jsonl', [
      { id: 'a', text: 'redis auth staging', rel: ids[1] },
      { id: 'b', text: 'пятница деплой', rel: ids[2]!.slice(0, 6) },
    ]);
    const r = await run('eval', '--against', 'memcue.db', '--queries', 'mine.jsonl', '--json');
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout).overall).toMatchObject({ queries: 2, hit_at_1: 1 });
  });

  it('refuses a query naming a fact the database does not have', async () => {
    const { run, file } = setup();
    await run('add', 'some fact');
    file('mine.jsonl', [{ id: 'a', text: 'fact', rel: 'zzzzzzzz' }]);
    const r = await run('eval', '--against', 'memcue.db', '--queries', 'mine.jsonl');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^memcue: query "a": no fact with id "zzzzzzzz"/);
  });
});

describe('memcue eval --help', () => {
  it('names every option and gives an example', async () => {
    const r = await cli(['eval', '--help']);
    expect(r.code).toBe(0);
    for (const option of ['--queries', '--facts', '--qrels', '--against', '--in', '--by', '--limit', '--cutoff', '--json']) expect(r.stdout).toContain(option);
    expect(r.stdout).toMatch(/Example:\n  memcue eval --facts/);
  });
});

describe('memcue eval refuses bad input with one line and exit 1', () => {
  it.each([
    [['--queries', 'queries.jsonl'], /give either --facts FILE .* or --against DB/],
    [['--facts', 'facts.jsonl', '--against', 'x.db', '--queries', 'queries.jsonl'], /give either --facts/],
    [['--facts', 'facts.jsonl'], /required option '?--queries <file>'? not specified/],
    [['--facts', 'missing.jsonl', '--queries', 'queries.jsonl'], /cannot read .*missing\.jsonl: no such file/],
    [['--facts', 'bad.jsonl', '--queries', 'queries.jsonl'], /bad\.jsonl line 2: not valid JSON/],
    [['--facts', 'facts.jsonl', '--queries', 'typo.jsonl'], /query "t" names fact "dep1oy", which is not in facts\.jsonl/],
    [['--facts', 'facts.jsonl', '--queries', 'queries.jsonl', '--cutoff', '2'], /--cutoff must be a number from 0 to 1/],
    [['--against', 'nothing.db', '--queries', 'queries.jsonl'], /no database at .*nothing\.db/],
  ])('%j', async (args, message) => {
    const { run, file } = setup();
    file('bad.jsonl', '{"id":"a","text":"x"}\n{nope\n');
    file('typo.jsonl', [{ id: 't', text: 'deploy', rel: 'dep1oy' }]);
    const r = await run('eval', ...args);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stdout).toBe('');
  });
});
