// migrate end to end on fixture folders that imitate each source: Claude Code auto memory under a
// fake HOME, a repository's memory/ folder, memsearch daily files. Nothing touches the real home.
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli.js';
import { claudeSlug } from '../../src/migrate/sources.js';
import { ROOT, cli, git, isolatedEnv, tempDir } from '../helpers.js';

const FIXTURES = join(ROOT, 'test', 'fixtures');
const SHOP = '-home-dev-shop-api';

function setup() {
  const dir = tempDir();
  const env = isolatedEnv(dir);
  const home = env.HOME!;
  cpSync(join(FIXTURES, 'claude-home'), home, { recursive: true });
  const cwd = join(dir, 'elsewhere');
  mkdirSync(cwd);
  const run = (argv: string[], opts: { stdin?: string; cwd?: string } = {}) => cli(argv, { env, cwd: opts.cwd ?? cwd, stdin: opts.stdin });
  const exportAll = async () => (await run(['export', '--all-versions'])).stdout;
  const facts = async () => JSON.parse((await run(['list', '--in', 'all', '--json'])).stdout) as { text: string; scope: string; kind: string; source: string; quote: string }[];
  return { dir, env, home, cwd, run, exportAll, facts };
}

/** A git repository with an origin, holding a memory/ folder and memsearch files. */
function project(dir: string) {
  const repo = join(dir, 'shop-api');
  mkdirSync(repo);
  git(repo, 'init', '-q');
  git(repo, 'remote', 'add', 'origin', 'git@github.com:acme/shop-api.git');
  cpSync(join(FIXTURES, 'repo-memory', 'memory'), join(repo, 'memory'), { recursive: true });
  cpSync(join(FIXTURES, 'memsearch', '.memsearch'), join(repo, '.memsearch'), { recursive: true });
  return repo;
}

const payloadOf = (text: string) => JSON.parse(/```json\n([\s\S]*?)```/.exec(text)![1]!);

describe('memcue migrate (a batch for the model)', () => {
  it('offers every Claude Code note once, without index lines or secrets, and says which scope each has', async () => {
    const { run } = setup();
    const r = await run(['migrate', '--from', 'claude', '--all']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^# memcue migrate, batch [0-9a-f]{12}\n/);
    expect(r.stdout).toContain('memcue migrate apply');
    expect(r.stderr).toContain('cannot tell which project ~/.claude/projects/-srv-memcue-fixture-gone-wiki belongs to');
    const batch = payloadOf(r.stdout);
    const byPath = Object.fromEntries(batch.notes.map((n: { path: string }) => [n.path.replace(/^~\/\.claude\/projects\//, ''), n]));
    expect(Object.keys(byPath)).toEqual([
      `${SHOP}/memory/MEMORY.md`,
      `${SHOP}/memory/deploy.md`,
      `${SHOP}/memory/feedback_no_friday.md`,
      `${SHOP}/memory/testing.md`,
      '-srv-memcue-fixture-gone-wiki/memory/MEMORY.md',
    ]);
    // The transcript records /home/dev/shop-api, which is gone: its folder name is the repo id.
    expect(byPath[`${SHOP}/memory/deploy.md`].scope).toBe('repo:shop-api');
    expect(byPath['-srv-memcue-fixture-gone-wiki/memory/MEMORY.md'].scope).toMatch(/^unknown project/);
    expect(byPath[`${SHOP}/memory/MEMORY.md`].text).not.toContain('deploy.md');
    expect(byPath[`${SHOP}/memory/MEMORY.md`].text).toContain('port 8443');
    expect(byPath[`${SHOP}/memory/deploy.md`].text).not.toContain('hunter2');
    expect(byPath[`${SHOP}/memory/deploy.md`].text).toContain('looks like a secret was left out');
    expect(batch.remaining).toEqual({ notes: 0 });
  });

  it('applies the extracted facts in one transaction, marks every note of the batch migrated, and a rerun offers nothing', async () => {
    const { run, facts } = setup();
    const batch = payloadOf((await run(['migrate', '--from', 'claude', '--all'])).stdout);
    const note = (name: string) => batch.notes.find((n: { path: string }) => n.path.endsWith(name)).note;
    const answer = {
      batch: batch.batch,
      facts: [
        { note: note('deploy.md'), text: 'Staging of shop-api is deployed with make deploy-stg from main', kind: 'env', scope: 'repo', quote: 'Staging is deployed with `make deploy-stg` from the main branch' },
        { note: note('deploy.md'), text: 'Production deploys of shop-api need a signed release tag v*', kind: 'rule', scope: 'repo', quote: 'Production deploys only happen from a signed release tag' },
        { note: note('feedback_no_friday.md'), text: 'Никогда не деплоить в прод в пятницу', kind: 'rule', scope: 'global', quote: 'Никогда не деплоить в прод в пятницу' },
        { note: note('-wiki/memory/MEMORY.md'), text: 'The wiki builds with mkdocs-material 9.5', kind: 'env', scope: 'machine', quote: 'The wiki is built with mkdocs-material 9.5' },
      ],
    };
    const r = await run(['migrate', 'apply', '-', '--json'], { stdin: JSON.stringify(answer) });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ batch: batch.batch, notes: 5, added: 4, already_present: 0 });
    const stored = await facts();
    expect(stored).toHaveLength(4);
    expect(stored.find((f) => f.text.startsWith('Production'))).toMatchObject({
      kind: 'rule',
      scope: 'repo:shop-api',
      source: `migrate:~/.claude/projects/${SHOP}/memory/deploy.md`,
      quote: 'Production deploys only happen from a signed release tag',
    });
    expect(stored.find((f) => f.text.startsWith('Никогда'))!.scope).toBe('global');
    expect(stored.find((f) => f.text.startsWith('The wiki'))!.scope).toBe('machine:testhost');
    expect((await run(['search', 'signed', 'release', 'tag', '--in', 'all'])).stdout).toContain('Production deploys of shop-api');
    // Every note counts as done (testing.md gave no facts), so a rerun has nothing to offer.
    const again = await run(['migrate', '--from', 'claude', '--all']);
    expect(again.stdout).toBe('nothing to migrate: all 5 notes found were migrated before\n');
    expect(again.stderr).toBe('');
  });

  it('fits its budget and says how many notes remain; the next run offers the rest', async () => {
    const { run } = setup();
    const first = payloadOf((await run(['migrate', '--from', 'claude', '--all', '--limit', '2'])).stdout);
    expect(first.notes).toHaveLength(2);
    expect(first.remaining).toEqual({ notes: 3 });
    const small = (await run(['migrate', '--from', 'claude', '--all', '--budget', '2500'])).stdout;
    expect(small.length).toBeLessThanOrEqual(2500);
    expect((await run(['migrate', 'apply', '-'], { stdin: JSON.stringify({ batch: first.batch, facts: [] }) })).stdout).toContain('2 notes migrated, 0 facts added');
    const next = payloadOf((await run(['migrate', '--from', 'claude', '--all'])).stdout);
    expect(next.notes).toHaveLength(3);
    expect(next.notes.map((n: { note: string }) => n.note)).not.toContain(first.notes[0].note);
  });

  describe('refuses a bad answer whole', () => {
    it.each([
      ['bad JSON', () => '{"facts": [', /the answer is not valid JSON/],
      ['unknown note', (b: Batch) => ({ batch: b.batch, facts: [fact(b, { note: 'abcdef123456' })] }), /fact 1: unknown note "abcdef123456"/],
      ['bad kind', (b: Batch) => ({ batch: b.batch, facts: [fact(b), fact(b, { kind: 'idea' })] }), /fact 2: kind: unknown kind "idea"/],
      ['missing quote', (b: Batch) => ({ batch: b.batch, facts: [{ ...fact(b), quote: undefined }] }), /fact 1: "quote" is missing/],
      ['empty quote', (b: Batch) => ({ batch: b.batch, facts: [fact(b, { quote: ' ' })] }), /fact 1: quote: is empty/],
      ['extra field', (b: Batch) => ({ batch: b.batch, facts: [fact(b, { id: 'x' })] }), /fact 1: unknown field "id"/],
      ['repo scope without a repo', (b: Batch) => ({ batch: b.batch, facts: [fact(b, { note: b.wiki })] }), /fact 1: scope: "repo": this note belongs to no repository/],
      ['bad scope', (b: Batch) => ({ batch: b.batch, facts: [fact(b, { scope: 'team' })] }), /fact 1: scope: bad scope "team"/],
      ['secret', (b: Batch) => ({ batch: b.batch, facts: [fact(b, { text: 'staging admin password = hunter2-staging-7731' })] }), /fact 1: refusing to store fact text: it looks like a password assignment \(rule password-assignment\)/],
      ['no facts field', (b: Batch) => ({ batch: b.batch }), /the answer: "facts" is missing/],
    ])('%s', async (_name, answer, error) => {
      const { run, exportAll } = setup();
      const payload = payloadOf((await run(['migrate', '--from', 'claude', '--all'])).stdout);
      const b: Batch = {
        batch: payload.batch,
        deploy: payload.notes.find((n: { path: string }) => n.path.endsWith('deploy.md')).note,
        wiki: payload.notes.find((n: { path: string }) => n.path.includes('-wiki/')).note,
      };
      const before = await exportAll();
      const a = answer(b);
      const r = await run(['migrate', 'apply', '-'], { stdin: typeof a === 'string' ? a : JSON.stringify(a) });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(error);
      expect(r.stderr).toContain('nothing was changed');
      expect(await exportAll()).toBe(before);
      // No note was marked migrated: the same batch still applies.
      expect((await run(['migrate', 'apply', '-'], { stdin: JSON.stringify({ batch: b.batch, facts: [fact(b)] }) })).code).toBe(0);
    });
  });
});

type Batch = { batch: string; deploy: string; wiki: string };
function fact(b: Batch, over: Record<string, unknown> = {}) {
  return { note: b.deploy, text: 'Staging is deployed with make deploy-stg', kind: 'env', scope: 'repo', quote: 'Staging is deployed with `make deploy-stg`', ...over };
}

describe('memcue migrate --raw', () => {
  it("takes this project's memories from all three sources, one note fact per paragraph, and a rerun adds nothing", async () => {
    const { dir, home, run, facts } = setup();
    const repo = project(dir);
    // Claude Code keeps this project's memory under the slug of its path.
    cpSync(join(home, '.claude', 'projects', SHOP, 'memory'), join(home, '.claude', 'projects', claudeSlug(repo), 'memory'), { recursive: true });
    const r = await run(['migrate', '--raw'], { cwd: repo });
    expect(r.stderr).toBe('');
    // Claude: 4 notes (MEMORY.md, deploy, friday, testing) with 6 paragraphs besides the secret;
    // memory/: 3 notes, 5 paragraphs; memsearch: 2 daily files, 4 list items.
    expect(r.stdout).toMatch(/^migrated 9 notes: 15 facts added \(1 secret-looking paragraph left out\); batch [0-9a-f]{12}\n$/);
    const stored = await facts();
    expect(stored).toHaveLength(15);
    expect(new Set(stored.map((f) => f.scope))).toEqual(new Set(['repo:github.com/acme/shop-api']));
    expect(stored.every((f) => f.kind === 'note')).toBe(true);
    const texts = stored.map((f) => f.text);
    expect(texts).toContain('The API listens on port 8443 in every environment.');
    expect(texts).toContain('Генерация клиентов в src/gen перезаписывает ручные правки: менять только шаблоны в templates/.');
    expect(texts).toContain('Redis on staging needs AUTH; the client library reads REDIS_URL with the credentials inside.');
    expect(texts.join('\n')).not.toMatch(/hunter2|session:7c1d|Memory index|deploy\.md|^name:|Session 10:14/m);
    expect(stored.find((f) => f.text.startsWith('Raised the cron'))!.source).toBe('migrate:~/shop-api/.memsearch/memory/2026-11-28.md');
    expect((await run(['search', 'docker', 'compose', 'integration'], { cwd: repo })).stdout).toContain('docker compose up -d db redis');

    const again = await run(['migrate', '--raw'], { cwd: repo });
    expect(again.stdout).toBe('nothing to migrate: all 9 notes found were migrated before\n');
    expect(await facts()).toHaveLength(15);
  });

  it('an edited note comes back; its paragraphs already stored are not added twice', async () => {
    const { dir, run, facts } = setup();
    const repo = project(dir);
    await run(['migrate', '--from', 'dir', join(repo, 'memory'), '--raw']);
    const before = (await facts()).length;
    appendFileSync(join(repo, 'memory', 'gotchas.md'), '3. The e2e suite needs Chrome 120 or newer.\n');
    const r = await run(['migrate', '--from', 'dir', 'shop-api', '--raw'], { cwd: dir });
    expect(r.stdout).toMatch(/^migrated 1 notes: 1 facts added \(2 already present, 2 notes migrated before\); batch [0-9a-f]{12}\n$/);
    expect(await facts()).toHaveLength(before + 1);
  });

  it('--from memsearch reads only the daily files', async () => {
    const { dir, run, facts } = setup();
    const repo = project(dir);
    const r = await run(['migrate', '--from', 'memsearch', join(repo, '.memsearch', 'memory'), '--raw']);
    expect(r.stdout).toMatch(/^migrated 2 notes: 4 facts added; batch [0-9a-f]{12}\n$/);
    expect((await facts()).map((f) => f.text)).not.toContain('not a daily file');
  });

  it('--dry-run lists what would happen and writes nothing, not even the database', async () => {
    const { dir, env, run } = setup();
    const repo = project(dir);
    const r = await run(['migrate', '--from', 'dir', join(repo, 'memory'), '--dry-run']);
    // Paths under the home folder are shown with ~ (HOME is the test's temp folder).
    expect(r.stdout).toContain('new       ~/shop-api/memory/architecture.md  (2 paragraphs, repo:github.com/acme/shop-api)');
    expect(r.stdout).toContain('3 notes found: 3 to migrate, 0 migrated before; --raw would add up to 5 facts; nothing was written');
    expect(existsSync(env.MEMCUE_DB!)).toBe(false);
    await run(['add', 'something else']);
    const batchRun = await run(['migrate', '--from', 'dir', join(repo, 'memory'), '--dry-run', '--json']);
    expect(JSON.parse(batchRun.stdout)).toMatchObject({ pending: 3, migrated: 0 });
    expect(batchRun.code).toBe(0); // the JSON listing once returned what stdout's writer returned as its exit code
    expect((await run(['migrate', '--from', 'dir', join(repo, 'memory'), '--raw'])).stdout).toContain('migrated 3 notes');
  });

  it('draws a progress bar only when stderr is a terminal', async () => {
    const { dir, env } = setup();
    const repo = project(dir);
    const runWith = async (stderrIsTTY: boolean, argv: string[]) => {
      let stderr = '';
      const code = await runCli(argv, { env, cwd: dir, stdout: () => {}, stderr: (t) => (stderr += t), readStdin: async () => '', stderrIsTTY });
      return { code, stderr };
    };
    const plain = await runWith(false, ['migrate', '--from', 'dir', join(repo, 'memory'), '--raw']);
    expect(plain).toEqual({ code: 0, stderr: '' });
    const tty = await runWith(true, ['migrate', '--from', 'memsearch', repo, '--raw']);
    expect(tty.code).toBe(0);
    expect(tty.stderr).toContain('\rmigrate [');
    expect(tty.stderr).toContain('2/2');
  });

  it('explains a bad --from and a missing folder in one line', async () => {
    const { dir, run } = setup();
    const bad = await run(['migrate', '--from', 'dir']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe('memcue: cannot read --from dir (use --from claude, --from dir PATH or --from memsearch PATH)\n');
    const missing = await run(['migrate', '--from', 'dir', join(dir, 'nope'), '--raw']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`no folder ${join(dir, 'nope')}`);
  });

  it('a transcript that is not a regular file (a FIFO) is passed over, not waited on', async () => {
    const { home, run } = setup();
    execFileSync('mkfifo', [join(home, '.claude', 'projects', '-srv-memcue-fixture-gone-wiki', 'a.jsonl')]);
    const r = await run(['migrate', '--from', 'claude', '--all']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('cannot tell which project ~/.claude/projects/-srv-memcue-fixture-gone-wiki belongs to');
  });

  it('finds nothing, and says so, when there are no file memories', async () => {
    const { dir, env } = setup();
    const empty = isolatedEnv(join(dir, 'emptyhome'));
    mkdirSync(empty.HOME!, { recursive: true });
    const r = await cli(['migrate', '--raw'], { env: empty, cwd: empty.HOME! });
    expect(r.stdout).toContain('no file memories found');
    expect(env.HOME).not.toBe(empty.HOME);
  });
});

