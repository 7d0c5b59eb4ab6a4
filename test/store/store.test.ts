// The store's write path: what readers may rely on while a writer works.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../../src/cli.js';
import { Database, loadModule } from '../../src/sqlite/sqlite.js';
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
    await store.writeAsync(() => {
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
    await store.writeAsync(() => store.db.run('INSERT INTO settings (key, value) VALUES (?, ?)', ['k', 'v']));
    store.close();
    expect(Database.opened - before).toBe(1);
  });

  // Each statement compiled is a parse and code generation in the cold WASM (~0.4 ms of an add): the
  // index version and the guard's cookie, both read at a write's start, share one.
  it('reads the settings a write starts with through one compiled statement', async () => {
    const env = isolatedEnv();
    expect((await cli(['add', 'first fact'], { env })).code).toBe(0);
    const prepare = vi.spyOn(Database.prototype, 'prepare');
    try {
      const store = (await Store.open(env.MEMCUE_DB!, { write: true }))!;
      await store.writeAsync(() => undefined);
      store.close();
      const settings = prepare.mock.calls.map(([sql]) => sql).filter((sql) => sql.includes('FROM settings'));
      expect(settings).toHaveLength(2);
      expect(new Set(settings).size).toBe(1);
    } finally {
      prepare.mockRestore();
    }
  });

  it('does not hold the write lock while dream computes its batch', async () => {
    const env = isolatedEnv();
    const file = join(tempDir(), 'facts.jsonl');
    // Near-duplicates, so dream searches for clusters fact by fact (and draws its progress meanwhile).
    writeFileSync(file, Array.from({ length: 60 }, (_, i) => JSON.stringify({ text: `deploy the staging widgets server number ${i % 20}` })).join('\n'));
    expect((await cli(['import', file], { env })).code).toBe(0);
    const tries: boolean[] = [];
    // Another connection in this process: SQLite's own locking orders it against dream's.
    const m = await loadModule();
    const code = await runCli(['dream'], {
      env,
      cwd: tempDir(),
      stdout: () => {},
      // Each progress redraw happens mid-computation: another writer must get the lock then.
      stderr: () => {
        const other = Database.openWith(m, env.MEMCUE_DB!);
        try {
          other.exec('BEGIN IMMEDIATE');
          other.exec('ROLLBACK');
          tries.push(true);
        } catch {
          tries.push(false);
        } finally {
          other.close();
        }
      },
      readStdin: async () => '',
      stderrIsTTY: true,
    });
    expect(code).toBe(0);
    expect(tries.length).toBeGreaterThan(2);
    expect(tries.every(Boolean)).toBe(true);
  });

  it('waits for a reader before it commits, and gives up after the busy timeout with nothing written', async () => {
    const env = isolatedEnv();
    expect((await cli(['add', 'first fact'], { env })).code).toBe(0);
    // A read in this process holds SQLite's read lock (SHARED) until it is closed.
    const reader = (await Store.open(env.MEMCUE_DB!, { write: false }))!;
    expect(reader.countListed()).toBe(1);
    process.env.MEMCUE_BUSY_TIMEOUT_MS = '300'; // the wait reads its timeout from the process
    const busy = await cli(['add', 'second fact'], { env }).finally(() => delete process.env.MEMCUE_BUSY_TIMEOUT_MS);
    expect(busy.code).toBe(1);
    expect(busy.stderr).toMatch(/busy: .* holds SQLite's lock on .*; waited 300 ms to commit \(nothing was written/);
    // The reader saw one state of the file throughout, and the add left nothing behind.
    expect(reader.countListed()).toBe(1);
    reader.close();
    expect((await cli(['add', 'third fact'], { env })).code).toBe(0);
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
      store.writeAsync(() => {
        const before = store.db.compiled;
        write();
        return store.db.compiled - before;
      });
    const viaRefresh = await compiled(() => store.insertVersion(fact('aaaarefreshed', 'written through refreshHead')));
    const direct = await compiled(() => store.insertNewFact(fact('bbbbdirect', 'written directly')));
    expect(direct).toBe(viaRefresh - 2);
    const row = (id: string) => store.db.get(`SELECT h.version, f.text, (SELECT count(*) FROM fact_index WHERE rowid = h.fact_row) AS indexed FROM heads h JOIN facts f ON f.rowid = h.fact_row WHERE h.id = ?`, [id]);
    expect(row('bbbbdirect')).toEqual({ version: 1, text: 'written directly', indexed: 1 });
    expect(row('aaaarefreshed')).toEqual({ version: 1, text: 'written through refreshHead', indexed: 1 });
    // Nothing left for refreshHead to do.
    const changes = await store.writeAsync(() => {
      const before = Number(store.db.get('SELECT total_changes() AS n')!.n);
      store.refreshHead('bbbbdirect');
      return Number(store.db.get('SELECT total_changes() AS n')!.n) - before;
    });
    expect(changes).toBe(0);
    await expect(store.writeAsync(() => store.insertNewFact({ ...fact('ccccsecond', 'x'), version: 2 }))).rejects.toThrow(/not a new fact/);
    store.close();
  });
});
