// The store's write path: what readers may rely on while a writer works.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli.js';
import { FileLock } from '../../src/store/lock.js';
import { processStartTime } from '../../src/store/owner.js';
import { Database } from '../../src/store/sqlite.js';
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

  // Each connection parses the schema again in the WASM interpreter (~5 ms of an add): a write to a
  // current database checks the index's version on the writer's connection, not on a reader's first.
  it('opens one connection for a write to a current database', async () => {
    const env = isolatedEnv();
    expect((await cli(['add', 'first fact'], { env })).code).toBe(0);
    const before = Database.opened;
    const store = (await Store.open(env.MEMCUE_DB!, { write: true }))!;
    store.write(() => store.db.run('INSERT INTO settings (key, value) VALUES (?, ?)', ['k', 'v']));
    store.close();
    expect(Database.opened - before).toBe(1);
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

  it('waits for live readers before it commits, names one when they outlast the busy timeout, and breaks dead ones', async () => {
    const env = isolatedEnv();
    expect((await cli(['add', 'first fact'], { env })).code).toBe(0);
    const readers = `${env.MEMCUE_DB}.reader-`;
    const dead = `${readers}4194303-dead`;
    writeFileSync(dead, JSON.stringify({ pid: 2 ** 22 - 1, host: hostname(), started: '1', nonce: 'dead' }));
    expect((await cli(['add', 'second fact'], { env })).code).toBe(0);
    expect(existsSync(dead)).toBe(false);
    const live = `${readers}${process.pid}-live`;
    writeFileSync(live, JSON.stringify({ pid: process.pid, host: hostname(), started: processStartTime(process.pid), nonce: 'live', command: 'memcue export', since: new Date().toISOString() }));
    process.env.MEMCUE_BUSY_TIMEOUT_MS = '300'; // the lock reads its timeout from the process
    const busy = await cli(['add', 'third fact'], { env }).finally(() => delete process.env.MEMCUE_BUSY_TIMEOUT_MS);
    expect(busy.code).toBe(1);
    expect(busy.stderr).toMatch(new RegExp(`busy: waited 300 ms for 1 reader\\(s\\) of .*pid ${process.pid} \\(\`memcue export\`\\).*nothing was written`));
    expect(existsSync(`${env.MEMCUE_DB}.pending`)).toBe(false);
    expect(JSON.parse((await cli(['stats', '--json'], { env })).stdout).facts).toBe(2);
  });
});

describe('Store.insertNewFact', () => {
  const fact = (id: string, text: string) =>
    ({ id, version: 1, text, translation: '', kind: 'note', scope: 'global', source: '', quote: '', created_at: '2026-12-03T00:00:00.000Z', host: 'h', state: 'active' }) as const;

  // Each statement compiled is a parse and code generation in the cold WASM interpreter (~0.5 ms of an add).
  it('writes the head and index entry refreshHead would, with two statements fewer', async () => {
    const env = isolatedEnv();
    expect((await cli(['add', 'first fact'], { env })).code).toBe(0);
    const store = (await Store.open(env.MEMCUE_DB!, { write: true }))!;
    const compiled = (write: () => void) =>
      store.write(() => {
        const before = store.db.compiled;
        write();
        return store.db.compiled - before;
      });
    const viaRefresh = compiled(() => store.insertVersion(fact('aaaarefreshed', 'written through refreshHead')));
    const direct = compiled(() => store.insertNewFact(fact('bbbbdirect', 'written directly')));
    expect(direct).toBe(viaRefresh - 2);
    const row = (id: string) => store.db.get(`SELECT h.version, f.text, (SELECT count(*) FROM fact_index WHERE rowid = h.fact_row) AS indexed FROM heads h JOIN facts f ON f.rowid = h.fact_row WHERE h.id = ?`, [id]);
    expect(row('bbbbdirect')).toEqual({ version: 1, text: 'written directly', indexed: 1 });
    expect(row('aaaarefreshed')).toEqual({ version: 1, text: 'written through refreshHead', indexed: 1 });
    // Nothing left for refreshHead to do.
    const changes = store.write(() => {
      const before = Number(store.db.get('SELECT total_changes() AS n')!.n);
      store.refreshHead('bbbbdirect');
      return Number(store.db.get('SELECT total_changes() AS n')!.n) - before;
    });
    expect(changes).toBe(0);
    expect(() => store.write(() => store.insertNewFact({ ...fact('ccccsecond', 'x'), version: 2 }))).toThrow(/not a new fact/);
    store.close();
  });
});
