// End-to-end tests of every command, run in-process against temp databases.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, git, isolatedEnv, tempDir } from '../helpers.js';

function setup() {
  const dir = tempDir();
  const env = isolatedEnv(dir);
  const cwd = join(dir, 'work');
  mkdirSync(cwd);
  const run = (...argv: string[]) => cli(argv, { env, cwd });
  return { dir, env, cwd, run };
}

async function add(run: (...a: string[]) => Promise<{ code: number; stdout: string; stderr: string }>, ...argv: string[]) {
  const r = await run('add', ...argv);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r.stdout.trim();
}

describe('add and search', () => {
  it('finds Russian and English facts by inflected forms, searchable at once', async () => {
    const { run } = setup();
    const ru = await add(run, 'Развёртывание на стенд делается через make deploy-stg');
    const en = await add(run, '--kind', 'rule', 'Never deploy services to production on Fridays');
    expect((await run('search', 'развертывания')).stdout).toContain(ru);
    expect((await run('search', 'deploying')).stdout).toContain(en);
    expect((await run('search', 'service')).stdout).toContain(en);
    expect((await run('search', 'deploy-stg')).stdout).toContain(ru);
  });

  it('prints one compact line per fact: id, kind, date, text', async () => {
    const { run } = setup();
    const id = await add(run, '--kind', 'gotcha', 'Redis on staging\nneeds AUTH');
    const line = (await run('search', 'redis')).stdout.trim();
    expect(line).toMatch(new RegExp(`^${id} gotcha \\d{4}-\\d{2}-\\d{2} Redis on staging needs AUTH$`));
  });

  it('--json gives the documented fields', async () => {
    const { run } = setup();
    await add(run, 'PKG_CONFIG_PATH must include /opt/lib/pkgconfig');
    const hits = JSON.parse((await run('search', 'PKG_CONFIG_PATH', '--json')).stdout);
    expect(hits).toHaveLength(1);
    expect(Object.keys(hits[0]).sort()).toEqual(['created_at', 'id', 'kind', 'scope', 'score', 'source', 'text', 'version']);
    expect(hits[0].score).toBeGreaterThan(0);
  });

  it.each([['api-gw'], ['PKG_CONFIG_PATH'], ['5.4'], ['src/gen'], ['gen'], ['config']])('finds identifier %s', async (query) => {
    const { run } = setup();
    const id = await add(run, 'api-gw needs PKG_CONFIG_PATH and python 5.4 to build src/gen');
    expect((await run('search', query)).stdout).toContain(id);
  });

  it('ORs terms, returns at most 5 (or -n), and drops results below 0.6 of the best', async () => {
    const { run } = setup();
    for (let i = 0; i < 8; i++) await add(run, `cache note number ${i} about the build cache`);
    expect((await run('search', 'cache')).stdout.trim().split('\n')).toHaveLength(5);
    expect((await run('search', 'cache', '-n', '2')).stdout.trim().split('\n')).toHaveLength(2);
    const strong = await add(run, 'kubernetes ingress timeout is 30 seconds on the kubernetes cluster');
    const out = (await run('search', 'kubernetes ingress timeout cache')).stdout;
    expect(out.split('\n')[0]).toContain(strong);
    // The cache notes only match one common term: far below 0.6 of the best score.
    expect(out.trim().split('\n')).toHaveLength(1);
  });

  it('filters by --kind and --since (ISO and relative), with single-dash forms', async () => {
    const { run } = setup();
    const rule = await add(run, '--kind', 'rule', 'always run lint before commit');
    const note = await add(run, 'lint config lives in eslint.config.js');
    expect((await run('search', 'lint', '-kind', 'rule')).stdout).not.toContain(note);
    expect((await run('search', 'lint', '--kind', 'rule')).stdout).toContain(rule);
    expect((await run('search', 'lint', '-since', '7d')).stdout).toContain(note);
    expect((await run('search', 'lint', '--since', '2999-01-01')).stdout).toBe('');
    expect((await run('search', 'lint', '--since', 'yesterday')).code).toBe(1);
    expect((await run('search', 'lint', '--kind', 'bogus')).code).toBe(1);
  });

  it('an empty memory finds nothing and creates no file', async () => {
    const { run, env } = setup();
    const r = await run('search', 'anything');
    expect(r).toMatchObject({ code: 0, stdout: '' });
    expect(existsSync(env.MEMCUE_DB!)).toBe(false);
  });
});

describe('hostile queries never surface an FTS or SQL error', () => {
  const queries = [
    '"', '""', "'", 'NEAR(', 'NEAR(a b', 'a NOT', 'AND OR NOT', '*', 'a*', '-', '-a', '+', '^a', 'col:val',
    '(', ')', '{a b}', 'a"b', '🚀🎉', '\ud800', 'x\udfffy', '%', '_', '; DROP TABLE facts; --', '\u0000',
    'a'.repeat(100_000), 'word '.repeat(20_000),
  ];
  it.each(queries.map((q) => [q.length > 40 ? `${q.slice(0, 20)}… (${q.length} chars)` : JSON.stringify(q), q]))('%s', async (_label, query) => {
    const { run } = setup();
    await add(run, 'a word about NEAR operators and AND/OR in FTS5 queries');
    // After `--`: queries that start with `-` are words, not options.
    const r = await run('search', '--', query);
    expect(r.stderr).toMatch(/^(|memcue: no facts match "[^\n]*\n)$/);
    expect(r.code).toBe(0);
  });
});

describe('scopes', () => {
  it('inside a repo searches that repo, this machine and global; --in all covers everything', async () => {
    const dir = tempDir();
    const env = isolatedEnv(dir);
    const repoA = join(dir, 'a');
    const repoB = join(dir, 'clone-of-b');
    for (const [path, url] of [[repoA, 'git@github.com:acme/alpha.git'], [repoB, 'https://github.com/acme/beta']] as const) {
      mkdirSync(path);
      git(path, 'init', '-q');
      git(path, 'remote', 'add', 'origin', url);
    }
    const inA = (...argv: string[]) => cli(argv, { env, cwd: repoA });
    const inB = (...argv: string[]) => cli(argv, { env, cwd: join(repoB) });
    const a = await add(inA, 'the widget service listens on port 8080');
    const b = await add(inB, 'the widget service in beta listens on port 9090');
    const global = await add(inB, '--scope', 'global', 'widget naming follows the style guide');
    const machine = await add(inB, '--scope', 'machine', 'widget binaries are cached in /var/cache/widget');

    expect(JSON.parse((await inA('show', a, '--json')).stdout).scope).toBe('repo:github.com/acme/alpha');
    expect(JSON.parse((await inB('show', b, '--json')).stdout).scope).toBe('repo:github.com/acme/beta');
    const fromA = (await inA('search', 'widget')).stdout;
    expect(fromA).toContain(a);
    expect(fromA).toContain(global);
    expect(fromA).toContain(machine);
    expect(fromA).not.toContain(b);
    const all = (await inA('search', 'widget', '--in', 'all')).stdout;
    expect(all).toContain(b);
    expect(all).toContain('[repo:github.com/acme/beta]');
    expect((await inA('search', 'widget', '-in', 'github.com/acme/beta')).stdout).toContain(b);
  });

  it('at equal score the current repo wins', async () => {
    const dir = tempDir();
    const env = isolatedEnv(dir);
    const repo = join(dir, 'r');
    mkdirSync(repo);
    git(repo, 'init', '-q');
    git(repo, 'remote', 'add', 'origin', 'git@example.org:team/r.git');
    // The first fact of a scope that is not this repo's is stored with a warning (loud-mistakes.test.ts).
    const other = (await cli(['add', '--scope', 'repo:example.org/other', 'identical text about tokens'], { env, cwd: repo })).stdout.trim();
    const own = await add((...a) => cli(a, { env, cwd: repo }), 'identical text about tokens');
    const out = (await cli(['search', 'identical', 'tokens', '--in', 'all'], { env, cwd: repo })).stdout.trim().split('\n');
    expect(out[0]).toContain(own);
    expect(out[1]).toContain(other);
  });

  it('outside a repo the default scope is global and --scope repo is refused', async () => {
    const { run } = setup();
    const id = await add(run, 'a global fact');
    expect(JSON.parse((await run('show', id, '--json')).stdout).scope).toBe('global');
    const r = await run('add', '--scope', 'repo', 'x');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/not inside a git repository/);
  });
});

describe('refusals', () => {
  it.each([
    [['add', '   '], /empty/],
    [['add', 'x'.repeat(2001)], /over the 2000/],
    [['add', `token ghp_${'a'.repeat(36)}`], /GitHub token/],
    [['add', '--', '-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----'], /private key/],
    [['add', 'db password=hunter2secret'], /password/],
    [['add', '--kind', 'fact', 'x'], /unknown kind/],
    [['add', '--scope', 'nowhere', 'x'], /bad scope/],
    [['search'], /missing required argument/],
    [['frobnicate'], /unknown command/],
    [['search', 'x', '-n', '0'], /positive whole number/],
  ])('%j', async (argv, message) => {
    const { run, env } = setup();
    const r = await run(...argv);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).not.toMatch(/at .*\.ts:\d+/);
    if (argv[0] === 'add') expect(existsSync(env.MEMCUE_DB!)).toBe(false);
  });

  it('--allow-secret stores it anyway', async () => {
    const { run } = setup();
    expect((await run('add', '--allow-secret', 'db password=hunter2secret')).code).toBe(0);
  });
});

describe('show, edit, forget, list, stats', () => {
  it('keeps every version; the index follows the current one', async () => {
    const { run } = setup();
    const id = await add(run, 'the queue is RabbitMQ');
    expect((await run('edit', id.slice(0, 6), 'the queue is Kafka now')).code).toBe(0);
    expect((await run('search', 'rabbitmq')).stdout).toBe('');
    expect((await run('search', 'kafka')).stdout).toContain(id);
    const shown = JSON.parse((await run('show', id, '--json')).stdout);
    expect(shown.versions.map((v: { version: number; text: string }) => [v.version, v.text])).toEqual([
      [1, 'the queue is RabbitMQ'],
      [2, 'the queue is Kafka now'],
    ]);
    expect((await run('show', id)).stdout).toMatch(/versions:\n {2}1 .*RabbitMQ\n {2}2 .*Kafka now/);
    expect((await run('forget', id)).code).toBe(0);
    expect((await run('search', 'kafka')).stdout).toBe('');
    expect((await run('forget', id)).code).toBe(1);
    expect(JSON.parse((await run('show', id, '--json')).stdout).state).toBe('forgotten');
    expect((await run('list')).stdout).toBe('');
    expect((await run('show', 'zzzzzzzz')).stderr).toMatch(/no fact with id/);
  });

  it('list and stats count current active facts', async () => {
    const { run } = setup();
    const a = await add(run, '--kind', 'rule', 'rule one');
    await add(run, '--kind', 'env', 'env one');
    const c = await add(run, 'note one');
    await run('edit', a, 'rule one, revised');
    await run('forget', c);
    const listed = JSON.parse((await run('list', '--json')).stdout);
    expect(listed.map((f: { text: string }) => f.text).sort()).toEqual(['env one', 'rule one, revised']);
    expect((await run('list', '--kind', 'env')).stdout).toMatch(/ env .* env one\n$/);
    const stats = JSON.parse((await run('stats', '--json')).stdout);
    expect(stats).toMatchObject({ facts: 2, versions: 5, by_kind: { rule: 1, env: 1 }, by_scope: { global: 2 } });
    expect(stats.bytes).toBeGreaterThan(0);
  });
});

describe('export and import', () => {
  it('export → import into an empty file reproduces the same facts, and a rerun adds nothing', async () => {
    const { run, dir, cwd } = setup();
    const id = await add(run, '--kind', 'decision', '--quote', 'we said so', 'use pnpm workspaces');
    await run('edit', id, 'use npm workspaces');
    await add(run, 'Кэш сборки лежит в /var/cache/build');
    const all = (await run('export', '--all-versions')).stdout;
    expect(all.trim().split('\n')).toHaveLength(3);
    writeFileSync(join(cwd, 'dump.jsonl'), all);
    const env2 = isolatedEnv(join(dir, 'second'));
    mkdirSync(join(dir, 'second'));
    const imported = await cli(['import', 'dump.jsonl'], { env: env2, cwd });
    expect(imported.stdout).toMatch(/imported 3/);
    expect((await cli(['export', '--all-versions'], { env: env2, cwd })).stdout).toBe(all);
    expect((await cli(['import', 'dump.jsonl'], { env: env2, cwd })).stdout).toMatch(/imported 0 .*3 already present/);
    expect((await cli(['search', 'кэш'], { env: env2, cwd })).stdout).toContain('Кэш сборки');
  });

  it('reads minimal lines from stdin', async () => {
    const { env, cwd } = setup();
    const stdin = '{"text":"first minimal fact","kind":"rule"}\n\n{"text":"second minimal fact","scope":"machine:box"}\n';
    expect((await cli(['import', '-'], { env, cwd, stdin })).stdout).toMatch(/imported 2/);
    const listed = JSON.parse((await cli(['list', '--json', '--in', 'all'], { env, cwd })).stdout);
    expect(listed.map((f: { kind: string; scope: string }) => `${f.kind} ${f.scope}`).sort()).toEqual(['note machine:box', 'rule global']);
  });

  it.each([
    ['not json', /line 2: not valid JSON/],
    ['{"kind":"rule"}', /line 2: "text" is missing/],
    ['{"text":"x","kind":"fact"}', /line 2: unknown kind/],
    ['{"text":"   "}', /line 2: fact text is empty/],
    ['{"text":"x","id":"ab","version":1}', /line 2: "id" must be/],
    [`{"text":"key ghp_${'b'.repeat(36)}"}`, /line 2: refusing to store/],
  ])('a bad line (%s) imports nothing', async (bad, message) => {
    const { env, cwd } = setup();
    await cli(['add', 'already here'], { env, cwd });
    const before = (await cli(['export', '--all-versions'], { env, cwd })).stdout;
    const r = await cli(['import', '-'], { env, cwd, stdin: `{"text":"good line"}\n${bad}\n{"text":"another good"}` });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(message);
    expect((await cli(['export', '--all-versions'], { env, cwd })).stdout).toBe(before);
  });
});

describe('files that are not ours', () => {
  it.each([
    ['a text file', (p: string) => writeFileSync(p, 'hello, I am not a database\n'.repeat(100))],
    ['a foreign SQLite database', (p: string) => writeFileSync(p, readFileSync(foreignDb()))],
  ])('%s is reported and never overwritten', async (_label, make) => {
    const { run, env } = setup();
    make(env.MEMCUE_DB!);
    const before = readFileSync(env.MEMCUE_DB!);
    for (const argv of [['add', 'x'], ['search', 'x'], ['stats']]) {
      const r = await run(...argv);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/not a memcue database/);
    }
    expect(readFileSync(env.MEMCUE_DB!).equals(before)).toBe(true);
  });
});

/** A plain SQLite file written by the sqlite3 shell (a test dependency that .ci/run installs). */
function foreignDb(): string {
  const path = join(tempDir(), 'foreign.db');
  execFileSync('sqlite3', [path, 'CREATE TABLE t(x); INSERT INTO t VALUES (1);']);
  return path;
}

describe('version and help', () => {
  it('--version matches package.json', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect((await cli(['--version'])).stdout.trim()).toBe(pkg.version);
  });
  it.each(['add', 'search', 'show', 'edit', 'forget', 'list', 'stats', 'export', 'import'])('%s --help', async (command) => {
    const r = await cli([command, '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Usage: memcue ${command}`);
  });
});
