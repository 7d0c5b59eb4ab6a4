// Audit and undo through the real CLI on a real database: list shows when/where/from what, lists
// forgotten and superseded facts; log shows who changed what; revert, dream undo and migrate undo
// write new versions (nothing deleted); edit changes kind and scope and does not revive silently;
// an identical fact is not added twice.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspace } from '../helpers.js';

function setup(host = 'testhost') {
  const { dir, env, cwd, run } = workspace({ MEMCUE_HOST: host });
  const add = async (...argv: string[]) => {
    const r = await run(['add', '--scope', 'global', ...argv]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    return r.stdout.trim();
  };
  const versions = async (id: string) => JSON.parse((await run(['show', id, '--json'])).stdout).versions as Record<string, unknown>[];
  return { dir, env, cwd, run, add, versions };
}

describe('memcue list', () => {
  it('--long shows time, host and source on each line', async () => {
    const { run, add } = setup('laptop');
    const id = await add('--source', 'session-42', 'Staging runs Postgres 16');
    const line = (await run(['list', '--long'])).stdout.trim();
    expect(line).toMatch(new RegExp(`^${id} note \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} laptop Staging runs Postgres 16  \\(from session-42\\)$`));
  });

  it('--since takes hours as well as days, weeks and ISO dates', async () => {
    const { run, add } = setup();
    const id = await add('Fresh fact about the build cache');
    for (const since of ['1h', '2d', '1w', '2000-01-01', '2000-01-01T10:00:00Z']) {
      const r = await run(['list', '--since', since]);
      expect(r.code, since).toBe(0);
      expect(r.stdout, since).toContain(id);
    }
    expect((await run(['list', '--since', '2999-01-01'])).stdout).toBe('');
  });

  it('lists forgotten and superseded facts with --state, and every version with --all-versions', async () => {
    const { run, add } = setup();
    const kept = await add('Kept fact about deploys');
    const gone = await add('Forgotten fact about caches');
    await run(['forget', gone]);
    await run(['edit', kept, 'Kept fact about deploys, edited']);
    expect((await run(['list'])).stdout).not.toContain(gone);
    const forgotten = (await run(['list', '--state', 'forgotten'])).stdout;
    expect(forgotten).toContain(gone);
    expect(forgotten).toContain('(forgotten)');
    expect(forgotten).not.toContain(kept);
    const all = (await run(['list', '--state', 'all'])).stdout;
    expect(all).toContain(gone);
    expect(all).toContain(kept);
    const history = (await run(['list', '--all-versions'])).stdout.trim().split('\n');
    expect(history).toHaveLength(4);
    expect(history.some((l) => l.startsWith(`${kept} v1 `) && l.includes('Kept fact about deploys'))).toBe(true);
    expect(history.some((l) => l.startsWith(`${kept} v2 `) && l.includes('edited'))).toBe(true);
    const json = JSON.parse((await run(['list', '--all-versions', '--json'])).stdout);
    expect(json.map((f: { version: number }) => f.version).sort()).toEqual([1, 1, 2, 2]);
    expect((await run(['list', '--state', 'gone'])).code).toBe(1);
  });
});

describe('memcue log', () => {
  it('shows who changed what and when: host, fact, version, old → new', async () => {
    const { run, add } = setup('laptop');
    const id = await add('--kind', 'gotcha', 'api-gw times out after 30 s');
    await run(['edit', id, 'api-gw times out after 60 s']);
    await run(['edit', id, '--kind', 'rule']);
    await run(['forget', id]);
    const lines = (await run(['log'])).stdout.trim().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} laptop ${id} v4 forget `));
    expect(lines[1]).toContain(`${id} v3 edit kind gotcha → rule`);
    expect(lines[2]).toContain(`${id} v2 edit "api-gw times out after 30 s" → "api-gw times out after 60 s"`);
    expect(lines[3]).toContain(`${id} v1 add "api-gw times out after 30 s"`);
    const json = JSON.parse((await run(['log', '--json', '-n', '1'])).stdout);
    expect(json).toEqual([expect.objectContaining({ id, version: 4, action: 'forget', host: 'laptop' })]);
    expect((await run(['log', id.slice(0, 6)])).stdout.trim().split('\n')).toHaveLength(4);
  });

  it('shows rows made on another machine (brought by sync or merge) with their host', async () => {
    const laptop = setup('laptop');
    const desktop = setup('desktop');
    const id = await desktop.add('CI runs on ubuntu-24.04');
    await laptop.add('Laptop-only fact');
    const merged = await laptop.run(['merge', laptop.env.MEMCUE_DB!, desktop.env.MEMCUE_DB!]);
    expect(merged.code).toBe(0);
    const log = (await laptop.run(['log'])).stdout;
    expect(log).toMatch(new RegExp(`desktop ${id} v1 add "CI runs on ubuntu-24.04"`));
    expect((await laptop.run(['log', '--host', 'desktop'])).stdout.trim().split('\n')).toHaveLength(1);
  });
});

describe('memcue revert', () => {
  it('writes the earlier version again as a new version; nothing is deleted', async () => {
    const { run, add, versions } = setup();
    const id = await add('--kind', 'gotcha', 'first text');
    await run(['edit', id, 'second text']);
    await run(['edit', id, 'third text', '--kind', 'rule']);
    const back = await run(['revert', id]);
    expect(back.stdout).toBe(`${id} v4 (= v2, active)\n`);
    const r = await run(['revert', id, '--to', '1']);
    expect(r.code).toBe(0);
    const all = await versions(id);
    expect(all.map((v) => [v.version, v.text, v.kind])).toEqual([
      [1, 'first text', 'gotcha'],
      [2, 'second text', 'gotcha'],
      [3, 'third text', 'rule'],
      [4, 'second text', 'gotcha'],
      [5, 'first text', 'gotcha'],
    ]);
    expect((await run(['search', 'first'])).stdout).toContain(id);
    expect((await run(['log', id, '-n', '1'])).stdout).toContain(`v5 revert to v1:`);
    const same = await run(['revert', id, '--to', '1']);
    expect(same.code).toBe(1);
    expect(same.stderr).toContain('already says what version 1 said');
    expect((await run(['revert', id, '--to', '9'])).stderr).toContain('has no version 9');
  });

  it('checks the version it brings back for secrets, as add and edit do (--allow-secret lets it through)', async () => {
    const { run, add, versions } = setup();
    const secret = `the deploy token is ghp_${'a'.repeat(36)}`;
    const id = await add('--allow-secret', secret);
    await run(['edit', id, 'the deploy token lives in vault kv/ci']);
    const refused = await run(['revert', id]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^memcue: refusing to store fact text: it looks like a GitHub token .*--allow-secret if it is not one\)\n$/);
    expect((await versions(id)).length).toBe(2);
    expect((await run(['revert', id, '--allow-secret'])).code).toBe(0);
    expect((await versions(id)).map((v) => v.text)).toEqual([secret, 'the deploy token lives in vault kv/ci', secret]);
  });

  it('brings a forgotten fact back', async () => {
    const { run, add } = setup();
    const id = await add('Redis needs AUTH on staging');
    await run(['forget', id]);
    expect((await run(['search', 'redis'])).stdout).toBe('');
    await run(['revert', id]);
    expect((await run(['search', 'redis'])).stdout).toContain(id);
  });
});

describe('memcue edit', () => {
  it('changes kind and scope without new text', async () => {
    const { run, add, versions } = setup();
    const id = await add('--kind', 'note', 'Never deploy on Fridays');
    const r = await run(['edit', id, '--kind', 'rule', '--scope', 'machine']);
    expect(r.stdout).toBe(`${id} v2\n`);
    const v2 = (await versions(id))[1]!;
    expect(v2).toMatchObject({ text: 'Never deploy on Fridays', kind: 'rule', scope: 'machine:testhost' });
    expect((await run(['edit', id])).code).toBe(1);
  });

  it('refuses a forgotten fact unless --revive', async () => {
    const { run, add, versions } = setup();
    const id = await add('Old fact');
    await run(['forget', id]);
    const refused = await run(['edit', id, 'New text']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`fact ${id} is forgotten`);
    expect(refused.stderr).toContain('--revive');
    expect(await versions(id)).toHaveLength(2);
    const revived = await run(['edit', id, 'New text', '--revive']);
    expect(revived.code).toBe(0);
    expect((await versions(id))[2]).toMatchObject({ text: 'New text', state: 'active' });
  });
});

describe('memcue add: duplicates', () => {
  it('says "already known" for the same text (whitespace and case aside) in the same scope, and adds nothing', async () => {
    const { run, add } = setup();
    const id = await add('Use pnpm, not npm, in this repository');
    const again = await run(['add', '--scope', 'global', '  use PNPM,  not npm,\nin this repository ']);
    expect(again).toEqual({ code: 0, stdout: `already known: ${id}\n`, stderr: '' });
    const json = JSON.parse((await run(['add', '--scope', 'global', '--json', 'Use pnpm, not npm, in this repository'])).stdout);
    expect(json).toMatchObject({ id, already_known: true });
    // Another scope, or a text that only contains the same words, is a new fact.
    expect((await run(['add', '--scope', 'machine', 'Use pnpm, not npm, in this repository'])).stdout).not.toContain('already known');
    expect((await run(['add', '--scope', 'global', 'Use pnpm, not npm, in this repository: always'])).stdout).not.toContain('already known');
    expect((await run(['add', '--scope', 'global', '🙂'])).stdout).not.toContain('already known');
    expect((await run(['add', '--scope', 'global', '🙂'])).stdout).toContain('already known');
    expect(JSON.parse((await run(['stats', '--json'])).stdout).facts).toBe(4);
  });

  it('a forgotten fact of the same text does not count', async () => {
    const { run, add } = setup();
    const id = await add('Staging is on db-stg.internal');
    await run(['forget', id]);
    expect((await run(['add', '--scope', 'global', 'Staging is on db-stg.internal'])).stdout).not.toContain('already known');
  });
});

describe('dream undo and migrate undo', () => {
  const dreamBatch = async (run: ReturnType<typeof setup>['run']) => {
    const r = await run(['dream', '--json']);
    return JSON.parse(r.stdout);
  };

  it('dream undo restores every fact the batch touched, as new versions; later changes are skipped unless --force', async () => {
    const { run, add, versions } = setup();
    const a = await add('--kind', 'gotcha', 'api-gw times out after 30 s on uploads; raise PROXY_TIMEOUT to 300');
    const b = await add('--kind', 'gotcha', 'Uploads through api-gw time out at 30 seconds unless PROXY_TIMEOUT is raised');
    const c = await add('--kind', 'env', 'CI runs on ubuntu-24.04 runners');
    const batch = await dreamBatch(run);
    expect(batch.clusters).toHaveLength(1);
    const answer = {
      batch: batch.batch,
      decisions: [
        { action: 'merge', into: a, from: [b], text: 'api-gw times out after 30 s on uploads (raise PROXY_TIMEOUT to 300)' },
        { action: 'translate', id: c, translation: 'CI запускается на раннерах ubuntu-24.04' },
      ],
    };
    const applied = await run(['dream', 'apply', '-'], JSON.stringify(answer));
    expect(applied.code).toBe(0);
    const log = (await run(['log'])).stdout;
    expect(log).toContain(`(dream ${batch.batch})`);
    // Something else changes c after the batch: undo leaves it alone and says so.
    await run(['edit', c, 'CI runs on ubuntu-24.04 and macos-14 runners']);
    const undo = await run(['dream', 'undo', batch.batch]);
    expect(undo.code).toBe(0);
    expect(undo.stdout).toContain(`undid dream batch ${batch.batch}: 2 facts reverted`);
    expect(undo.stdout).toContain(`skipped 1 fact changed since the batch by something else: ${c}`);
    expect((await versions(a)).map((v) => v.text)).toEqual([
      'api-gw times out after 30 s on uploads; raise PROXY_TIMEOUT to 300',
      'api-gw times out after 30 s on uploads (raise PROXY_TIMEOUT to 300)',
      'api-gw times out after 30 s on uploads; raise PROXY_TIMEOUT to 300',
    ]);
    expect((await versions(b)).map((v) => v.state)).toEqual(['active', 'superseded', 'active']);
    expect((await versions(c)).map((v) => v.text).pop()).toBe('CI runs on ubuntu-24.04 and macos-14 runners');
    expect((await run(['search', 'uploads'])).stdout).toContain(b);
    expect((await run(['log', a, '-n', '1'])).stdout).toContain(`revert (undo dream ${batch.batch})`);
    // The skipped fact is still to do: the --force the message suggests reverts it, and only it.
    const again = await run(['dream', 'undo', batch.batch]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`undid dream batch ${batch.batch}: 0 facts reverted`);
    expect(again.stdout).toContain(`skipped 1 fact changed since the batch by something else: ${c}`);
    const forced = await run(['dream', 'undo', batch.batch, '--force']);
    expect(forced.code).toBe(0);
    expect(forced.stdout).toBe(`undid dream batch ${batch.batch}: 1 fact reverted\n`);
    expect((await versions(c)).map((v) => v.translation).pop()).toBe('');
    expect((await versions(a)).length).toBe(3);
    const twice = await run(['dream', 'undo', batch.batch]);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain('was undone already');
    expect((await run(['dream', 'undo', 'nosuchbatch'])).stderr).toContain('no applied dream batch "nosuchbatch"');
  });

  it('dream undo --force also reverts facts changed since; split facts are forgotten', async () => {
    const { run, add, versions } = setup();
    const long = await add(
      '--kind',
      'env',
      'Staging database is Postgres 16 on db-stg.internal. Backups run nightly at 02:00 UTC. The replica lags by up to 5 minutes during backups.',
    );
    const batch = await dreamBatch(run);
    const answer = {
      batch: batch.batch,
      decisions: [{ action: 'split', id: long, parts: ['Staging database is Postgres 16 on db-stg.internal', 'Staging backups run nightly at 02:00 UTC'] }],
    };
    const applied = JSON.parse((await run(['dream', 'apply', '-', '--json'], JSON.stringify(answer))).stdout);
    const [p1, p2] = applied.new_facts as string[];
    await run(['edit', p1!, 'Staging database is Postgres 17 on db-stg.internal']);
    const undo = await run(['dream', 'undo', batch.batch, '--force']);
    expect(undo.stdout).toContain('3 facts reverted');
    expect((await versions(long)).pop()).toMatchObject({ state: 'active' });
    expect((await versions(p1!)).pop()).toMatchObject({ state: 'forgotten' });
    expect((await versions(p2!)).pop()).toMatchObject({ state: 'forgotten' });
    expect(JSON.parse((await run(['stats', '--json'])).stdout).facts).toBe(1);
  });

  it('migrate undo forgets the facts a --raw migration added and offers its notes again', async () => {
    const { run, dir } = setup();
    const notes = join(dir, 'memory');
    mkdirSync(notes);
    writeFileSync(join(notes, 'MEMORY.md'), '# Memory\n\nDeploys go through make deploy-stg.\n\nThe VPN must be on for db-stg.\n');
    const migrated = await run(['migrate', '--from', 'dir', notes, '--raw']);
    const batch = /batch ([0-9a-f]{12})/.exec(migrated.stdout)?.[1];
    expect(batch).toBeDefined();
    expect(JSON.parse((await run(['stats', '--json'])).stdout).facts).toBe(2);
    const undo = await run(['migrate', 'undo', batch!]);
    expect(undo.stdout).toBe(`undid migrate batch ${batch}: 2 facts reverted; 1 note will be offered again by \`memcue migrate\`\n`);
    expect(JSON.parse((await run(['stats', '--json'])).stdout).facts).toBe(0);
    expect(JSON.parse((await run(['stats', '--json'])).stdout).versions).toBe(4);
    expect((await run(['migrate', '--from', 'dir', notes, '--raw'])).stdout).toContain('2 facts added');
  });
});

describe('the card', () => {
  it('tells the agent to search before it adds', async () => {
    const { INSTRUCTION } = await import('../../src/install/instruction.js');
    expect(INSTRUCTION).toContain('Search before you add');
    expect(INSTRUCTION).toContain('already known: ID');
  });
});
