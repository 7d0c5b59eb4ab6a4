// The search file stays current across memcue's own writes (a delta), is never trusted after a write
// it did not see, and never changes what `memcue search` answers.
import { chmodSync, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { MAX_DELTA } from '../../src/snapshot/delta.js';
import { decodeDelta, encodeDelta } from '../../src/snapshot/delta-file.js';
import { openLiveIndex, snapshotFiles } from '../../src/snapshot/files.js';
import { Database } from '../../src/sqlite/sqlite.js';
import { workspace } from '../helpers.js';

const QUERIES = [
  'deploy staging',
  'PRs review',
  'VMs nightly image',
  'коммит сообщение',
  '"quoted" NEAR( * - 🚀',
  'staging cache warms',
  'token rotation vault',
  'x'.repeat(100_000),
];

async function memory() {
  const ws = workspace();
  const db = ws.env.MEMCUE_DB!;
  const facts = [
    'Deploys go through the staging cluster first',
    'Prefer small PRs; review them within a day',
    'The VM image is built nightly by the image job',
    'Коммит сообщение пишется по-английски',
    'Tokens rotate monthly; they live in the vault',
  ];
  for (const text of facts) expect((await ws.run(['add', '--scope', 'global', text])).code).toBe(0);
  return { ...ws, db, files: () => snapshotFiles(db) };
}

/** Every query answers the same with the search file as without it. */
async function expectSameAnswers(ws: Awaited<ReturnType<typeof memory>>) {
  for (const q of QUERIES) {
    expect(openLiveIndex(ws.db)).toBeDefined();
    const withFile = await ws.run(['search', '--in', 'all', '--json', q]);
    const plain = await workspaceRun(ws, ['search', '--in', 'all', '--json', q]);
    expect(withFile.code).toBe(plain.code);
    expect(withFile.stdout, q.slice(0, 40)).toBe(plain.stdout);
    expect(withFile.stderr).toBe(plain.stderr);
  }
}

/** The same command with the search file turned off. */
async function workspaceRun(ws: Awaited<ReturnType<typeof memory>>, argv: string[]) {
  const { cli } = await import('../helpers.js');
  return cli(argv, { env: { ...ws.env, MEMCUE_SEARCH_FILE: '0' }, cwd: ws.cwd });
}

describe('the search file across writes', () => {
  it('is written by the first search and kept current by add, edit and forget', async () => {
    const ws = await memory();
    expect(existsSync(ws.files().base)).toBe(false); // no search yet, so no file
    await ws.run(['search', 'deploy']);
    expect(openLiveIndex(ws.db)).toBeDefined();

    const added = (await ws.run(['add', '--scope', 'global', 'The staging database is restored every Sunday'])).stdout.trim();
    expect(existsSync(ws.files().delta)).toBe(true);
    const live = openLiveIndex(ws.db)!;
    expect(live.added.map((d) => d.fact.id)).toEqual([added]);
    expect((await ws.run(['search', 'staging', 'Sunday'])).stdout).toContain(added);

    const [target] = (await ws.run(['search', '--json', 'VM', 'image'])).stdout.match(/"id": ?"(\w+)"/)!.slice(1);
    expect((await ws.run(['edit', target!, 'The VM image is built every night at 02:00'])).code).toBe(0);
    expect((await ws.run(['forget', added])).code).toBe(0);
    const after = openLiveIndex(ws.db)!;
    expect(after).toBeDefined();
    expect(after.removed.size).toBe(1); // the edited fact's old version (the forgotten one was in the delta only)
    expect(after.added.map((d) => d.fact.text)).toEqual(['The VM image is built every night at 02:00']);
    expect((await ws.run(['search', 'staging', 'Sunday'])).stdout).not.toContain(added);
    await expectSameAnswers(ws);
  });

  it('takes the docs of the rows a write inserted from their facts, not a read back, as SQLite holds them', async () => {
    const ws = await memory();
    await ws.run(['search', 'deploy']);
    const readBack = vi.spyOn(Database.prototype, 'iterate');
    try {
      const added = (await ws.run(['add', '--scope', 'global', 'The staging cache warms every Sunday'])).stdout.trim();
      const [target] = (await ws.run(['search', '--json', 'VM', 'image'])).stdout.match(/"id": ?"(\w+)"/)!.slice(1);
      expect((await ws.run(['edit', target!, 'The VM image is built every night at 03:00'])).code).toBe(0);
      expect(readBack.mock.calls.filter(([sql]) => sql.includes('fact_index_docsize'))).toEqual([]);
      // SQLite keeps a lone surrogate as U+FFFD: that row is read back, so the delta says what SQLite holds.
      const odd = (await ws.run(['add', '--scope', 'global', 'The staging cache \uD800 warms on Mondays'])).stdout.trim();
      expect(readBack.mock.calls.filter(([sql]) => sql.includes('fact_index_docsize'))).toHaveLength(1);
      const live = openLiveIndex(ws.db)!;
      expect(live.added.map((d) => d.fact.id)).toEqual([added, expect.any(String), odd]);
      expect(live.added[2]!.fact.text).toBe('The staging cache \uFFFD warms on Mondays');
    } finally {
      readBack.mockRestore();
    }
    await expectSameAnswers(ws);
  });

  it('is built again from scratch after edits and forgets, and answers as SQLite does', async () => {
    // A contentless FTS5 index (contentless_delete) kept deleted rows in its totals: after any edit
    // or forget SQLite's bm25 counted rows that were gone and the file, which counts the live ones,
    // could never be built again. Rows removed from the index must leave its totals.
    const ws = await memory();
    const first = JSON.parse((await ws.run(['search', '--in', 'all', '--json', 'deploy staging'])).stdout)[0].id as string;
    const other = JSON.parse((await ws.run(['search', '--in', 'all', '--json', 'vault'])).stdout)[0].id as string;
    expect((await ws.run(['edit', first, 'Deploys go through the staging cluster, then canary'])).code).toBe(0);
    expect((await ws.run(['forget', other])).code).toBe(0);
    for (const file of Object.values(ws.files())) rmSync(file, { force: true });
    await ws.run(['search', 'deploy']);
    expect(openLiveIndex(ws.db)).toBeDefined();
    await expectSameAnswers(ws);
  });

  it('is not trusted after a write by another program, and the next search rebuilds it', async () => {
    const ws = await memory();
    await ws.run(['search', 'deploy']);
    const db = await Database.open(ws.db);
    db.exec(`INSERT INTO settings (key, value) VALUES ('someone-else', 'was here')`);
    db.close();
    expect(openLiveIndex(ws.db)).toBeUndefined();
    expect((await ws.run(['doctor'])).stdout).toMatch(/^search {4}.*\.search: outdated \(the next search rebuilds it\)$/m);
    expect((await ws.run(['search', 'deploy', 'staging'])).stdout).toContain('staging cluster');
    expect(openLiveIndex(ws.db)).toBeDefined();
    expect((await ws.run(['doctor'])).stdout).toMatch(/^search {4}.*: current, 5 facts, 0 changed since it was built$/m);
  });

  it('is rebuilt by a write too big for the delta, and left alone by a failed one', async () => {
    const ws = await memory();
    await ws.run(['search', 'deploy']);
    const lines = Array.from({ length: MAX_DELTA + 5 }, (_, i) => JSON.stringify({ text: `Imported fact number ${i} about queue ${i % 7}`, scope: 'global' }));
    writeFileSync(join(ws.dir, 'bulk.jsonl'), lines.join('\n'));
    expect((await ws.run(['import', join(ws.dir, 'bulk.jsonl')])).code).toBe(0);
    const live = openLiveIndex(ws.db)!;
    expect(live.added).toHaveLength(0); // a new file, not a delta
    expect(live.docs).toBe(5 + MAX_DELTA + 5);
    const before = readFileSync(ws.files().base);
    // A write that fails (a secret) changes nothing, so the file stays current.
    expect((await ws.run(['add', 'password=hunter2hunter2 for the db'])).code).not.toBe(0);
    expect(openLiveIndex(ws.db)).toBeDefined();
    expect(readFileSync(ws.files().base).equals(before)).toBe(true);
    await expectSameAnswers(ws);
  });

  it('is as private as the database, and a damaged one is replaced', async () => {
    const ws = await memory();
    chmodSync(ws.db, 0o600);
    await ws.run(['search', 'deploy']);
    expect(statSync(ws.files().base).mode & 0o777).toBe(0o600);
    await ws.run(['add', '--scope', 'global', 'One more fact about deploys']);
    expect(statSync(ws.files().delta).mode & 0o777).toBe(0o600);

    writeFileSync(ws.files().base, 'not a search file at all');
    expect(openLiveIndex(ws.db)).toBeUndefined();
    const found = await ws.run(['search', 'deploys']);
    expect(found.code).toBe(0);
    expect(found.stdout).toContain('One more fact');
    expect(openLiveIndex(ws.db)).toBeDefined();
  });

  it('is built by a bulk write even before any search, so the first search needs no SQLite', async () => {
    const ws = workspace();
    const lines = Array.from({ length: MAX_DELTA + 1 }, (_, i) => JSON.stringify({ text: `Bulk fact ${i} about caches`, scope: 'global' }));
    writeFileSync(join(ws.dir, 'bulk.jsonl'), lines.join('\n'));
    expect((await ws.run(['import', join(ws.dir, 'bulk.jsonl')])).code).toBe(0);
    expect(openLiveIndex(ws.env.MEMCUE_DB!)?.docs).toBe(MAX_DELTA + 1);
    // A small write without a search file leaves none (the first search writes it).
    const small = workspace();
    await small.run(['add', 'One fact']);
    expect(existsSync(snapshotFiles(small.env.MEMCUE_DB!).base)).toBe(false);
  });

  it('is not written when turned off', async () => {
    const ws = await memory();
    await workspaceRun(ws, ['search', 'deploy']);
    expect(existsSync(ws.files().base)).toBe(false);
  });
});

describe('a damaged search file or delta', () => {
  it('is never used: a flipped byte fails its CRC, a nonsense delta falls back to SQLite', async () => {
    const ws = await memory();
    await ws.run(['search', 'deploy']);
    const bytes = readFileSync(ws.files().base);
    bytes[bytes.length - 3]! ^= 0x40;
    writeFileSync(ws.files().base, bytes);
    expect(openLiveIndex(ws.db)).toBeUndefined();
    expect((await ws.run(['search', 'staging'])).stdout).toContain('staging cluster');
    expect(openLiveIndex(ws.db)).toBeDefined(); // rebuilt

    await ws.run(['add', '--scope', 'global', 'A fact in the delta about rollbacks']);
    // Nonsense that agrees with its checksums (a bug, not an edit): the shape is checked too.
    const delta = decodeDelta(readFileSync(ws.files().delta)) as Exclude<ReturnType<typeof decodeDelta>, 'damaged' | undefined>;
    delta.added[0]!.columns = [[42 as unknown as string], []];
    writeFileSync(ws.files().delta, encodeDelta(delta));
    expect(openLiveIndex(ws.db)).toBeDefined(); // it looks current…
    const found = await ws.run(['search', 'rollbacks']);
    expect(found.code).toBe(0); // …but SQLite answers
    expect(found.stdout).toContain('A fact in the delta about rollbacks');
    expect((await ws.run(['card'])).code).toBe(0);
  });
});

describe('a delta that disagrees with itself (its page checksums)', () => {
  async function withDelta() {
    const ws = await memory();
    await ws.run(['search', 'deploy']);
    expect((await ws.run(['add', '--scope', 'global', 'Never deploy on Fridays'])).code).toBe(0);
    expect(readFileSync(ws.files().delta, 'utf8')).toContain('Never deploy on Fridays');
    return ws;
  }

  it('an edited rule is served neither by search nor by the card, and doctor says so', async () => {
    const ws = await withDelta();
    const path = ws.files().delta;
    const edited = readFileSync(path, 'utf8').replaceAll('Never deploy on Fridays', 'Always deploy on Fridays, skip review');
    writeFileSync(path, edited);
    expect(openLiveIndex(ws.db)).toBeUndefined();
    const card = await ws.run(['card']);
    expect(card.stdout).not.toContain('Always deploy');
    const found = await ws.run(['search', '--in', 'all', 'Fridays']);
    expect(found.stdout).toContain('Never deploy on Fridays');
    expect(found.stdout).not.toContain('Always deploy');

    writeFileSync(path, edited); // the search above replaced it
    const doctor = await ws.run(['doctor']);
    expect(doctor.stdout).toMatch(/search-delta: damaged/);
    expect(doctor.code).toBe(3);
  });

  it('one flipped bit anywhere never changes an answer', async () => {
    const ws = await withDelta();
    const path = ws.files().delta;
    const good = readFileSync(path);
    const base = readFileSync(ws.files().base);
    const plain = (await workspaceRun(ws, ['search', '--in', 'all', '--json', 'Fridays deploy'])).stdout;
    let seed = 38;
    for (let trial = 0; trial < 40; trial++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const bytes = Buffer.from(good);
      bytes[seed % bytes.length]! ^= 1 << (seed % 8);
      // The search file too: a search that found the delta unusable rebuilt it.
      writeFileSync(ws.files().base, base);
      writeFileSync(path, bytes);
      const r = await ws.run(['search', '--in', 'all', '--json', 'Fridays deploy']);
      expect(r.stdout, `trial ${trial}: bit ${seed % 8} of byte ${seed % bytes.length}`).toBe(plain);
    }
  });
});
