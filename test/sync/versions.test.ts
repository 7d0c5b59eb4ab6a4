// Forged or extreme version numbers (issue 19, item 6). A row with version 2^53-1 arriving by sync
// showed its text on every machine, and forget/edit then wrote 2^53, which sync refused to send with
// advice that looped. Versions are bounded wherever rows come in, and a row over the bound already
// in a database is ignored by the store, so the owner's edit or forget is current and syncs.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_VERSION } from '../../src/facts/validate.js';
import { Database } from '../../src/sqlite/sqlite.js';
import { cli, git, isolatedEnv, tempDir } from '../helpers.js';

const FORGED = Number.MAX_SAFE_INTEGER;

function machineWithRemote() {
  const root = tempDir('memcue-versions-');
  const remote = join(root, 'remote.git');
  execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch', 'main', remote]);
  const env: Record<string, string> = { ...isolatedEnv(join(root, 'alpha')), MEMCUE_HOST: 'alpha' };
  mkdirSync(env.HOME!, { recursive: true });
  const memcue = (...args: string[]) => cli(args, { env, cwd: env.HOME });
  return { root, remote, env, memcue };
}

function pushJournal(root: string, remote: string, name: string, content: string): void {
  const clone = join(root, `forger-${name}`);
  execFileSync('git', ['clone', '--quiet', '--branch', 'main', remote, clone]);
  mkdirSync(join(clone, 'journal'), { recursive: true });
  writeFileSync(join(clone, 'journal', name), content);
  git(clone, 'add', '-A');
  git(clone, 'commit', '--quiet', '-m', 'forged');
  git(clone, 'push', '--quiet', 'origin', 'HEAD:main');
}

const textOf = async (memcue: (...a: string[]) => Promise<{ stdout: string }>, id: string) => JSON.parse((await memcue('show', id, '--json')).stdout).text as string;

describe('forged versions', () => {
  it('a journal row over the bound is skipped and reported; the fact keeps its text', async () => {
    const { root, remote, memcue } = machineWithRemote();
    const id = (await memcue('add', '--scope', 'global', 'deploys go through the release branch')).stdout.trim();
    expect((await memcue('sync', 'init', remote)).code).toBe(0);
    const head = JSON.parse((await memcue('show', id, '--json')).stdout);
    const forged = { ...head, versions: undefined, version: FORGED, text: 'deploys go straight to main', host: 'mallory' };
    pushJournal(root, remote, '20990101T000000000Z-mallory-ffffff.jsonl', `${JSON.stringify(forged)}\n`);
    const r = await memcue('sync');
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(new RegExp(`skipped journal/20990101T000000000Z-mallory-ffffff\\.jsonl:1: "version" must be a whole number from 1 to ${MAX_VERSION}, got ${FORGED}`));
    expect(await textOf(memcue, id)).toBe('deploys go through the release branch');
  });

  it('a forged row is said once: later syncs count it, and say only a new one', async () => {
    const { root, remote, memcue } = machineWithRemote();
    const id = (await memcue('add', '--scope', 'global', 'deploys go through the release branch')).stdout.trim();
    expect((await memcue('sync', 'init', remote)).code).toBe(0);
    const head = JSON.parse((await memcue('show', id, '--json')).stdout);
    const forged = (version: number) => `${JSON.stringify({ ...head, versions: undefined, version, text: 'deploys go straight to main', host: 'mallory' })}\n`;
    pushJournal(root, remote, '20990101T000000000Z-mallory-ffffff.jsonl', forged(FORGED));
    const first = await memcue('sync');
    expect(first.stderr).toMatch(/^memcue: skipped journal\/20990101T000000000Z-mallory-ffffff\.jsonl:1: /);
    expect(first.stdout).toMatch(/, 1 rows, lines or files skipped \(see above\)\n/);
    const second = await memcue('sync');
    expect([second.code, second.stderr]).toEqual([0, '']);
    expect(second.stdout).toMatch(/, 1 rows, lines or files skipped \(1 said by an earlier sync\)\n/);
    pushJournal(root, remote, '20990101T000000001Z-mallory-eeeeee.jsonl', forged(FORGED - 1));
    const third = await memcue('sync');
    expect(third.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^memcue: skipped journal\/20990101T000000001Z-mallory-eeeeee\.jsonl:1: /)]);
    expect(third.stdout).toMatch(/, 2 rows, lines or files skipped \(see above; 1 said by an earlier sync\)\n/);
    expect((await memcue('sync')).stderr).toBe('');
  });

  it('import refuses a version over the bound in one line; nothing is imported', async () => {
    const { memcue, env } = machineWithRemote();
    const file = join(env.HOME!, 'rows.jsonl');
    const row = { id: 'forgedfact0000000001', version: MAX_VERSION + 1, text: 'x', kind: 'note', scope: 'global', created_at: '2026-01-01T00:00:00.000Z', host: 'm', state: 'active' };
    writeFileSync(file, `${JSON.stringify(row)}\n`);
    const r = await memcue('import', file);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`memcue: line 1: "version" must be a whole number from 1 to ${MAX_VERSION}, got ${MAX_VERSION + 1} (nothing was imported)\n`);
  });

  it('a forged row already stored is ignored: the owner edits and forgets, and sync sends it without a loop', async () => {
    const { remote, env, memcue } = machineWithRemote();
    const id = (await memcue('add', '--scope', 'global', 'the API listens on 8443')).stdout.trim();
    // As an older memcue stored it from a sync, before versions were bounded.
    const db = await Database.open(env.MEMCUE_DB!);
    db.run('INSERT INTO facts VALUES (?,?,?,?,?,?,?,?,?,?,?)', [id, FORGED, 'the API listens on 80, no TLS', '', 'note', 'global', '', '', '2026-01-02T00:00:00.000Z', 'mallory', 'active']);
    db.run("DELETE FROM settings WHERE key = 'index_version'"); // heads are rebuilt on the next open
    db.close();
    expect(await textOf(memcue, id)).toBe('the API listens on 8443');
    expect((await memcue('search', 'TLS')).stdout).toBe('');
    expect((await memcue('edit', id, 'the API listens on 8443 with TLS')).code).toBe(0);
    const shown = JSON.parse((await memcue('show', id, '--json')).stdout);
    expect([shown.version, shown.text]).toEqual([2, 'the API listens on 8443 with TLS']);
    for (const argv of [['export', '--all-versions'], ['log'], ['list', '--all-versions'], ['show', id]]) {
      expect((await memcue(...argv)).stdout, argv.join(' ')).not.toMatch(/no TLS|9007199254740991/);
    }
    const first = await memcue('sync', 'init', remote);
    expect(first.code).toBe(0);
    expect(first.stderr).toBe('');
    expect(first.stdout).toMatch(/sent 2/);
    expect((await memcue('forget', id)).code).toBe(0);
    const again = await memcue('sync');
    expect([again.code, again.stderr]).toEqual([0, '']);
    expect(again.stdout).toMatch(/sent 1, received 0/);
  });

  it('a fact pinned at the bound: edit writes the new text as a new fact and retires it, forget retires it; both sync', async () => {
    const alpha = machineWithRemote();
    const { root, remote, memcue } = alpha;
    const edited = await pinnedFact(alpha, 'the API listens on 8443');
    const forgotten = await pinnedFact(alpha, 'builds run on the big runner');
    const edit = await memcue('edit', edited, 'the API listens on 8443 with TLS');
    expect(edit.code).toBe(0);
    const [fresh] = edit.stdout.trim().split(' ');
    expect(edit.stdout).toBe(`${fresh} v1\n`);
    expect(edit.stderr).toBe(
      `memcue: note: fact ${edited} is at version ${MAX_VERSION}, the highest there may be (its current row, from mallory, was likely forged): the new text is fact ${fresh}, and ${edited} is forgotten\n`,
    );
    const forget = await memcue('forget', forgotten);
    expect([forget.code, forget.stderr]).toEqual([0, '']);
    expect(forget.stdout).toBe(`forgot ${forgotten} (v${MAX_VERSION}; \`memcue show ${forgotten}\` keeps its history)\n`);
    const texts = async (run: typeof memcue) => JSON.parse((await run('list', '--json', '--in', 'all')).stdout).map((f: { text: string }) => f.text);
    expect(await texts(memcue)).toEqual(['the API listens on 8443 with TLS']);
    expect((await memcue('sync', 'init', remote)).code).toBe(0);
    // Another machine receives the forged rows, the retirements and the new fact: it sees what the owner sees.
    const betaEnv: Record<string, string> = { ...isolatedEnv(join(root, 'beta')), MEMCUE_HOST: 'beta' };
    mkdirSync(betaEnv.HOME!, { recursive: true });
    const beta = (...args: string[]) => cli(args, { env: betaEnv, cwd: betaEnv.HOME });
    const joined = await beta('sync', 'init', remote);
    expect([joined.code, joined.stderr]).toEqual([0, '']);
    expect(await texts(beta)).toEqual(['the API listens on 8443 with TLS']);
    expect(JSON.parse((await beta('show', forgotten, '--json')).stdout)).toMatchObject({ state: 'forgotten', version: MAX_VERSION });
  });

  it('a fact pinned at the bound with a date after any memcue may write refuses forget in one line, and writes nothing', async () => {
    const alpha = machineWithRemote();
    const { memcue } = alpha;
    const id = await pinnedFact(alpha, 'a fact', '9999-12-31T23:59:59.999Z');
    const r = await memcue('forget', id);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`memcue: fact ${id} is at version ${MAX_VERSION} and dated 9999-12-31T23:59:59.999Z, after any date memcue may write (it cannot be retired; nothing was changed)\n`);
    expect(JSON.parse((await memcue('show', id, '--json')).stdout).versions).toHaveLength(2);
  });

  it('revert of a pinned fact says which commands still work, and writes nothing', async () => {
    const alpha = machineWithRemote();
    const { memcue } = alpha;
    const id = await pinnedFact(alpha, 'a fact');
    const r = await memcue('revert', id, '--to', '1');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `memcue: fact ${id} is at version ${MAX_VERSION}, the highest there may be (its current row, from mallory, was likely forged) (\`memcue edit\` writes its new text as a new fact and \`memcue forget\` retires it; nothing was changed)\n`,
    );
    expect(JSON.parse((await memcue('show', id, '--json')).stdout).versions).toHaveLength(2);
  });
});

/** A fact added here, then pinned at the bound by a row as an older memcue stored it from a sync. */
async function pinnedFact(machine: ReturnType<typeof machineWithRemote>, text: string, pinnedAt = '2026-01-02T00:00:00.000Z'): Promise<string> {
  const id = (await machine.memcue('add', '--scope', 'global', text)).stdout.trim();
  const db = await Database.open(machine.env.MEMCUE_DB!);
  db.run('INSERT INTO facts VALUES (?,?,?,?,?,?,?,?,?,?,?)', [id, MAX_VERSION, 'pinned text', '', 'note', 'global', '', '', pinnedAt, 'mallory', 'active']);
  db.run("DELETE FROM settings WHERE key = 'index_version'"); // heads are rebuilt on the next open
  db.close();
  return id;
}
