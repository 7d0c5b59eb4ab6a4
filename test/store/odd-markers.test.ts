// Files beside the database named as memcue's lock markers once were (`<db>.lock`, `<db>.pending`,
// `<db>.reader-*`) and SQLite's `<db>-journal`, planted as FIFOs or links to /dev/zero: no command
// may hang on them or read them as a lock. An odd journal (SQLite's file, not ours to remove) is
// reported in one line. The binary runs with a timeout that fails the test instead of hanging it.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BINARY, isolatedEnv } from '../helpers.js';

const TIMEOUT_MS = 15_000;

function memcue(env: Record<string, string>, args: string[]) {
  const r = spawnSync(BINARY, args, { env, cwd: env.HOME, encoding: 'utf8', timeout: TIMEOUT_MS, killSignal: 'SIGKILL' });
  return { timedOut: r.signal === 'SIGKILL', code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function plant(path: string, kind: 'fifo' | '/dev/zero'): void {
  rmSync(path, { force: true });
  if (kind === 'fifo') expect(spawnSync('mkfifo', [path]).status).toBe(0);
  else symlinkSync(kind, path);
}

describe.skipIf(!existsSync(BINARY) || process.platform === 'win32')('odd files in place of the lock scheme’s markers', () => {
  for (const marker of ['.lock', '.pending', '.reader-999999-deadbeef']) {
    for (const kind of ['fifo', '/dev/zero'] as const) {
      it(`<db>${marker} as ${kind}: add and list answer`, () => {
        const env = isolatedEnv();
        expect(memcue(env, ['add', 'a fact before the prank']).code).toBe(0);
        const path = `${env.MEMCUE_DB}${marker}`;
        plant(path, kind);
        const add = memcue(env, ['add', 'a fact after the prank']);
        expect(add.timedOut).toBe(false);
        expect(add.code).toBe(0);
        const list = memcue(env, ['list']);
        expect(list.timedOut).toBe(false);
        expect(list.stdout).toContain('a fact after the prank');
      });
    }
  }

  it('<db>-journal as a FIFO: add and list end with one line naming it, nothing is removed', () => {
    const env = isolatedEnv();
    expect(memcue(env, ['add', 'a fact before the prank']).code).toBe(0);
    const journal = `${env.MEMCUE_DB}-journal`;
    plant(journal, 'fifo');
    for (const args of [['add', 'a fact after the prank'], ['list']]) {
      const r = memcue(env, args);
      expect(r.timedOut).toBe(false);
      expect(r.code).toBe(1);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain(`${journal} is not a regular file`);
    }
    expect(lstatSync(journal).isFIFO()).toBe(true);
  });

  // Found end to end (issue 19 recheck): a link there was called "a device", which sends the user
  // looking for the wrong thing.
  for (const target of ['a regular file', 'nowhere'] as const) {
    it(`<db>-journal as a link to ${target}: one line that calls it a link, nothing is removed`, () => {
      const env = isolatedEnv();
      expect(memcue(env, ['add', 'a fact before the prank']).code).toBe(0);
      const journal = `${env.MEMCUE_DB}-journal`;
      const aim = `${env.HOME}/aim`;
      if (target === 'a regular file') writeFileSync(aim, 'not a journal');
      symlinkSync(aim, journal);
      const r = memcue(env, ['add', 'a fact after the prank']);
      expect(r.code).toBe(1);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain(`${journal} is a link, not a regular file`);
      expect(lstatSync(journal).isSymbolicLink()).toBe(true);
    });
  }
});
