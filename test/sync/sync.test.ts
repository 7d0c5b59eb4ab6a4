// `memcue sync` between two machines through a real bare git remote, with the real compiled binary.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate, OPENED_AS_IS, SCHEMA_VERSION } from '../../src/store/schema.js';
import { Database } from '../../src/sqlite/sqlite.js';
import { shellCommand } from '../../src/sync/self.js';
import { git, runProcess, tempDir } from '../helpers.js';
import { bareRemote, haveBinary, machine, MEMCUE, repoState, type Machine } from './machines.js';

function expectTidy(m: Machine): void {
  expect(repoState(m.repo)).toEqual({ status: '', merging: false, indexLock: false, markers: '' });
}

/** A and B share two facts, then each adds, edits and forgets on its own. */
function divergedMachines() {
  const root = tempDir('memcue-sync-');
  const remote = bareRemote(root);
  const a = machine('alpha', root);
  const b = machine('beta', root);
  const shared = a.ok('add', '--scope', 'global', 'the staging deploy needs VPN access');
  const other = a.ok('add', '--scope', 'global', 'builds are cached in /var/cache/ci');
  a.ok('sync', 'init', remote);
  b.ok('sync', 'init', remote);
  expect(b.facts()).toEqual(a.facts());
  a.ok('add', '--scope', 'global', 'alpha: the kubectl context is prod-eu');
  b.ok('add', '--scope', 'global', 'beta: the postgres port is 5433');
  a.ok('edit', shared, 'the staging deploy needs VPN access and a yubikey');
  b.ok('edit', shared, 'staging deploys go through the bastion host');
  a.ok('forget', other);
  b.ok('edit', other, 'builds are cached in /srv/ci-cache since the move');
  return { root, remote, a, b, shared, other };
}

describe.skipIf(!haveBinary)('memcue sync (real git, two machines)', () => {
  it.each([
    ['alpha first', false],
    ['beta first', false],
    ['alpha first, both compacting (merge driver)', true],
    ['beta first, both compacting (merge driver)', true],
  ])('%s: both end with the same current facts, nothing lost, no manual step', (order, compact) => {
    const { a, b, shared } = divergedMachines();
    const [first, second] = order.startsWith('alpha') ? [a, b] : [b, a];
    const flags = compact ? ['--compact'] : [];
    const allVersions = new Set([...a.ok('export', '--all-versions').split('\n'), ...b.ok('export', '--all-versions').split('\n')]);
    first.ok('sync', ...flags);
    second.ok('sync', ...flags);
    first.ok('sync');
    expect(a.facts()).toEqual(b.facts());
    expect(a.ok('export', '--all-versions').split('\n').sort()).toEqual([...allVersions].sort());
    expect(a.facts()).toHaveLength(4); // shared (edited twice), the cache fact (edited and forgotten), one new each
    // Both machines wrote version 2 of the shared fact; the later write (beta's) wins everywhere.
    expect(JSON.parse(a.ok('show', shared, '--json')).text).toBe('staging deploys go through the bastion host');
    expect(a.ok('search', 'postgres', '--in', 'all')).toContain('5433');
    expect(b.ok('search', 'kubectl', '--in', 'all')).toContain('prod-eu');
    expectTidy(a);
    expectTidy(b);
    if (compact) {
      // Both rewrote memcue.db: git merged the two snapshots with the driver.
      expect(git(first.repo, 'log', '--merges', '--format=%s', '-1', '--', 'memcue.db')).toMatch(/^Merge/);
      expect(existsSync(join(a.repo, 'memcue.db'))).toBe(true);
    }
  });

  it('says, one line per fact, which of two concurrent edits was kept', () => {
    const { a, b, shared, other } = divergedMachines();
    const line = (out: string, id: string) => out.split('\n').filter((l) => l.startsWith(`fact ${id}:`));
    expect(line(a.ok('sync'), shared)).toEqual([]); // nothing of beta's has arrived yet
    const atBeta = b.ok('sync');
    // Beta wrote both of its versions 2 after alpha's: beta's edits are kept, alpha's forget is history.
    expect(line(atBeta, shared)).toEqual([
      `fact ${shared}: version 2 was written on alpha and beta; kept beta's (the later write): "staging deploys go through the bastion host"`,
    ]);
    expect(line(atBeta, other)).toEqual([
      `fact ${other}: version 2 was written on alpha and beta; kept beta's (the later write): "builds are cached in /srv/ci-cache since the move"`,
    ]);
    expect(atBeta.split('\n')).toHaveLength(3); // the summary and one line per fact
    // Alpha hears it on its next sync, once; after that, nothing more to say.
    expect(line(a.ok('sync'), shared)).toHaveLength(1);
    expect(a.ok('sync')).not.toMatch(/^fact /m);
  });

  it('the same line imported on both machines before they sync is one fact, and no concurrent edit is reported (issue 19.11)', () => {
    const root = tempDir('memcue-sync-');
    const remote = bareRemote(root);
    const [a, b] = [machine('alpha', root), machine('beta', root)];
    a.ok('add', '--scope', 'global', 'the staging deploy needs VPN access');
    a.ok('sync', 'init', remote);
    b.ok('sync', 'init', remote);
    const file = join(root, 'notes.jsonl');
    writeFileSync(file, '{"text":"the API listens on 8443","scope":"global"}\n');
    a.ok('import', file);
    b.ok('import', file);
    a.ok('sync');
    const atBeta = b.ok('sync');
    a.ok('sync');
    expect(a.facts()).toEqual(b.facts());
    expect(a.facts().filter((f) => f.includes('8443'))).toHaveLength(1);
    // Two rows of version 1 that say the same thing: nothing to tell the user about which was kept.
    expect(atBeta).not.toMatch(/^fact /m);
  });

  it('sets up the repo: attributes, ignores, and a driver that runs this memcue by absolute path', () => {
    const { a } = divergedMachines();
    expect(readFileSync(join(a.repo, '.gitattributes'), 'utf8')).toContain('memcue.db merge=memcue');
    expect(readFileSync(join(a.repo, '.gitignore'), 'utf8').split('\n')).toEqual(expect.arrayContaining(['*.lock', '*-journal', '*.stale-*']));
    expect(git(a.repo, 'config', 'merge.memcue.driver')).toBe(`${shellCommand([MEMCUE])} merge %A %B --base %O`);
  });

  it('runs the merge driver from a path with spaces and quotes', () => {
    const { a, b } = divergedMachines();
    const odd = join(tempDir(), "it's my memcue");
    copyFileSync(MEMCUE, odd);
    execFileSync('chmod', ['+x', odd]);
    const run = (m: Machine, ...args: string[]) => {
      const r = runProcess(odd, args, { env: m.env, cwd: m.repo });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
    };
    run(a, 'sync', '--compact');
    run(b, 'sync', '--compact'); // merges two snapshots through the driver at the odd path
    expect(git(b.repo, 'config', 'merge.memcue.driver')).toBe(`'${odd.replace(/'/g, `'\\''`)}' merge %A %B --base %O`);
    a.ok('sync');
    expect(a.facts()).toEqual(b.facts());
  });

  it('with no remote it says so, commits locally and keeps working', () => {
    const m = machine('solo');
    m.ok('add', 'a fact on a machine without a remote');
    const init = m.memcue('sync', 'init');
    expect(init.code).toBe(0);
    expect(init.stdout).toMatch(/memory repo created at .*sync\nno remote: committed locally in .* \(sent 1, received 0 fact versions\); add one with `memcue sync init URL`/);
    expect(git(m.repo, 'log', '--format=%s')).toMatch(/^memcue sync from solo: \+1 versions/);
    m.ok('add', 'another one');
    expect(m.ok('sync')).toMatch(/^no remote: .*sent 1,/);
    expectTidy(m);
    // Adding a remote later: sync init URL adopts the repo and pushes everything.
    const remote = bareRemote();
    expect(m.ok('sync', 'init', remote)).toMatch(/memory repo adopted at .*\nsynced with .*: sent 0, received 0/);
    const other = machine('other');
    other.ok('sync', 'init', remote);
    expect(other.facts()).toEqual(m.facts());
  });

  it('says what to do when there is no memory repo, and never takes over a folder it did not make', () => {
    const m = machine('lost');
    const none = m.memcue('sync');
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/^memcue: no memory repo at .*sync \(set one up with `memcue sync init \[REMOTE\]`\)\n$/);
    const busy = join(tempDir(), 'notes');
    mkdirSync(busy);
    writeFileSync(join(busy, 'todo.txt'), 'mine');
    const taken = m.memcue('sync', 'init', '--dir', busy);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toMatch(/exists and is not a git repository \(choose an empty or new folder with --dir\)/);
    expect(readFileSync(join(busy, 'todo.txt'), 'utf8')).toBe('mine');
    // A folder of one's choosing is remembered for the next syncs.
    const chosen = join(tempDir(), 'my memory');
    expect(m.ok('sync', 'init', '--dir', chosen)).toContain(`memory repo created at ${chosen}\n`);
    expect(m.ok('sync')).toContain(`committed locally in ${chosen} `);
  });

  it('a second machine: sync init URL clones and fills its memory at once', () => {
    const remote = bareRemote();
    const a = machine('alpha');
    a.ok('add', '--scope', 'global', 'redis runs on port 6380 here');
    a.ok('sync', 'init', remote);
    const b = machine('beta');
    expect(b.ok('sync', 'init', remote)).toMatch(/memory repo cloned at .*\nsynced with .*: sent 0, received 1 fact version$/);
    expect(b.ok('search', 'redis', 'port')).toContain('6380');
    // beta continues alpha's history (the bare remote's HEAD names "master", ours is "main").
    b.ok('add', '--scope', 'global', 'beta was here');
    b.ok('sync');
    expect(git(b.repo, 'rev-list', '--max-parents=0', 'HEAD').split('\n')).toHaveLength(1);
    expect(git(b.repo, 'rev-list', '--merges', 'HEAD')).toBe('');
  });

  it('writes its snapshot as schema v4, which a machine still on a pre-v5 memcue reads', async () => {
    const { a } = divergedMachines();
    a.ok('sync', '--compact');
    const db = await Database.open(join(a.repo, 'memcue.db'));
    try {
      expect(db.get('PRAGMA user_version')?.user_version).toBe(OPENED_AS_IS);
      expect(db.get('SELECT count(*) AS n FROM facts')?.n).toBeGreaterThan(0);
    } finally {
      db.close();
    }
  });

  it('merges a snapshot written by an older memcue (schema v1) after migrating it', async () => {
    const { a, b } = divergedMachines();
    a.ok('sync', '--compact'); // alpha's memcue.db is a v2 snapshot
    // beta runs an old memcue: its memcue.db is schema v1, with a fact alpha has never seen.
    b.ok('sync');
    const old = join(b.repo, 'memcue.db');
    rmSync(old);
    const db = await Database.open(old);
    migrate(db, 0, 1);
    db.run('INSERT INTO facts VALUES (?,?,?,?,?,?,?,?,?,?,?)', ['oldfact0000000000001', 1, 'the old memcue knew about the flaky DNS', '', 'gotcha', 'global', '', '', '2026-01-01T00:00:00.000Z', 'beta', 'active']);
    db.close();
    git(b.repo, 'commit', '--quiet', '-am', 'old memcue snapshot');
    git(b.repo, 'push', '--quiet', 'origin', 'HEAD:main');
    a.ok('add', '--scope', 'global', 'alpha adds one more');
    a.ok('sync', '--compact'); // both changed memcue.db: the driver merges v2 with v1
    expect(a.ok('search', 'flaky', 'DNS')).toContain('oldfact0000000000001');
    b.ok('sync');
    expect(b.facts()).toEqual(a.facts());
    expectTidy(a);
  });

  it('refuses a snapshot from a newer memcue with a clear message and changes nothing', async () => {
    const { a, b } = divergedMachines();
    a.ok('sync', '--compact');
    b.ok('sync');
    const db = await Database.open(join(b.repo, 'memcue.db'));
    db.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    git(b.repo, 'commit', '--quiet', '-am', 'newer memcue snapshot');
    git(b.repo, 'push', '--quiet', 'origin', 'HEAD:main');
    a.ok('add', '--scope', 'global', 'alpha adds one more');
    const before = a.facts();
    const r = a.memcue('sync', '--compact');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^memcue: merging the remote's memcue.db failed: .*newer than this memcue understands.*upgrade memcue/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(a.facts()).toEqual(before);
    expectTidy(a);
  });

  it('repairs what a killed git leaves: stale index.lock and ref locks, a half-written journal file', () => {
    const { a } = divergedMachines();
    const gitDir = join(a.repo, '.git');
    const old = new Date(Date.now() - 60_000);
    for (const lock of ['index.lock', 'HEAD.lock', 'refs/heads/main.lock']) {
      writeFileSync(join(gitDir, lock), '');
      utimesSync(join(gitDir, lock), old, old);
    }
    writeFileSync(join(a.repo, 'journal', 'half-written.jsonl.tmp'), '{"id":');
    const r = a.memcue('sync');
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('removed stale .git/index.lock');
    expect(r.stderr).toContain('removed stale .git/refs/heads/main.lock');
    expect(r.stdout).toMatch(/^synced with .*: sent 3,/);
    expectTidy(a);
  });

  it('finishes the job after a merge left half-done (MERGE_HEAD, a conflicted memcue.db)', () => {
    const { a, b } = divergedMachines();
    b.ok('add', '--scope', 'global', 'beta adds one more');
    b.ok('sync', '--compact');
    // alpha compacts while the remote is unreachable: a clear error, the commit stays local.
    const url = git(a.repo, 'remote', 'get-url', 'origin');
    git(a.repo, 'remote', 'set-url', 'origin', join(tempDir(), 'gone.git'));
    const offline = a.memcue('sync', '--compact');
    expect(offline.code).toBe(1);
    expect(offline.stderr).toMatch(/^memcue: git fetch failed: .*\(your memory is intact; fix the cause and run `memcue sync` again\)\n$/);
    git(a.repo, 'remote', 'set-url', 'origin', url);
    // As if git had stopped mid-merge: merge beta's snapshot without our driver → a conflict.
    git(a.repo, 'fetch', '--quiet', 'origin');
    expect(() => git(a.repo, '-c', 'merge.memcue.driver=false', 'merge', 'origin/main')).toThrow();
    expect(repoState(a.repo).merging).toBe(true);
    const r = a.memcue('sync');
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('aborted an unfinished merge');
    expectTidy(a);
    b.ok('sync');
    expect(a.facts()).toEqual(b.facts());
    expect(a.ok('search', 'beta', 'adds', 'one', 'more')).toContain('beta adds one more');
  });
});
