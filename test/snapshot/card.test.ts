// A card made from the search file is the card SQLite gives: after the file is built, after a delta,
// with rules and decisions of this repo, global rules, other kinds and other repos around them.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openLiveIndex } from '../../src/snapshot/files.js';
import { cli, isolatedEnv, tempDir } from '../helpers.js';
import { repoDir } from '../hooks/fixtures.js';

describe('the card from the search file', () => {
  it('is the card SQLite gives, before and after a delta', async () => {
    const dir = tempDir();
    const cwd = repoDir();
    const env = isolatedEnv(dir);
    let caches = 0;
    // Each card in its own cache folder: a cached card would make the comparison empty.
    const card = (extra: Record<string, string> = {}) =>
      cli(['card'], { env: { ...env, XDG_CACHE_HOME: join(dir, `cache-${caches++}`), ...extra }, cwd });
    const run = (argv: string[]) => cli(argv, { env, cwd });
    for (let i = 0; i < 12; i++) {
      await run(['add', '--scope', 'global', '--kind', 'rule', `Global rule ${i}: never push to main on a Friday`]);
      await run(['add', '--kind', i % 2 ? 'rule' : 'decision', `Repo ${i % 2 ? 'rule' : 'decision'} ${i}: the queue worker retries ${i} times`]);
      await run(['add', '--kind', 'gotcha', `A gotcha ${i} that is not on the card`]);
    }
    await run(['search', 'queue']);
    expect(openLiveIndex(env.MEMCUE_DB!)).toBeDefined();
    const fromFile = await card();
    const fromSqlite = await card({ MEMCUE_SEARCH_FILE: '0' });
    expect(fromFile.code).toBe(0);
    expect(fromFile.stdout).toContain('Global rule 11');
    expect(fromFile.stdout).toBe(fromSqlite.stdout);

    const newest = (await run(['add', '--kind', 'decision', 'The newest decision: queues move to NATS'])).stdout.trim();
    const oldest = (await run(['search', '--json', 'Global', 'rule', '0'])).stdout.match(/"id": ?"(\w+)"/)![1]!;
    await run(['forget', oldest]);
    expect(openLiveIndex(env.MEMCUE_DB!)!.added.length).toBe(1);
    const after = await card();
    expect(after.stdout).toContain(newest.slice(0, 8));
    expect(after.stdout).toBe((await card({ MEMCUE_SEARCH_FILE: '0' })).stdout);
  });
});
