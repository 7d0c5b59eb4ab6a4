// The npm route's stable command. `npx memcue install claude` runs the executable from npx's cache
// (its platform package, bin/memcue.js), which npm may clean at any time, and `memcue` is not on
// PATH; a hook naming either fails with exit 127. So install copies the running executable to
// `$XDG_DATA_HOME/memcue/bin/memcue` (else ~/.local/share/memcue/bin/memcue) and the hooks run that.
// An executable in a lasting place (a global npm install, the release binary) is used where it is,
// so upgrading it upgrades the hooks too.
import { mkdirSync, readFileSync } from 'node:fs';
import { replaceKeptFile } from '../util/safe-file.js';
import { basename, dirname, join, sep } from 'node:path';
import type { Env } from '../config.js';
import { homeOf } from './paths.js';

export function dataDir(env: Env): string {
  return join(env.XDG_DATA_HOME || join(homeOf(env), '.local', 'share'), 'memcue');
}

export function launcherPath(env: Env): string {
  return join(dataDir(env), 'bin', process.platform === 'win32' ? 'memcue.exe' : 'memcue');
}

/** npx's and bunx's caches, which npm and Bun clean at any time: places a hook must not point into. */
export function isTransient(path: string): boolean {
  const parts = path.split(sep);
  return parts.includes('_npx') || parts.some((p) => p.startsWith('bunx-')) || path.includes(`${sep}.bun${sep}install${sep}cache${sep}`);
}

/** The running memcue executable, or undefined when this is not one (the tests, run from source). */
export function runningExecutable(): string | undefined {
  return /^memcue(\.exe)?$/i.test(basename(process.execPath)) ? process.execPath : undefined;
}

/**
 * Copies the running executable to launcherPath when it runs from a transient place; returns the
 * copy's path, or undefined when no copy is needed. Whole file or nothing: an agent starting a
 * session meanwhile never runs half an executable. Made again on every install, so it follows the
 * latest one.
 */
export function ensureLauncher(env: Env): string | undefined {
  const exe = runningExecutable();
  if (!exe || !isTransient(exe)) return undefined;
  const path = launcherPath(env);
  if (path === exe) return undefined;
  mkdirSync(dirname(path), { recursive: true });
  replaceKeptFile(path, readFileSync(exe), 0o755); // a fresh temporary, never a planted link (safe-file.ts)
  return path;
}
