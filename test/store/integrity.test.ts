// A damaged file is reported in one line and never written into.
import { createHash } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, isolatedEnv, tempDir } from '../helpers.js';

const hash = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

/** A memory of 300 facts whose first leaf page of the facts table claims 65535 cells. */
async function damagedMemory(): Promise<Record<string, string>> {
  const env = isolatedEnv();
  const file = join(tempDir(), 'facts.jsonl');
  writeFileSync(file, Array.from({ length: 300 }, (_, i) => JSON.stringify({ text: `deploy fact number ${i} about the staging widgets` })).join('\n'));
  expect((await cli(['import', file], { env })).code).toBe(0);
  const db = env.MEMCUE_DB!;
  const root = Number(execFileSync('sqlite3', [db, "SELECT rootpage FROM sqlite_master WHERE name = 'facts'"], { encoding: 'utf8' }));
  const data = readFileSync(db);
  const pageSize = data.readUInt16BE(16);
  const rootAt = (root - 1) * pageSize;
  const firstCell = data.readUInt16BE(rootAt + 12); // an interior page: its first cell starts with a child page number
  const leafAt = (data.readUInt32BE(rootAt + firstCell) - 1) * pageSize;
  data.writeUInt16BE(0xffff, leafAt + 3);
  writeFileSync(db, data);
  const check = spawnSync('sqlite3', [db, 'PRAGMA quick_check'], { encoding: 'utf8' });
  expect(check.stdout + check.stderr).not.toMatch(/^ok/);
  return env;
}

describe('a damaged database', () => {
  it('is not written into: one clear line, exit 1, the file byte for byte as it was', async () => {
    const env = await damagedMemory();
    const before = hash(env.MEMCUE_DB!);
    for (const args of [['add', 'a new fact'], ['import', '-']]) {
      const r = await cli(args, { env, stdin: JSON.stringify({ text: 'an imported fact' }) });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/memory\.db|memcue\.db/);
      expect(r.stderr).toMatch(/is damaged \(integrity check: .*\); nothing was written/);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect(hash(env.MEMCUE_DB!)).toBe(before);
  });

  it('gives reads one clear line, not an internal error', async () => {
    const env = await damagedMemory();
    for (const args of [['search', 'deploy', 'staging'], ['list'], ['stats']]) {
      const r = await cli(args, { env });
      expect(r.code).toBe(1);
      expect(r.stderr).not.toMatch(/internal error/);
      expect(r.stderr).toMatch(/damaged/);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('is checked again after another program changed it, and written when sound', async () => {
    const env = isolatedEnv();
    expect((await cli(['add', 'first fact'], { env })).code).toBe(0);
    execFileSync('sqlite3', [env.MEMCUE_DB!, "INSERT INTO settings (key, value) VALUES ('outside', 'x')"]);
    expect((await cli(['add', 'second fact'], { env })).code).toBe(0);
    expect(JSON.parse((await cli(['stats', '--json'], { env })).stdout).facts).toBe(2);
  });

  it('damage that quick_check misses (an index that no longer matches its table) is caught too', async () => {
    const env = isolatedEnv();
    expect((await cli(['add', 'first fact'], { env })).code).toBe(0);
    expect((await cli(['add', 'second fact'], { env })).code).toBe(0);
    // Another program rewrites an index's definition: every row is now missing from it.
    execFileSync('python3', ['-c', `import sqlite3,sys
db = sqlite3.connect(sys.argv[1]); db.execute('pragma writable_schema = on')
db.execute("update sqlite_master set sql = 'CREATE INDEX facts_by_scope_kind ON facts (kind, scope, created_at)' where name = 'facts_by_scope_kind'")
db.commit()`, env.MEMCUE_DB!]);
    expect(execFileSync('sqlite3', [env.MEMCUE_DB!, 'PRAGMA quick_check'], { encoding: 'utf8' }).trim()).toBe('ok');
    const before = hash(env.MEMCUE_DB!);
    const r = await cli(['add', 'a third fact'], { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/is damaged \(integrity check: row \d+ missing from index facts_by_scope_kind.*\); nothing was written/);
    expect(hash(env.MEMCUE_DB!)).toBe(before);
  });

  it('once a read has met damage, the next write checks the file even if nothing else changed it', async () => {
    const env = await damagedMemory();
    // The damage was written by hand; pretend memcue itself had left the file in this state.
    const state = (await import('../../src/store/integrity.js')).checkedRecord(env.MEMCUE_DB!)!;
    writeFileSync(`${env.MEMCUE_DB}.checked`, state);
    const before = hash(env.MEMCUE_DB!);
    expect((await cli(['list'], { env })).stderr).toMatch(/damaged/);
    const r = await cli(['add', 'a new fact'], { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/is damaged/);
    expect(hash(env.MEMCUE_DB!)).toBe(before);
  });
});
