// A sync killed with SIGKILL (together with the git and merge driver it runs) at every step leaves a
// usable database, and the next `memcue sync` repairs the repo and finishes the job.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.js';
import { bareRemote, haveBinary, integrity, machine, repoState, type Machine } from './machines.js';

const STEPS = ['locked', 'journal-written', 'compacted', 'committed', 'fetched', 'merge-driver', 'merged', 'pushed', 'folding', 'folded'];

/** Two machines that both compacted their journal, so alpha's next sync runs the merge driver. */
function machinesAboutToMerge() {
  const root = tempDir('memcue-kill-');
  const remote = bareRemote(root);
  const a = machine('alpha', root);
  const b = machine('beta', root);
  const shared = a.ok('add', '--scope', 'global', 'the staging deploy needs VPN access');
  a.ok('sync', 'init', remote);
  b.ok('sync', 'init', remote);
  a.ok('add', '--scope', 'global', 'alpha: the kubectl context is prod-eu');
  a.ok('edit', shared, 'the staging deploy needs VPN access and a yubikey');
  b.ok('add', '--scope', 'global', 'beta: the postgres port is 5433');
  b.ok('forget', shared);
  b.ok('sync', '--compact');
  const versions = new Set([...a.ok('export', '--all-versions').split('\n'), ...b.ok('export', '--all-versions').split('\n')]);
  return { a, b, versions };
}

async function killGroup(child: ReturnType<Machine['start']>, when: () => Promise<void>): Promise<void> {
  let gone = false;
  const exited = new Promise((res) => child.on('exit', () => res((gone = true))));
  await when();
  // A sync that finished before the chosen moment has no process group left to kill (ESRCH).
  try {
    if (!gone) process.kill(-child.pid!, 'SIGKILL');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
  }
  await exited;
}

async function until(done: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1500 && !done(); i++) await new Promise((r) => setTimeout(r, 20));
  if (!done()) throw new Error(`timed out waiting for ${what}`);
}

/** What the next sync reports repairing, per step (the rest need no repair of the repo). */
const REPAIRS: Record<string, string[]> = {
  'journal-written': ['discarded an unfinished commit'],
  compacted: ['discarded an unfinished commit'],
  'merge-driver': ['removed stale .git/index.lock', 'discarded an unfinished commit'],
};

function expectRecovered(a: Machine, b: Machine, versions: Set<string>, step?: string): void {
  // The database is usable at once; the interrupted transaction never reached it.
  expect(a.memcue('list', '--in', 'all').code).toBe(0);
  const next = a.memcue('sync');
  expect(next.code).toBe(0);
  // The next writer has rolled back and removed the journal a killed transaction left.
  expect(existsSync(`${a.db}-journal`)).toBe(false);
  expect(integrity(a.db)).toBe('ok');
  if (step !== undefined) {
    const repaired = next.stderr.split('\n').filter(Boolean).map((l) => l.replace(/^memcue: repaired the memory repo: | \(.*\)$/g, ''));
    expect(repaired).toEqual(REPAIRS[step] ?? []);
  }
  expect(repoState(a.repo)).toEqual({ status: '', merging: false, indexLock: false, markers: '' });
  b.ok('sync');
  a.ok('sync');
  expect(a.facts()).toEqual(b.facts());
  expect(a.ok('export', '--all-versions').split('\n').sort()).toEqual([...versions].sort());
}

describe.skipIf(!haveBinary)('memcue sync killed at any step', () => {
  it.each(STEPS)('killed at %s: the next sync repairs and completes', async (step) => {
    const { a, b, versions } = machinesAboutToMerge();
    const mark = join(tempDir(), 'paused');
    const child = a.start(['sync', '--compact'], { MEMCUE_SYNC_PAUSE_AT: step, MEMCUE_SYNC_PAUSE_MARK: mark });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    await killGroup(child, () => until(() => existsSync(mark), `the pause at ${step} (${stderr})`));
    // Killed inside the database transaction: a hot journal is left for the next opener to roll back.
    expect(existsSync(`${a.db}-journal`)).toBe(step === 'folding');
    expectRecovered(a, b, versions, step);
  });

  it('killed at random moments of repeated syncs: always repaired', async () => {
    const { a, b, versions } = machinesAboutToMerge();
    for (let round = 0; round < 6; round++) {
      a.ok('add', '--scope', 'global', `alpha round ${round}`);
      versions.add(a.ok('export', '--all-versions').split('\n').find((l) => l.includes(`alpha round ${round}`))!);
      const child = a.start(['sync', '--compact']);
      // Spread over start-up, the commit, the fetch, the driver and the push of a ~0.5 s sync.
      await killGroup(child, () => new Promise((r) => setTimeout(r, 40 + round * 90)));
      expect(integrity(a.db)).toBe('ok');
    }
    expectRecovered(a, b, versions);
  });
});
