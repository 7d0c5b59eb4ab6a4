// Puts the memory repo back in order after a sync that died half-way (SIGKILL, power loss): git's
// stale lock files, an unfinished merge, a half-made commit or journal file. Runs under the sync
// lock, so no other memcue sync is using the repo. Nothing of value can be lost here: everything
// uncommitted in the repo was derived from the live database, which still has it, and is remade.
import { existsSync, readdirSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Git } from './git.js';
import { sleep } from '../util/sleep.js';

/** A git lock this old is not held by a running git (git holds them for milliseconds). */
const GIT_LOCK_STALE_MS = 2_000;

export async function repairRepo(git: Git, gitDir: string, scratchDir: string): Promise<string[]> {
  const done: string[] = [];
  for (const lock of gitLockFiles(gitDir)) {
    if (await removeIfStale(lock)) done.push(`removed stale ${relative(git.dir, lock)}`);
  }
  if (existsSync(join(gitDir, 'MERGE_HEAD'))) {
    if (git.try(['merge', '--abort']).code !== 0) git.try(['reset', '--quiet', '--merge']);
    done.push('aborted an unfinished merge');
  }
  if (existsSync(join(gitDir, 'rebase-merge')) || existsSync(join(gitDir, 'rebase-apply'))) {
    git.try(['rebase', '--abort']);
    done.push('aborted an unfinished rebase');
  }
  const hasHead = git.try(['rev-parse', '--verify', '--quiet', 'HEAD']).code === 0;
  if (hasHead && git.run(['status', '--porcelain', '--untracked-files=all']) !== '') {
    git.run(['reset', '--quiet', '--hard', 'HEAD']);
    git.run(['clean', '--quiet', '-d', '--force']);
    done.push('discarded an unfinished commit (it is remade from the database)');
  }
  for (const name of readdirSync(git.dir)) {
    // The merge driver's temporary files (and the lock, journal and readers' folder beside them) from a killed merge.
    if (name.startsWith('.merge_file_')) rmSync(join(git.dir, name), { recursive: true, force: true });
  }
  rmSync(scratchDir, { recursive: true, force: true });
  return done;
}

/** index.lock, HEAD.lock, refs/heads/main.lock, …: every *.lock git may leave in its folder. */
function gitLockFiles(gitDir: string): string[] {
  const found: string[] = [];
  const walk = (dir: string, deep: boolean) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const path = join(dir, e.name);
      if (e.isFile() && e.name.endsWith('.lock')) found.push(path);
      else if (e.isDirectory() && deep) walk(path, true);
    }
  };
  walk(gitDir, false);
  walk(join(gitDir, 'refs'), true);
  walk(join(gitDir, 'logs'), true);
  return found;
}

/** Waits for a fresh lock to go away (an orphaned git may still be finishing); removes a stale one. */
async function removeIfStale(path: string): Promise<boolean> {
  for (;;) {
    let age: number;
    try {
      age = Date.now() - statSync(path).mtimeMs;
    } catch {
      return false; // released meanwhile
    }
    if (age >= GIT_LOCK_STALE_MS) break;
    await sleep(Math.min(200, GIT_LOCK_STALE_MS - age + 10));
  }
  try {
    unlinkSync(path);
    return true;
  } catch {
    return false;
  }
}
