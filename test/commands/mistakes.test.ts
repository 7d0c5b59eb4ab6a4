// A wrong call is an error that says what to do; an empty answer says so. An agent must be able to tell
// "no memory about that" from "that was not a valid call".
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, git, isolatedEnv, tempDir } from '../helpers.js';
import { commands } from './command-list.js';

function setup() {
  const dir = tempDir();
  const env = isolatedEnv(dir);
  const cwd = join(dir, 'work');
  mkdirSync(cwd);
  return (...argv: string[]) => cli(argv, { env, cwd });
}

describe('search refuses what it does not understand', () => {
  it.each([
    [['search', '--jsn', 'postgres'], 'unknown option --jsn; did you mean --json? (see memcue search --help; words starting with - go after --)'],
    [['search', '--kidn', 'rule', 'deploy'], 'unknown option --kidn; did you mean --kind? (see memcue search --help; words starting with - go after --)'],
    [['search', '--all', 'deploy'], 'unknown option --all; did you mean --in all? (see memcue search --help; words starting with - go after --)'],
    [['search', 'deploy', '-x'], 'unknown option -x (see memcue search --help; words starting with - go after --)'],
  ])('%j', async (argv, line) => {
    const run = setup();
    await run('add', 'deploy postgres with the rule of two');
    const r = await run(...argv);
    expect(r).toEqual({ code: 1, stdout: '', stderr: `memcue: ${line}\n` });
  });

  it('words that start with - are searched after --', async () => {
    const run = setup();
    const id = (await run('add', '--', 'build with -Werror and --all-warnings')).stdout.trim();
    const r = await run('search', '--', '-Werror', '--all-warnings', '-in');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(id);
  });

  it('--in with a scope no fact has names the scopes that exist', async () => {
    const run = setup();
    await run('add', '--scope', 'repo:github.com/acme/shop', 'deploy the shop with make ship');
    const r = await run('search', 'deploy', '--in', 'nosuchrepo');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'memcue: --in nosuchrepo: no fact has scope "repo:nosuchrepo" (scopes with facts: repo:github.com/acme/shop; or use --in all, repo, global or machine)\n',
    );
    expect((await run('search', 'deploy', '--in', 'github.com/acme/shop')).stdout).toContain('make ship');
  });

  it('an empty result says so on stderr; stdout stays empty, or [] with --json', async () => {
    const run = setup();
    await run('add', 'deploy postgres on Fridays never');
    expect(await run('search', 'kubernetes')).toEqual({ code: 0, stdout: '', stderr: 'memcue: no facts match "kubernetes"; try other words (a synonym, another spelling, the other language)\n' });
    const json = await run('search', 'kubernetes', '--kind', 'rule', '--json');
    expect(json.stdout).toBe('[]\n');
    expect(json.stderr).toBe('memcue: no facts match "kubernetes"; try other words (a synonym, another spelling, the other language) or no --kind\n');
    expect((await run('search', 'postgres', '--kind', 'rule')).stderr).toMatch(/no --kind/);
  });

  it('inside a repo the hint offers --in all; an empty memory says it is empty', async () => {
    const dir = tempDir();
    const env = isolatedEnv(dir);
    const empty = await cli(['search', 'anything'], { env, cwd: dir });
    expect(empty).toEqual({ code: 0, stdout: '', stderr: `memcue: no facts match "anything": the memory at ${env.MEMCUE_DB} is empty (memcue add "..." stores a fact)\n` });
    git(dir, 'init', '-q');
    git(dir, 'remote', 'add', 'origin', 'git@github.com:acme/shop.git');
    await cli(['add', '--scope', 'repo:github.com/acme/other', 'the other repo deploys with helm'], { env, cwd: dir });
    expect((await cli(['search', 'helm'], { env, cwd: dir })).stderr).toBe('memcue: no facts match "helm"; try other words (a synonym, another spelling, the other language) or --in all\n');
    expect((await cli(['search', 'helm', '--in', 'all'], { env, cwd: dir })).stdout).toContain('deploys with helm');
  });
});

describe('every command refuses unknown options and extra arguments', () => {
  it('an unknown option or a word too many is one line and exit 1 (hook excepted: it must never fail)', async () => {
    const all = (await commands()).filter((c) => c.path[0] !== 'hook');
    expect(all.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    const required: Record<string, string[]> = { eval: ['--queries', 'q.jsonl'] }; // its required option
    for (const { path, usage } of all) {
      const r = await setup()(...path, ...(required[path[0]!] ?? []), '--no-such-option');
      if (r.code !== 1 || r.stderr !== `memcue: unknown option --no-such-option (see memcue ${path.join(' ')} --help${/\.\.\.[>\]]/.test(usage) ? '; words starting with - go after --' : ''})\n`) {
        wrong.push(`${path.join(' ')} --no-such-option: ${r.code} ${r.stderr}`);
      }
      if (/\.\.\.[>\]]/.test(usage) || / \[command\]/.test(usage)) continue; // takes any number of words / a subcommand
      // Fill the required arguments (an agent name where one is expected), then one too many.
      const args = [...usage.matchAll(/<([a-z-]+)(?:\.\.\.)?>/g)].map((m) => (m[1] === 'agent' ? 'claude' : 'x'));
      const extra = await setup()(...path, ...(required[path[0]!] ?? []), ...args, 'extra', 'words');
      if (extra.code !== 1 || !/^memcue: too many arguments for '[a-z-]+'\. Expected \d+ arguments? but got \d+\. \(see memcue .* --help\)\n$/.test(extra.stderr)) {
        wrong.push(`${path.join(' ')} ${args.join(' ')} extra words: ${extra.code} ${extra.stderr}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

// Issue 21, a day of use: each message names what the user can do next, in the words they typed.
describe('one line that says what to do', () => {
  it.each([
    [['add', '--scope', 'team', 'x'], 'bad scope "team" (use repo (this repository), machine (this machine), global, repo:<repo-id> or machine:<host>)'],
    [['add', '--kind', 'rules', 'x'], 'unknown kind "rules"; did you mean rule? (use one of: rule, decision, gotcha, env, note)'],
    [['install', 'cursr'], 'unknown agent "cursr"; did you mean cursor? (one of: claude, hermes, dsh, codex, gemini, opencode, cursor, claude-desktop; see memcue install --help)'],
    [['search', '-n', '0', 'x'], '-n/--limit must be a positive whole number, got "0"'],
  ])('%j', async (argv, line) => {
    const r = await setup()(...argv);
    expect(r).toEqual({ code: 1, stdout: '', stderr: `memcue: ${line}\n` });
  });

  it('import of a missing file says so in words', async () => {
    const r = await setup()('import', 'missing.jsonl');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^memcue: cannot read \/.*\/work\/missing.jsonl: no such file\n$/);
  });

  it('log --host with no change of that host names the hosts that have some', async () => {
    const run = setup();
    await run('add', 'CI runs on ubuntu-24.04');
    const r = await run('log', '--host', 'desktop');
    expect(r).toEqual({ code: 0, stdout: '', stderr: 'memcue: no changes by host desktop (hosts with changes: testhost)\n' });
  });

  it('log with no change in a range says so', async () => {
    const run = setup();
    await run('add', 'CI runs on ubuntu-24.04');
    expect((await run('log', '--since', '2999-01-01')).stderr).toBe('memcue: no changes since 2999-01-01\n');
  });
});

describe('keywords and list lines', () => {
  it('JSON gives keywords their own field', async () => {
    const run = setup();
    await run('add', '--keywords', 'deploy, release', 'ship it on tuesdays');
    const [fact] = JSON.parse((await run('list', '--json')).stdout);
    expect(fact).toMatchObject({ translation: '', keywords: ['deploy', 'release'] });
    const shown = JSON.parse((await run('show', fact.id, '--json')).stdout);
    expect(shown).toMatchObject({ translation: '', keywords: ['deploy', 'release'] });
    expect(shown.versions[0]).toMatchObject({ translation: '', keywords: ['deploy', 'release'] });
  });

  it('list is short by default; --long adds host and source', async () => {
    const run = setup();
    const id = (await run('add', '--source', 'notes.md', 'ship it on tuesdays')).stdout.trim();
    const short = (await run('list')).stdout.trim();
    expect(short).toMatch(new RegExp(`^${id} note \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d ship it on tuesdays$`));
    const long = (await run('list', '--long')).stdout.trim();
    expect(long).toMatch(new RegExp(`^${id} note \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d testhost ship it on tuesdays  \\(from .*notes.md\\)$`));
  });
});
