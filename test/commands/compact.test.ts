// Files made before schema v5 (the index with its own copy of the terms) are read and written as they
// are: no read converts them (a read-only folder keeps working), no `add` or hook pays a re-index.
// `memcue compact` converts one, once: smaller, the same answers, the index equal to the facts.
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compactSchema, migrate, OPENED_AS_IS, SCHEMA_VERSION } from '../../src/store/schema.js';
import { Database } from '../../src/sqlite/sqlite.js';
import { rebuildDerived, Store } from '../../src/store/store.js';
import { BINARY, cli, runProcess, tempDir, workspace } from '../helpers.js';
import { indexDifferences } from '../store/index-state.js';

const FACTS = [
  'Deploys go through the staging cluster first',
  'Tokens rotate monthly; they live in the vault',
  'The VM image is built nightly by the image job',
  'Коммит сообщение пишется по-английски',
  'The build cache is cleared on Fridays',
];
const QUERIES = ['deploy staging', 'vault tokens', 'image nightly', 'коммит', 'cache Friday', 'canary'];

/** A memory in a v4 file, as memcue before schema v5 made it. */
async function v4Memory() {
  const ws = workspace();
  const db = await Database.open(ws.env.MEMCUE_DB!);
  migrate(db, 0, OPENED_AS_IS);
  rebuildDerived(db); // records the index version, as every memcue did
  db.close();
  const ids: string[] = [];
  for (const text of FACTS) ids.push((await ws.run(['add', '--scope', 'global', text])).stdout.trim());
  expect((await ws.run(['edit', ids[0]!, 'Deploys go through staging, then a canary rollout'])).code).toBe(0);
  expect((await ws.run(['forget', ids[1]!])).code).toBe(0);
  return { ...ws, db: ws.env.MEMCUE_DB!, ids };
}

async function inspect(path: string) {
  const db = await Database.open(path);
  try {
    return { schema: Number(db.get('PRAGMA user_version')!.user_version), differences: indexDifferences(db) };
  } finally {
    db.close();
  }
}

async function answers(ws: Awaited<ReturnType<typeof v4Memory>>): Promise<string[]> {
  const out: string[] = [];
  for (const q of QUERIES) {
    const withFile = (await ws.run(['search', '--in', 'all', '--json', q])).stdout;
    const plain = (await cli(['search', '--in', 'all', '--json', q], { env: { ...ws.env, MEMCUE_SEARCH_FILE: '0' }, cwd: ws.cwd })).stdout;
    expect(withFile, q).toBe(plain);
    out.push(withFile);
  }
  return out;
}

const canRunAsNobody = process.getuid?.() === 0 && existsSync('/usr/bin/setpriv') && existsSync(BINARY);
const asNonRoot = process.getuid?.() !== 0;
if (!canRunAsNobody && !asNonRoot) console.log('SKIP the read-only folder test: it needs setpriv and the built binary when run as root');

describe('a v4 database', () => {
  it('is written as it is (adds, edits, forgets) and keeps its index equal to the facts', async () => {
    const ws = await v4Memory();
    expect(await inspect(ws.db)).toEqual({ schema: OPENED_AS_IS, differences: [] });
    expect((await answers(ws))[0]).toContain(ws.ids[0]);
  });

  it.skipIf(!canRunAsNobody && !asNonRoot)('is read in a folder this user may not write, and left as it was', async () => {
    const ws = await v4Memory();
    await ws.run(['search', 'deploy']); // the search file, as a writer's folder would have it
    const dir = tempDir();
    chmodSync(dir, 0o755);
    const db = join(dir, 'memcue.db');
    const copy = runProcess('cp', [ws.db, db]);
    expect(copy.code).toBe(0);
    chmodSync(db, 0o644);
    const before = readFileSync(db);
    const env = { ...ws.env, MEMCUE_DB: db, HOME: dir };
    const search = (args: string[]) =>
      asNonRoot
        ? (chmodSync(dir, 0o555), runProcess(BINARY, args, { env, cwd: dir }))
        : runProcess('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', BINARY, ...args], { env, cwd: '/' });
    const found = search(['search', '--in', 'all', 'staging', 'canary']);
    if (asNonRoot) chmodSync(dir, 0o755);
    expect(found.stderr).toBe('');
    expect(found.stdout).toContain(ws.ids[0]);
    expect(readFileSync(db).equals(before)).toBe(true);
  });

  it('is converted by `memcue compact`: smaller, the same answers, then written as v5', async () => {
    const ws = await v4Memory();
    // Enough facts that the index's copy of their terms takes pages of its own.
    const more = join(ws.dir, 'more.jsonl');
    writeFileSync(more, Array.from({ length: 400 }, (_, i) => JSON.stringify({ text: `Service ${i} deploys through shard ${i % 37} of the staging cluster` })).join('\n'));
    expect((await ws.run(['import', more])).code).toBe(0);
    const before = await answers(ws);
    const hint = '`memcue compact` gives it the smaller index of schema 5';
    // Advice, not a failure: a v4 file works as it is, so doctor still exits 0.
    const advised = await ws.run(['doctor']);
    expect([advised.code, advised.stdout.includes(hint)]).toEqual([0, true]);
    const bytes = statSync(ws.db).size;
    const r = await ws.run(['compact', '--json']);
    expect(r.stderr).toBe('');
    const reported = JSON.parse(r.stdout);
    expect(reported).toMatchObject({ compacted: true, before: bytes });
    expect(reported.after).toBe(statSync(ws.db).size);
    expect(reported.after).toBeLessThan(bytes);
    expect(await inspect(ws.db)).toEqual({ schema: SCHEMA_VERSION, differences: [] });
    expect(await answers(ws)).toEqual(before);
    expect((await ws.run(['forget', ws.ids[2]!])).code).toBe(0);
    expect((await ws.run(['add', 'Canary rollouts take an hour'])).code).toBe(0);
    expect(await inspect(ws.db)).toEqual({ schema: SCHEMA_VERSION, differences: [] });
    await answers(ws);
    expect((await ws.run(['doctor'])).stdout).not.toContain(hint);
    // Writes since may have freed pages (FTS5 merges), which a run VACUUMs; then nothing is left to do.
    expect((await ws.run(['compact'])).code).toBe(0);
    const again = await ws.run(['compact']);
    expect(again.stdout).toBe(`${ws.db} is already compact\n`);
  });

  // compact (src/commands/compact.ts) commits the conversion, then VACUUMs outside any transaction: a process killed (or
  // a disk full) in between leaves a v5 file still holding the v4 index's pages, now free. Run again,
  // `memcue compact` finds the file "already compact" and never gives the space back.
  it('interrupted after its conversion committed and before its VACUUM, `memcue compact` run again gives the space back', async () => {
    const ws = await v4Memory();
    const more = join(ws.dir, 'more.jsonl');
    writeFileSync(more, Array.from({ length: 400 }, (_, i) => JSON.stringify({ text: `Service ${i} deploys through shard ${i % 37} of the staging cluster` })).join('\n'));
    expect((await ws.run(['import', more])).code).toBe(0);
    // What compact commits before its VACUUM (the process then killed).
    const store = (await Store.open(ws.db, { write: true }))!;
    await store.writeAsync(() => {
      expect(compactSchema(store.db)).toBe(true);
      rebuildDerived(store.db);
    });
    store.close();
    const freePages = async () => {
      const db = await Database.open(ws.db);
      try {
        return Number(db.get('PRAGMA freelist_count')!.freelist_count);
      } finally {
        db.close();
      }
    };
    expect(await freePages()).toBeGreaterThan(0);
    const bytes = statSync(ws.db).size;
    const r = await ws.run(['compact', '--json']);
    expect(r.code).toBe(0);
    expect(statSync(ws.db).size).toBeLessThan(bytes);
    expect(await freePages()).toBe(0);
  });

  it('`memcue compact` with no database creates none', async () => {
    const ws = workspace();
    const r = await ws.run(['compact']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/no database at .* yet/);
    expect(existsSync(ws.env.MEMCUE_DB!)).toBe(false);
  });
});
