// A row holding a secret that arrives by sync (written on another machine with --allow-secret, by an
// older memcue with fewer rules, or forged in the remote) is left out of the live database and reported,
// and the sync goes on. Real git and a bare remote, the CLI in this process (no merge driver is needed).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, isolatedEnv, tempDir } from '../helpers.js';

function machine(root: string, name: string) {
  const home = join(root, name);
  const env = { ...isolatedEnv(tempDir()), MEMCUE_HOST: name, MEMCUE_DB: join(home, 'memcue.db') };
  return async (...argv: string[]) => cli(argv, { env, cwd: root });
}

// Built from pieces so this file holds no scannable token.
const gitlabToken = 'glpat-' + 'Fk3xQ9mZ2pL7vR8tW1yN';

describe('sync and secrets', () => {
  it.each([
    ['a journal file', false],
    ['the snapshot (compacted)', true],
  ])('leaves out a remote row from %s whose quote holds a secret, says so, and keeps syncing', async (_from, compact) => {
    const root = tempDir('memcue-sync-secret-');
    const remote = join(root, 'remote.git');
    execFileSync('git', ['init', '--quiet', '--bare', remote]);
    const alpha = machine(root, 'alpha');
    const beta = machine(root, 'beta');

    const plain = (await alpha('add', '--scope', 'global', 'redis runs on port 6380 here')).stdout.trim();
    const leaky = await alpha('add', '--scope', 'global', '--allow-secret', '--quote', `token ${gitlabToken}`, 'the CI uses a GitLab token');
    expect(leaky.code).toBe(0);
    const leakyId = leaky.stdout.trim();
    expect((await alpha('sync', 'init', remote)).code).toBe(0);
    if (compact) expect((await alpha('sync', '--compact')).stdout).toContain('compacted the journal');

    const r = await beta('sync', 'init', remote);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/received 1 fact version\b/);
    expect(r.stderr).toContain(`left out fact ${leakyId} v1 from alpha: its quote looks like a GitLab token (rule gitlab-token); not stored here`);
    expect(r.stderr).not.toContain(gitlabToken);
    const exported = (await beta('export', '--all-versions')).stdout;
    expect(exported).toContain(plain);
    expect(exported).not.toContain(leakyId);
    expect(exported).not.toContain(gitlabToken);

    // Later syncs still work in both directions.
    await beta('add', '--scope', 'global', 'beta was here');
    const again = await beta('sync');
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/sent 1, received 0 fact versions, 1 secret-looking fact version left out \(1 said by an earlier sync\)/);
    expect(again.stderr).toBe(''); // said once, not on every sync
    expect((await alpha('sync')).stdout).toMatch(/received 1 fact version\b/);
  });
});
