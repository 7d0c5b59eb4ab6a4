// A run's working copy: the task repo's files copied outside the set (the agent must not be able to
// read the set's checks and patches), made a git repo of one commit whose origin gives memcue the
// repo's id, as a clone of the real repository would.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import type { TaskSet } from './set.js';

// Fixed author and dates: two runs of one task start from the same commit id.
const GIT_ENV = {
  GIT_AUTHOR_NAME: 'e2e',
  GIT_AUTHOR_EMAIL: 'e2e@example.invalid',
  GIT_COMMITTER_NAME: 'e2e',
  GIT_COMMITTER_EMAIL: 'e2e@example.invalid',
  GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z',
  GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
};

export function git(cwd: string, args: string[]): string {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, ...GIT_ENV } });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')} failed in ${cwd}: ${(r.stderr || r.stdout).trim().split('\n')[0]}`);
  return r.stdout;
}

/** Copies repo `name` of the set to `dest` and commits it; returns the copy's real path. */
export function makeWorkCopy(set: TaskSet, name: string, dest: string): string {
  mkdirSync(dest, { recursive: true });
  cpSync(join(set.dir, 'repos', name), dest, { recursive: true });
  const work = realpathSync(dest);
  git(work, ['init', '-q', '-b', 'main']);
  git(work, ['config', 'user.name', 'e2e']);
  git(work, ['config', 'user.email', 'e2e@example.invalid']);
  git(work, ['remote', 'add', 'origin', `https://${set.repos[name]}`]);
  git(work, ['add', '-A']);
  git(work, ['commit', '-q', '--no-verify', '-m', `${name}: the state every task starts from`]);
  return work;
}

/** Applies a patch of the set to a working copy (the oracle, --verify). */
export function applyPatch(work: string, patch: string): void {
  git(work, ['apply', '--whitespace=nowarn', patch]);
}
