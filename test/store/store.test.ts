// The store's write path: what readers may rely on while a writer works.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli.js';
import { FileLock } from '../../src/store/lock.js';
import { Store } from '../../src/store/store.js';
import { cli, isolatedEnv, tempDir } from '../helpers.js';

const hash = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('Store.write', () => {
  it('keeps a transaction far bigger than the page cache out of the file until COMMIT', async () => {
    const env = isolatedEnv();
    expect((await cli(['add', 'first fact'], { env })).code).toBe(0);
    const db = env.MEMCUE_DB!;
    const store = (await Store.open(db, { write: true }))!;
    const before = hash(db);
    let during = '';
    store.write(() => {
      store.db.exec('PRAGMA cache_size = -256'); // 256 KiB, against ~6 MB written below
      for (let i = 0; i < 3000; i++) store.db.run('INSERT INTO settings (key, value) VALUES (?, ?)', [`k${i}`, 'x'.repeat(2000)]);
      during = hash(db);
    });
    store.close();
    expect(during).toBe(before);
    expect(hash(db)).not.toBe(before);
  });

  it('does not hold the writers\u2019 lock while dream computes its batch', async () => {
    const env = isolatedEnv();
    const file = join(tempDir(), 'facts.jsonl');
    // Near-duplicates, so dream searches for clusters fact by fact (and draws its progress meanwhile).
    writeFileSync(file, Array.from({ length: 60 }, (_, i) => JSON.stringify({ text: `deploy the staging widgets server number ${i % 20}` })).join('\n'));
    expect((await cli(['import', file], { env })).code).toBe(0);
    const tries: boolean[] = [];
    const code = await runCli(['dream'], {
      env,
      cwd: tempDir(),
      stdout: () => {},
      // Each progress redraw happens mid-computation: another writer must get the lock then.
      stderr: () => {
        const other = new FileLock(`${env.MEMCUE_DB}.lock`);
        try {
          other.acquire(1);
          tries.push(true);
          other.release();
        } catch {
          tries.push(false);
        }
      },
      readStdin: async () => '',
      stderrIsTTY: true,
    });
    expect(code).toBe(0);
    expect(tries.length).toBeGreaterThan(2);
    expect(tries.every(Boolean)).toBe(true);
  });
});
