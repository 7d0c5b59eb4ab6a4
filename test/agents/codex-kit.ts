// What the tests of real Codex share: a home outside /tmp with Codex on the fake model, and `codex exec`.
import { join } from 'node:path';
import { expect } from 'vitest';
import { cli } from '../helpers.js';
import { repoDir } from '../hooks/fixtures.js';
import { clientBin, homeOutsideTmp, model, run, SENTINEL, write } from './client-kit.js';

/** A home outside /tmp with memcue's defaults (~/.local/share/memcue), one rule, Codex on the fake model. */
export async function codexHome(opts: { trusted: boolean }) {
  const home = homeOutsideTmp();
  const env: Record<string, string> = { HOME: home, PATH: '/usr/bin:/bin', MEMCUE_HOST: 'testhost' };
  const repo = repoDir();
  const provider = `model = "fake-model"\nmodel_provider = "fake"\n\n[model_providers.fake]\nname = "fake"\nbase_url = "${model.url}/v1"\nwire_api = "responses"\nenv_key = "FAKE_API_KEY"\n`;
  // What Codex writes when the user trusts a folder (its onboarding screen).
  const trust = opts.trusted ? `\n[projects."${repo}"]\ntrust_level = "trusted"\n` : '';
  write(join(home, '.codex', 'config.toml'), provider + trust);
  expect((await cli(['add', '--kind', 'rule', '--scope', 'global', SENTINEL], { env, cwd: repo })).code).toBe(0);
  return { home, env, repo };
}

export function exec(env: Record<string, string>, repo: string, ...flags: string[]) {
  return run(clientBin('codex')!, ['exec', '--skip-git-repo-check', ...flags, 'hello'], { ...env, FAKE_API_KEY: 'fake' }, repo);
}

