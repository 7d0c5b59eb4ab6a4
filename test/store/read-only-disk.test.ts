// A read-only disk holding a dead writer's files: an older memcue's `.lock` and `.pending` (memcue
// takes SQLite's own locks now and never looks at them) and a hot journal. A reader must not wait for
// what can never change: with no hot journal the file is whole and is read at once; with one (SQLite
// must roll it back first, and cannot there), the command says in one line what is wrong and what to
// do, without waiting.
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLE, isolatedEnv, tempDir } from '../helpers.js';
import { canMount, readOnly, sayIfSkipped, smallDisk } from '../small-disk.js';

sayIfSkipped('read-only-disk tests');

/** A pid that is gone, and the owner record a writer of that pid would have left. */
function deadOwner(): string {
  const pid = spawnSync(process.execPath, ['-e', '']).pid!;
  return JSON.stringify({ pid, host: hostname(), started: '1', nonce: 'deadbeefdeadbeef', command: 'memcue add', since: new Date().toISOString() });
}

function setup() {
  const disk = smallDisk(4096);
  const env = { ...isolatedEnv(tempDir()), MEMCUE_DB: join(disk, 'memcue.db'), MEMCUE_BUSY_TIMEOUT_MS: '600000' }; // a wait would end only at the 60 s kill below
  const run = (...argv: string[]) => {
    const r = spawnSync(process.execPath, [BUNDLE, ...argv], { env, encoding: 'utf8', timeout: 60_000 });
    return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
  };
  expect(run('add', 'The staging cluster runs in eu-west').code).toBe(0);
  return { disk, db: env.MEMCUE_DB, run };
}

describe.skipIf(!canMount)('a read-only disk with a dead writer’s files', () => {
  it('no hot journal: every read answers at once from the file', () => {
    const { disk, db, run } = setup();
    writeFileSync(`${db}.lock`, deadOwner());
    writeFileSync(`${db}.pending`, deadOwner());
    readOnly(disk);
    for (const argv of [['list'], ['search', 'staging'], ['stats'], ['card'], ['show', '--help']]) {
      const r = run(...argv);
      expect(r.code, `${argv[0]}: ${r.stderr}`).toBe(0);
      expect(r.stderr, argv[0]).not.toMatch(/busy|held by/);
    }
    expect(run('list').stdout).toContain('eu-west');
    const doctor = run('doctor');
    expect(doctor.stdout).toContain('integrity ok');
  });

  it('a hot journal it cannot roll back: one line at once, not a 30 s wait for a lock', () => {
    const { disk, db, run } = setup();
    writeFileSync(`${db}.lock`, deadOwner());
    writeFileSync(`${db}.pending`, deadOwner());
    writeFileSync(`${db}-journal`, Buffer.alloc(512, 0xd9));
    readOnly(disk);
    const r = run('list');
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/read-only|EROFS/);
    expect(r.stderr).not.toMatch(/broken automatically|busy/);
  });
});
