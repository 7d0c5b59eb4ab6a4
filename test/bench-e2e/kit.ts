// What the e2e runner's tests share: the tiny task set, a copy of it to break, and the runner's CLI.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const TINY = join(ROOT, 'test', 'fixtures', 'e2e-tiny');
const bun = join(ROOT, 'node_modules', '.bin', 'bun');

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'memcue-e2e-test-'));
  dirs.push(dir);
  return dir;
}

/** A copy of the tiny set, for a test that breaks it. */
export function tinyCopy(): string {
  const dir = join(tempDir(), 'set');
  cpSync(TINY, dir, { recursive: true });
  return dir;
}

export function e2e(...args: string[]): { code: number; stdout: string; stderr: string } {
  return e2eIn({}, ...args);
}

/** The runner with `env` over this process's environment. */
export function e2eIn(env: Record<string, string>, ...args: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(bun, ['bench/e2e/run.ts', ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, MEMCUE_DEBUG: '', ...env } });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
