// Test helpers: temp folders, the CLI run in-process with its own env, and the built artefacts run
// as real processes. Nothing here touches the real home or the real database.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';
import { runCli } from '../src/cli.js';

export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const BUNDLE = join(ROOT, 'bin', 'memcue.js');
export const BINARY = join(ROOT, 'dist', process.platform === 'win32' ? 'memcue.exe' : 'memcue');
export const SHARED = process.env.MEMCUE_SHARED_DATA ?? resolve(ROOT, '..', 'shared', 'data');

const temps: string[] = [];
afterEach(() => {
  while (temps.length) rmSync(temps.pop()!, { recursive: true, force: true });
});

export function tempDir(prefix = 'memcue-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

export interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  cwd?: string;
  stdin?: string;
}

/**
 * An isolated environment: its own HOME, XDG folders (data, state, cache) and database. The repository search stops at
 * its folder's parent (GIT_CEILING_DIRECTORIES): a `.git` another program leaves above the temporary
 * folders for a moment must not turn a test's global facts into a repo's.
 */
export function isolatedEnv(dir = tempDir()): Record<string, string> {
  return {
    GIT_CEILING_DIRECTORIES: dirname(dir),
    HOME: dir,
    XDG_DATA_HOME: join(dir, 'data'),
    XDG_STATE_HOME: join(dir, 'state'),
    // The card cache: never the user's own (config stays $HOME/.config, inside dir, as agents find it).
    XDG_CACHE_HOME: join(dir, 'cache'),
    MEMCUE_DB: join(dir, 'memcue.db'),
    MEMCUE_HOST: 'testhost',
    PATH: process.env.PATH ?? '',
  };
}

/** Runs the CLI in this process (fast; the same code path as the binary). */
export async function cli(argv: string[], opts: RunOptions = {}): Promise<Result> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    env: opts.env ?? isolatedEnv(),
    cwd: opts.cwd ?? tempDir(),
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    readStdin: async () => opts.stdin ?? '',
  });
  return { code, stdout, stderr };
}

/** Runs a real process (the compiled binary or the node bundle) and waits for it. */
export function runProcess(command: string, args: string[], opts: RunOptions = {}): Result {
  const r = spawnSync(command, args, {
    env: opts.env as NodeJS.ProcessEnv,
    cwd: opts.cwd,
    input: opts.stdin ?? '',
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

export function startProcess(command: string, args: string[], opts: RunOptions = {}) {
  return spawn(command, args, { env: opts.env as NodeJS.ProcessEnv, cwd: opts.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
}

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], {
    cwd,
    encoding: 'utf8',
  }).trim();
}

/** A memory of its own and a working folder (`<dir>/work`), and the CLI run in-process there. */
export function workspace(extraEnv: Record<string, string> = {}) {
  const dir = tempDir();
  const env: Record<string, string> = { ...isolatedEnv(dir), ...extraEnv };
  const cwd = join(dir, 'work');
  mkdirSync(cwd);
  const run = (argv: string[], stdin?: string) => cli(argv, { env, cwd, stdin });
  return { dir, env, cwd, run };
}
