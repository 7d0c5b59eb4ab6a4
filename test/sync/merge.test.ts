// `memcue merge OURS THEIRS`: the union of two databases' fact versions, run in-process on real files.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate, SCHEMA_VERSION } from '../../src/store/schema.js';
import { Database } from '../../src/sqlite/sqlite.js';
import { shellCommand } from '../../src/sync/self.js';
import { cli, isolatedEnv, tempDir } from '../helpers.js';

const dir = () => tempDir('memcue-merge-');

async function memcue(db: string, host: string, ...argv: string[]): Promise<string> {
  const r = await cli(['--db', db, ...argv], { env: { ...isolatedEnv(), MEMCUE_HOST: host } });
  if (r.code !== 0) throw new Error(`memcue ${argv.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

async function merge(ours: string, theirs: string, ...rest: string[]) {
  return cli(['merge', ours, theirs, ...rest]);
}

/** Two machines' databases that share one fact, then diverge: new facts, an edit and a forget each. */
async function diverged() {
  const d = dir();
  const a = join(d, 'a.db');
  const b = join(d, 'b.db');
  const shared = await memcue(a, 'alpha', 'add', '--scope', 'global', 'the staging deploy needs VPN access');
  const other = await memcue(a, 'alpha', 'add', '--scope', 'global', 'builds are cached in /var/cache/ci');
  copyFileSync(a, b);
  await memcue(a, 'alpha', 'add', '--scope', 'global', 'alpha knows the kubectl context is prod-eu');
  await memcue(b, 'beta', 'add', '--scope', 'global', 'beta knows the postgres port is 5433');
  await memcue(a, 'alpha', 'edit', shared, 'the staging deploy needs VPN access and a yubikey');
  await memcue(b, 'beta', 'edit', shared, 'staging deploys go through the bastion host');
  await memcue(a, 'alpha', 'forget', other);
  await memcue(b, 'beta', 'edit', other, 'builds are cached in /srv/ci-cache since the move');
  return { d, a, b, shared, other };
}

const current = (db: string) => memcue(db, 'x', 'export');
const allRows = async (db: string) => (await memcue(db, 'x', 'export', '--all-versions')).split('\n').sort();

describe('memcue merge', () => {
  it('takes the union; A into B and B into A give the same current facts, searchable at once', async () => {
    const { d, a, b, shared } = await diverged();
    const ab = join(d, 'ab.db');
    const ba = join(d, 'ba.db');
    copyFileSync(a, ab);
    copyFileSync(b, ba);
    const r = await merge(ab, b);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^merged 3 new version rows \(3 facts changed\)/);
    expect((await merge(ba, a)).code).toBe(0);
    expect(await current(ab)).toBe(await current(ba));
    expect(await allRows(ab)).toEqual(await allRows(ba));
    // Nothing lost: every version of both sides is kept.
    const union = new Set([...(await allRows(a)), ...(await allRows(b))]);
    expect(await allRows(ab)).toEqual([...union].sort());
    // Both wrote version 2 of the shared fact; the later one (beta's) is current on both sides.
    expect(JSON.parse(await memcue(ab, 'x', 'show', shared, '--json')).text).toBe('staging deploys go through the bastion host');
    // The index covers merged facts (and only current versions of them).
    expect(await memcue(ab, 'x', 'search', 'postgres', 'port', '--in', 'all')).toContain('5433');
    expect(await memcue(ab, 'x', 'search', 'bastion', '--in', 'all')).toContain(shared);
    expect(await memcue(ab, 'x', 'search', 'yubikey', '--in', 'all')).toBe('');
    expect(await memcue(ba, 'x', 'search', 'kubectl', '--in', 'all')).toContain('prod-eu');
  });

  it('is idempotent: merging the same file again adds nothing and changes nothing', async () => {
    const { a, b } = await diverged();
    await merge(a, b);
    const before = readFileSync(a);
    const again = await merge(a, b);
    expect(again.stdout).toMatch(/^merged 0 new version rows/);
    expect(readFileSync(a).equals(before)).toBe(true);
  });

  it('never changes THEIRS or BASE', async () => {
    const { d, a, b } = await diverged();
    const base = join(d, 'base.db');
    copyFileSync(b, base);
    const theirs = readFileSync(b);
    expect((await merge(a, b, '--base', base)).code).toBe(0);
    expect(readFileSync(b).equals(theirs)).toBe(true);
    expect(readFileSync(base).equals(theirs)).toBe(true);
  });

  it('merges a database from an older memcue (schema v1) after migrating a copy of it', async () => {
    const d = dir();
    const ours = join(d, 'ours.db');
    const old = join(d, 'old.db');
    await memcue(ours, 'alpha', 'add', '--scope', 'global', 'a fact written by the new memcue');
    const db = await Database.open(old);
    migrate(db, 0, 1);
    const row = ['oldfact0000000000001', 1, 'Кэш сборки чистится по пятницам', '', 'rule', 'global', '', '', '2026-01-01T00:00:00.000Z', 'old', 'active'];
    db.run('INSERT INTO facts VALUES (?,?,?,?,?,?,?,?,?,?,?)', row);
    db.run('INSERT INTO facts VALUES (?,?,?,?,?,?,?,?,?,?,?)', [row[0]!, 2, 'Кэш сборки чистится по понедельникам', ...row.slice(3, 8), '2026-02-01T00:00:00.000Z', 'old', 'active']);
    db.close();
    const oldBytes = readFileSync(old);
    const r = await merge(ours, old);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^merged 2 new version rows \(1 fact changed\)/);
    expect(readFileSync(old).equals(oldBytes)).toBe(true);
    expect(await memcue(ours, 'x', 'search', 'понедельник', '--in', 'all')).toContain('oldfact0000000000001');
    expect(await memcue(ours, 'x', 'search', 'пятница', '--in', 'all')).toBe('');
  });

  it('refuses files that are not memcue databases, or newer ones, and leaves every file untouched', async () => {
    const d = dir();
    const ours = join(d, 'ours.db');
    await memcue(ours, 'alpha', 'add', 'something to keep');
    const text = join(d, 'notes.txt');
    writeFileSync(text, 'just some notes\n');
    const foreign = join(d, 'foreign.db');
    const f = await Database.open(foreign);
    f.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1)');
    f.close();
    const newer = join(d, 'newer.db');
    const n = await Database.open(newer);
    migrate(n, 0, SCHEMA_VERSION);
    n.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
    n.close();
    const files = [ours, text, foreign, newer];
    const snapshot = () => files.map((p) => readFileSync(p));
    const before = snapshot();
    const cases: [string[], RegExp][] = [
      [[ours, text], /notes\.txt is not a memcue database/],
      [[ours, foreign], /foreign\.db is an SQLite file but not a memcue database/],
      [[ours, newer], /newer\.db has schema version \d+, newer than this memcue understands \(\d+\) \(upgrade memcue\)/],
      [[ours, ours.replace('ours', 'missing')], /no such database file/],
      [[text, ours], /notes\.txt is not a memcue database/],
      [[foreign, ours], /foreign\.db is an SQLite file but not a memcue database/],
      [[ours, ours, '--base', text], /notes\.txt is not a memcue database/],
    ];
    for (const [args, message] of cases) {
      const r = await merge(...(args as [string, string, ...string[]]));
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
    snapshot().forEach((bytes, i) => expect(bytes.equals(before[i]!), files[i]).toBe(true));
  });

  it('quotes the driver command for the shell git runs it with', () => {
    expect(shellCommand(['/usr/bin/node', '/opt/memcue/bin/memcue.js'])).toBe('/usr/bin/node /opt/memcue/bin/memcue.js');
    expect(shellCommand(["/home/o'brien/my tools/memcue"])).toBe(`'/home/o'\\''brien/my tools/memcue'`);
    expect(shellCommand(['C:\\Program Files\\memcue.exe'])).toBe(`'C:\\Program Files\\memcue.exe'`);
  });
});
