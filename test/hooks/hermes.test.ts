// The Hermes memory provider, installed by the real binary and driven by Python as Hermes drives it
// (test/hooks/hermes_provider_test.py). Needs python3 (a CI requirement, like git).
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BINARY, ROOT, runProcess, tempDir } from '../helpers.js';
import { repoDir } from './fixtures.js';

describe.skipIf(!existsSync(BINARY))('Hermes memory provider', () => {
  it('passes the Python test against the binary that installed it', () => {
    const dir = tempDir();
    const home = join(dir, 'home');
    mkdirSync(home);
    // The binary lives off PATH, as a downloaded one does: install must point the plugin at it.
    const exe = join(dir, 'tools', 'memcue');
    mkdirSync(join(dir, 'tools'));
    copyFileSync(BINARY, exe);
    const env = { HOME: home, HERMES_HOME: join(home, '.hermes'), MEMCUE_DB: join(dir, 'memcue.db'), MEMCUE_HOST: 'testhost', PATH: '/usr/bin:/bin' };
    const repo = repoDir();
    expect(runProcess(exe, ['add', '--kind', 'rule', '--scope', 'global', 'Never deploy on Fridays'], { env, cwd: repo }).code).toBe(0);
    expect(runProcess(exe, ['add', '--kind', 'decision', 'Postgres 16 for logical replication'], { env, cwd: repo }).code).toBe(0);
    const installed = runProcess(exe, ['install', 'hermes'], { env, cwd: home });
    expect(installed.stderr).toBe('');
    expect(installed.code).toBe(0);

    const r = runProcess('python3', [join(ROOT, 'test', 'hooks', 'hermes_provider_test.py')], { env: { ...env, REPO: repo } });
    expect(r.stderr).toMatch(/\nOK\n$/);
    expect(r.code).toBe(0);
  });
});
