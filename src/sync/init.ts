// `memcue sync init [REMOTE]`: make or adopt the memory repo, wire the merge driver, remember where the
// repo is (in this database's local settings, never synced), and commit the setup.
import { resolve } from 'node:path';
import { withStore } from '../store/store.js';
import { Git } from './git.js';
import { followDatabasePrivacy } from './privacy.js';
import { configureRepo, createOrAdopt, defaultRepoDir, saveRepoDir, savedRepoDir } from './repo.js';
import type { SyncTarget } from './sync.js';

export interface InitResult {
  dir: string;
  how: 'cloned' | 'created' | 'adopted';
}

export async function initRepo(target: SyncTarget & { cwd: string }, remote: string | undefined, dirOption: string | undefined): Promise<InitResult> {
  const saved = await withStore(target.dbPath, false, (store) => savedRepoDir(store));
  const dir = resolve(target.cwd, dirOption ?? saved ?? defaultRepoDir(target.dbPath));
  const git = new Git(dir, target.env, target.host);
  const how = createOrAdopt(dir, remote, git, target.cwd);
  followDatabasePrivacy(dir, target.dbPath);
  const changed = configureRepo(git);
  if (changed.length) {
    git.run(['add', '--', ...changed]);
    git.run(git.commitArgs(['commit', '--quiet', '--no-verify', '-m', `memcue: memory repo set up on ${target.host}`]));
  }
  await withStore(target.dbPath, true, (store) => saveRepoDir(store!, dir));
  return { dir, how };
}

/** The repo `memcue sync` uses: the one `sync init` saved, else the default folder. */
export async function repoDirFor(target: SyncTarget): Promise<string> {
  return (await withStore(target.dbPath, false, (store) => savedRepoDir(store))) ?? defaultRepoDir(target.dbPath);
}
