// Files beside the database and in memcue's cache that are not what they claim (a FIFO, a link to
// /dev/zero or /dev/urandom) must not stall a command: the compiled binary is run with a timeout that
// fails the test instead of hanging it, and must answer, note the odd file and replace it.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BINARY, isolatedEnv, tempDir } from '../helpers.js';

const TIMEOUT_MS = 15_000;
const canRun = existsSync(BINARY) && process.platform !== 'win32';

/** The binary, killed after TIMEOUT_MS: a hang shows up as `timedOut`, never as a stuck test. */
function memcue(env: Record<string, string>, args: string[], stdin = '') {
  const r = spawnSync(BINARY, args, { env, cwd: env.HOME, input: stdin, encoding: 'utf8', timeout: TIMEOUT_MS, killSignal: 'SIGKILL' });
  return { timedOut: r.signal === 'SIGKILL', code: r.status, stdout: r.stdout, stderr: r.stderr };
}

type Kind = 'fifo' | '/dev/zero' | '/dev/urandom';
const KINDS: Kind[] = ['fifo', '/dev/zero', '/dev/urandom'];

function plant(path: string, kind: Kind): void {
  rmSync(path, { force: true });
  if (kind === 'fifo') {
    const made = spawnSync('mkfifo', [path]);
    if (made.status !== 0) throw new Error(`mkfifo failed: ${made.stderr}`);
  } else symlinkSync(kind, path);
}

const isRegular = (path: string) => lstatSync(path).isFile();

function memory() {
  const env = isolatedEnv(tempDir());
  env.XDG_CACHE_HOME = join(env.HOME!, 'cache');
  expect(memcue(env, ['add', '--scope', 'global', '--kind', 'rule', 'Deploys go through the staging cluster first']).code).toBe(0);
  expect(memcue(env, ['search', 'staging']).stdout).toContain('staging cluster');
  expect(existsSync(`${env.MEMCUE_DB}.search`)).toBe(true);
  return env;
}

const hookInput = (env: Record<string, string>) => JSON.stringify({ hook_event_name: 'SessionStart', cwd: env.HOME });

describe.skipIf(!canRun)('odd files beside the database', () => {
  for (const suffix of ['.search', '.search-delta']) {
    it.each(KINDS)(`<db>${suffix} as %s: search, add, hook and card answer; the file is replaced`, (kind) => {
      const env = memory();
      const path = `${env.MEMCUE_DB}${suffix}`;
      plant(path, kind);
      const searched = memcue(env, ['search', 'staging']);
      expect(searched.timedOut, 'search hung').toBe(false);
      expect(searched.stdout).toContain('staging cluster');
      if (suffix === '.search') {
        expect(searched.stderr).toMatch(/memcue: note: .*\.search is (not a regular file|a link).*: ignored/);
        expect(isRegular(path)).toBe(true); // rebuilt by the search
        plant(path, kind);
      }
      const added = memcue(env, ['add', '--scope', 'global', '--kind', 'rule', 'Tokens rotate monthly']);
      expect(added.timedOut, 'add hung').toBe(false);
      expect(added.code, added.stderr).toBe(0);
      plant(path, kind);
      const hooked = memcue(env, ['hook', 'claude', 'session-start'], hookInput(env));
      expect(hooked.timedOut, 'hook hung').toBe(false);
      expect(hooked.stdout).toContain('Tokens rotate monthly');
      plant(path, kind);
      rmSync(join(env.XDG_CACHE_HOME!, 'memcue'), { recursive: true, force: true });
      const card = memcue(env, ['card']);
      expect(card.timedOut, 'card hung').toBe(false);
      expect(card.stdout).toContain('Tokens rotate monthly');
      expect(memcue(env, ['search', 'tokens']).stdout).toContain('Tokens rotate monthly');
    }, 4 * TIMEOUT_MS);
  }

  it('<db>.search linked to /dev/zero is refused without reading it', () => {
    const env = memory();
    plant(`${env.MEMCUE_DB}.search`, '/dev/zero');
    const r = spawnSync('/usr/bin/time', ['-f', '%M', BINARY, 'search', 'staging'], { env, encoding: 'utf8', timeout: TIMEOUT_MS, killSignal: 'SIGKILL' });
    expect(r.signal).toBe(null);
    expect(r.stdout).toContain('staging cluster');
    // Peak RSS in KB, the last line /usr/bin/time writes: far from the 4.2 GB reading /dev/zero took.
    const peakKb = Number(r.stderr.trim().split('\n').at(-1));
    expect(peakKb).toBeLessThan(1_000_000);
  }, 2 * TIMEOUT_MS);

  it.each(KINDS)('<db>.checked as %s: add still writes', (kind) => {
    const env = memory();
    plant(`${env.MEMCUE_DB}.checked`, kind);
    const added = memcue(env, ['add', 'The VM image is built nightly']);
    expect(added.timedOut, 'add hung').toBe(false);
    expect(added.code, added.stderr).toBe(0);
    expect(isRegular(`${env.MEMCUE_DB}.checked`)).toBe(true);
  }, 2 * TIMEOUT_MS);
});

describe.skipIf(!canRun)('odd files in the cache and state folders', () => {
  it.each(KINDS)('a card cache file as %s: the hook and card answer from the database', (kind) => {
    const env = memory();
    expect(memcue(env, ['hook', 'claude', 'session-start'], hookInput(env)).stdout).toContain('staging cluster');
    const cards = join(env.XDG_CACHE_HOME!, 'memcue', 'cards');
    const files = readdirSync(cards).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) plant(join(cards, f), kind);
    const hooked = memcue(env, ['hook', 'claude', 'session-start'], hookInput(env));
    expect(hooked.timedOut, 'hook hung').toBe(false);
    expect(hooked.stdout).toContain('staging cluster');
    for (const f of files) plant(join(cards, f), kind);
    const card = memcue(env, ['card']);
    expect(card.timedOut, 'card hung').toBe(false);
    expect(card.stdout).toContain('staging cluster');
  }, 4 * TIMEOUT_MS);

  it.each(KINDS)('hook.log as %s: doctor ends and names it; a failing hook ends and replaces it', (kind) => {
    const env = memory();
    const log = join(env.XDG_STATE_HOME!, 'memcue', 'hook.log');
    mkdirSync(join(log, '..'), { recursive: true });
    plant(log, kind);
    const doctor = memcue(env, ['doctor']);
    expect(doctor.timedOut, 'doctor hung').toBe(false);
    expect(doctor.code).toBe(0);
    expect(doctor.stdout).toMatch(/hook log {2}.*hook\.log: (not a regular file|a link, not a regular file)/);
    const failing = memcue(env, ['hook', 'claude', 'session-start'], 'not json');
    expect(failing.timedOut, 'hook hung').toBe(false);
    expect(failing.code).toBe(0);
    expect(isRegular(log)).toBe(true);
    const after = memcue(env, ['doctor']).stdout;
    expect(after).toMatch(/hook\.log was (not a regular file|a link).*: replaced/);
    expect(after).toMatch(/Z hook claude session-start: /);
  }, 3 * TIMEOUT_MS);

  it("an agent's settings as a FIFO: install refuses in one line, doctor ends", () => {
    const env = memory();
    const settings = join(env.HOME!, '.claude', 'settings.json');
    mkdirSync(join(settings, '..'), { recursive: true });
    plant(settings, 'fifo');
    const install = memcue(env, ['install', 'claude']);
    expect(install.timedOut, 'install hung').toBe(false);
    expect([install.code, install.stderr]).toEqual([1, `memcue: ${settings} is not a regular file (a FIFO); memcue reads only regular files there\n`]);
    const doctor = memcue(env, ['doctor']);
    expect(doctor.timedOut, 'doctor hung').toBe(false);
    expect(doctor.code).toBe(0);
  }, 3 * TIMEOUT_MS);
});
