// Two (or more) "machines" for sync tests: each has its own HOME, database and MEMCUE_HOST, and runs
// the real compiled memcue against a shared bare git remote in a temp folder.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { BINARY, git, isolatedEnv, runProcess, tempDir, type Result } from '../helpers.js';

/** The binary under test (MEMCUE_BIN lets a developer point at a fresh build outside dist/). */
export const MEMCUE = process.env.MEMCUE_BIN ?? BINARY;
export const haveBinary = existsSync(MEMCUE);

export interface Machine {
  name: string;
  env: Record<string, string>;
  db: string;
  /** The memory repo (the default: beside the database). */
  repo: string;
  memcue(...args: string[]): Result;
  /** Runs memcue and fails the test unless it exits 0. */
  ok(...args: string[]): string;
  /** Current facts as sorted JSON lines (what a user sees), for comparing machines. */
  facts(): string[];
  start(args: string[], extraEnv?: Record<string, string>): ChildProcess;
}

export function bareRemote(root = tempDir()): string {
  const remote = join(root, 'remote.git');
  execFileSync('git', ['init', '--quiet', '--bare', remote]);
  return remote;
}

export function machine(name: string, root = tempDir()): Machine {
  const home = join(root, name);
  mkdirSync(home, { recursive: true });
  const env: Record<string, string> = { ...isolatedEnv(home), MEMCUE_HOST: name };
  const memcue = (...args: string[]) => runProcess(MEMCUE, args, { env, cwd: home });
  return {
    name,
    env,
    db: env.MEMCUE_DB!,
    repo: join(home, 'sync'),
    memcue,
    ok(...args) {
      const r = memcue(...args);
      if (r.code !== 0) throw new Error(`${name}: memcue ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
      return r.stdout.trim();
    },
    facts() {
      const out = this.ok('export');
      return out ? out.split('\n').sort() : [];
    },
    start(args, extraEnv = {}) {
      // Its own process group, so a test can kill memcue together with the git and driver it runs.
      return spawn(MEMCUE, args, { env: { ...env, ...extraEnv }, cwd: home, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    },
  };
}

/** What a user would worry about in the memory repo after a sync: leftovers of a merge or commit. */
export function repoState(repo: string): { status: string; merging: boolean; indexLock: boolean; markers: string } {
  const markers = spawnGrep(repo);
  return {
    status: git(repo, 'status', '--porcelain', '--untracked-files=all'),
    merging: existsSync(join(repo, '.git', 'MERGE_HEAD')),
    indexLock: existsSync(join(repo, '.git', 'index.lock')),
    markers,
  };
}

function spawnGrep(repo: string): string {
  try {
    return execFileSync('git', ['grep', '-I', '-l', '-e', '^<<<<<<<', '-e', '^>>>>>>>'], { cwd: repo, encoding: 'utf8' }).trim();
  } catch {
    return ''; // git grep exits 1 when nothing matches
  }
}

export function integrity(db: string): string {
  return execFileSync('sqlite3', [db, 'PRAGMA integrity_check'], { encoding: 'utf8' }).trim();
}
