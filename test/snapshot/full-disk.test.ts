// A full disk under the search file's writers (runs.ts, paged.ts, files.ts): a short write or a
// refused one must end the build, not spin; the side file is skipped with one line, the answer comes
// from SQLite, and nothing (a reader ticket, a temporary) is left to block the next writer. Real
// processes (the Node bundle) with a deadline: the failure this guards against never ends.
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLE, isolatedEnv, tempDir } from '../helpers.js';
import { canMount, fill, sayIfSkipped, smallDisk } from '../small-disk.js';

sayIfSkipped('full-disk search-file tests');

function facts(n: number, from = 0): string {
  return Array.from({ length: n }, (_, i) => JSON.stringify({ text: `alpha fact ${from + i} about service${from + i} and window w${((from + i) * 7919) % 1000}` })).join('\n');
}

function setup(disk: string) {
  const env = { ...isolatedEnv(tempDir()), MEMCUE_DB: join(disk, 'memcue.db') };
  const run = (argv: string[], timeout = 20_000) => {
    const r = spawnSync(process.execPath, [BUNDLE, ...argv], { env, encoding: 'utf8', timeout });
    return { code: r.status ?? -1, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
  };
  const importFacts = (n: number, from = 0) => {
    const file = join(tempDir(), 'facts.jsonl');
    writeFileSync(file, facts(n, from));
    return run(['import', file], 60_000);
  };
  return { run, importFacts, db: env.MEMCUE_DB };
}

/** What a command left beside the database besides the database and memcue's kept records. */
function leftovers(disk: string): string[] {
  const kept = (f: string) => ['filler', 'memcue.db', 'memcue.db.checked', 'memcue.db.search', 'memcue.db.search-delta'].includes(f);
  return readdirSync(disk).filter((f) => !kept(f) && !(f === 'memcue.db.readers' && readdirSync(join(disk, f)).length === 0));
}

describe.skipIf(!canMount)('a full disk under the search file', () => {
  for (const freeKb of [24, 56]) {
    it(`search with ${freeKb} KB free ends, answers from SQLite, says so in one line, leaves nothing`, () => {
      const disk = smallDisk(1024);
      const t = setup(disk);
      expect(t.importFacts(400).code).toBe(0);
      rmSync(`${t.db}.search`, { force: true });
      rmSync(`${t.db}.search-delta`, { force: true });
      fill(disk, freeKb * 1024);
      const r = t.run(['search', 'alpha', '-n', '3']);
      expect(r.signal).toBeNull(); // not killed by the deadline
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/alpha fact/);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/search file .*cannot be written .*disk full/);
      expect(leftovers(disk)).toEqual([]);
      // Nothing left holds the writers back once there is room again.
      rmSync(join(disk, 'filler'));
      const added = t.run(['add', 'the next fact after the full disk']);
      expect(added.stderr).toBe('');
      expect(added.code).toBe(0);
    });
  }

  it('an import with room for its facts but not the search file commits, ends, and leaves neither temporaries nor the lock', () => {
    const disk = smallDisk(1024);
    const t = setup(disk);
    expect(t.importFacts(50).code).toBe(0);
    fill(disk, 200 * 1024);
    const r = t.importFacts(350, 50);
    expect(r.signal).toBeNull();
    // The facts fit; the search file the import builds after its commit does not.
    expect(r.stderr).toMatch(/^memcue: note: the search file .*cannot be written \(disk full: ENOSPC\)[^\n]*\n$/);
    expect(r.code).toBe(0);
    expect(leftovers(disk)).toEqual([]);
    expect(t.run(['search', 'service320']).stdout).toMatch(/alpha fact 320/);
  });
});
