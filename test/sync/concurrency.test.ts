// Sync while hooks keep adding facts: git never touches the live database, which is only read and
// merged into under its lock for a moment, so every add lands and every fact reaches both machines.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.js';
import { bareRemote, haveBinary, integrity, machine, MEMCUE, type Machine } from './machines.js';

/** Runs `command` `count` times in a shell loop, as hooks would run memcue; resolves to the exit code
 * (with what the failing command said, so a failure explains itself). */
function repeat(m: Machine, count: number, command: string): Promise<number | string | null> {
  const script = `i=0; while [ $i -lt ${count} ]; do ${command} >/dev/null || exit 1; i=$((i+1)); done`;
  const child = spawn('sh', ['-c', script], { env: { ...m.env, MEMCUE }, cwd: tempDir(), stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  return new Promise((res) => child.on('exit', (code) => res(code === 0 ? 0 : `${m.name}: exit ${code}: ${stderr}`)));
}

function twoMachines() {
  const root = tempDir('memcue-conc-');
  const remote = bareRemote(root);
  const a = machine('alpha', root);
  const b = machine('beta', root);
  a.ok('sync', 'init', remote);
  b.ok('sync', 'init', remote);
  return { a, b };
}

describe.skipIf(!haveBinary)('sync while facts are being added', () => {
  it('adds racing several syncs on both machines: nothing lost, both machines end equal', async () => {
    const { a, b } = twoMachines();
    const codes = await Promise.all([
      repeat(a, 60, '"$MEMCUE" add --scope global "alpha fact $i about caches"'),
      repeat(b, 40, '"$MEMCUE" add --scope global "beta fact $i about proxies"'),
      repeat(a, 5, '"$MEMCUE" sync'),
      repeat(a, 4, '"$MEMCUE" sync --compact'), // a second sync of the same repo waits for the first
      repeat(b, 5, '"$MEMCUE" sync'),
    ]);
    expect(codes).toEqual([0, 0, 0, 0, 0]);
    a.ok('sync');
    b.ok('sync');
    a.ok('sync');
    expect(a.facts()).toHaveLength(100);
    expect(b.facts()).toEqual(a.facts());
    expect(integrity(a.db)).toBe('ok');
    expect(integrity(b.db)).toBe('ok');
  }, 240_000);

  it('a fact added while a sync is under way lands at once and goes out with the next sync', async () => {
    const { a, b } = twoMachines();
    a.ok('add', '--scope', 'global', 'before the sync');
    // Pause during the merge (database not locked) and inside the fold (database locked: the add waits).
    for (const step of ['merged', 'folding']) {
      const mark = join(tempDir(), 'paused');
      const sync = a.start(['sync'], { MEMCUE_SYNC_PAUSE_AT: step, MEMCUE_SYNC_PAUSE_MS: '1500', MEMCUE_SYNC_PAUSE_MARK: mark });
      const done = new Promise<number | null>((res) => sync.on('exit', res));
      while (!existsSync(mark)) await new Promise((r) => setTimeout(r, 20));
      const id = a.ok('add', '--scope', 'global', `added during the ${step} step`);
      expect(await done).toBe(0);
      expect(a.ok('search', 'added', 'during', step)).toContain(id);
      b.ok('sync');
      expect(b.ok('list')).not.toContain(id); // not sent by the sync it raced
      a.ok('sync');
      b.ok('sync');
      expect(b.ok('list')).toContain(id);
    }
    expect(b.facts()).toEqual(a.facts());
  }, 120_000);

  it('memcue merge into the live database while adds run: both sets kept', async () => {
    const { a } = twoMachines();
    const other = machine('other');
    for (let i = 0; i < 20; i++) other.ok('add', '--scope', 'global', `other fact ${i}`);
    const adds = repeat(a, 40, '"$MEMCUE" add --scope global "alpha fact $i"');
    const merges = repeat(a, 5, `"$MEMCUE" merge "$MEMCUE_DB" "${other.db}"`);
    expect(await Promise.all([adds, merges])).toEqual([0, 0]);
    expect(a.facts()).toHaveLength(60);
    expect(integrity(a.db)).toBe('ok');
  }, 120_000);
});
