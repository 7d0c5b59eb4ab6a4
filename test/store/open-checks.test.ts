// What may be opened as the database, and how: full disks, paths that are not database files, and
// SQLite files that are not ours. Each case must end in one clear line and exit 1, and must leave
// the file as it was.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, statfsSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { APPLICATION_ID, migrate, OPENED_AS_IS, SCHEMA_VERSION } from '../../src/store/schema.js';
import { Database } from '../../src/sqlite/sqlite.js';
import { BUNDLE, cli, isolatedEnv, tempDir } from '../helpers.js';

function setup(dbPath?: string) {
  const dir = tempDir();
  const env = { ...isolatedEnv(dir), ...(dbPath ? { MEMCUE_DB: dbPath } : {}) };
  const run = (...argv: string[]) => cli(argv, { env, cwd: dir });
  return { dir, env, run, db: env.MEMCUE_DB! };
}

const hash = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

/** One line on stderr, nothing else, exit 1: what a user error must look like. */
function expectOneLine(r: { code: number; stderr: string }, pattern: RegExp): void {
  expect(r.stderr).toMatch(pattern);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).not.toMatch(/internal error/);
  expect(r.code).toBe(1);
}

// --- a real small filesystem (tmpfs), when this process may mount one ---------------------------

const canMount = (() => {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  const probe = mkdtempSync(join(tmpdir(), 'memcue-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
})();
if (!canMount) console.log('SKIP full-disk tests: they need root and tmpfs mounts (run as root on Linux)');

const mounts: string[] = [];
afterEach(() => {
  for (const dir of mounts.splice(0)) {
    execFileSync('umount', [dir]);
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A tmpfs of `kb` kilobytes of its own. */
function smallDisk(kb: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'memcue-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${kb}k`, 'tmpfs', dir]);
  mounts.push(dir);
  return dir;
}

/** Fills the disk until `leaveBytes` or fewer are free (whole pages, so 0 means full). */
function fill(dir: string, leaveBytes = 0): void {
  const fd = openSync(join(dir, 'filler'), 'a');
  const page = Buffer.alloc(4096, 1);
  try {
    while (statfsFree(dir) > leaveBytes) writeSync(fd, page);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  } finally {
    closeSync(fd);
  }
}

function statfsFree(dir: string): number {
  const s = statfsSync(dir);
  return s.bavail * s.bsize;
}

/** Files a command left beside the database, besides what memcue keeps there (integrity.ts). */
function leftovers(dir: string): string[] {
  const kept = (f: string) => f === 'memcue.db.checked';
  return readdirSync(dir).filter((f) => f !== 'filler' && f !== 'memcue.db' && !kept(f));
}

describe.skipIf(!canMount)('full disk (real tmpfs)', () => {
  async function fullDisk(leaveBytes: number, beforeFill: (db: string) => void = () => {}) {
    const disk = smallDisk(1024);
    const t = setup(join(disk, 'memcue.db'));
    expect((await t.run('add', 'the staging cluster runs in eu-west')).code).toBe(0);
    beforeFill(t.db);
    fill(disk, leaveBytes);
    return { ...t, disk };
  }

  it('reads work on a full disk and leave nothing behind', async () => {
    const { run, disk } = await fullDisk(0);
    const found = await run('search', 'staging');
    // The search file it would build has no room: one line says so, the answer comes from SQLite.
    expect(found.stderr).toMatch(/^memcue: note: the search file .*cannot be written \(disk full: ENOSPC\)[^\n]*\n$/);
    expect(found.code).toBe(0);
    expect(found.stdout).toContain('eu-west');
    expect((await run('list')).stdout).toContain('eu-west');
    expect(leftovers(disk)).toEqual([]);
  });

  it('a write on a full disk says so in one line, exit 1, database unchanged, no lock left', async () => {
    const { run, disk, db } = await fullDisk(0);
    const before = hash(db);
    expectOneLine(await run('add', 'a fact that has no room'), /disk full: .*free space.*retry/);
    expect(hash(db)).toBe(before);
    expect(leftovers(disk)).toEqual([]);
  });

  it('a journal a dead writer left is dealt with by SQLite on the first read, on a full disk too', async () => {
    // Its first byte is set, no process holds SQLite's RESERVED lock: SQLite takes it for hot and
    // plays it back (this one is no valid journal, so nothing is played back) before anyone reads.
    const { run, db } = await fullDisk(0, (db) => writeFileSync(`${db}-journal`, Buffer.alloc(512, 0xd9)));
    const before = hash(db);
    const found = await run('search', 'staging');
    expect(found.code).toBe(0);
    expect(found.stderr).toMatch(/^(memcue: note: [^\n]*\n)*$/); // at most a note that no search file fits
    expect(found.stdout).toContain('eu-west');
    expect(hash(db)).toBe(before);
  });

  it('a read-only disk: reads work, writes say so in one line', async () => {
    const { run, disk, db } = await fullDisk(1024 * 1024);
    execFileSync('mount', ['-o', 'remount,ro', disk]);
    const before = hash(db);
    expect((await run('search', 'staging')).stdout).toContain('eu-west');
    expectOneLine(await run('add', 'no writing here'), /cannot (write|create) .*(EROFS|read-only)/);
    expect(hash(db)).toBe(before);
  });

  it('with a little space left, a failed commit reports the full disk, not the rollback', async () => {
    const { run, disk, db } = await fullDisk(12 * 1024);
    const before = hash(db);
    const words = Array.from({ length: 200 }, (_, i) => `word${i}x${(i * 7919).toString(36)}`).join(' ');
    const lines = Array.from({ length: 60 }, (_, i) => JSON.stringify({ text: `fact ${i} ${words}`.slice(0, 1900) })).join('\n');
    const added = await run('add', `one more fact ${words}`.slice(0, 1900));
    expectOneLine(added, /disk full: .*free space.*retry/);
    expect(added.stderr).not.toMatch(/rollback/);
    expect(hash(db)).toBe(before);
    const file = join(tempDir(), 'big.jsonl');
    writeFileSync(file, lines);
    const r = await run('import', file);
    expectOneLine(r, /disk full: .*free space.*retry/);
    expect(r.stderr).not.toMatch(/rollback/);
    rmSync(join(disk, 'filler'));
    expect(hash(db)).toBe(before);
    expect(leftovers(disk)).toEqual([]);
    const listed = await run('list', '--json');
    expect(JSON.parse(listed.stdout)).toHaveLength(1);
  });
});

// --- paths that are not database files ----------------------------------------------------------

describe('paths that are not database files', () => {
  it('a directory: reads and writes say so in one line', async () => {
    const path = join(tempDir(), 'a-folder.db');
    mkdirSync(path);
    const t = setup(path);
    for (const argv of [['search', 'x'], ['list'], ['stats'], ['add', 'x']]) {
      expectOneLine(await t.run(...argv), /a-folder\.db is a directory, not a database file/);
    }
    expect(readdirSync(path)).toEqual([]);
  });

  it('/dev/null: reads and writes say it is not a database file', async () => {
    const t = setup('/dev/null');
    for (const argv of [['search', 'x'], ['stats'], ['add', 'x']]) {
      expectOneLine(await t.run(...argv), /\/dev\/null is a device, not a database file/);
    }
    expect(existsSync('/dev/null.lock')).toBe(false);
  });

  it('a file under /proc cannot be created: one line, exit 1; a read finds an empty memory', async () => {
    const t = setup('/proc/memcue-test.db');
    expectOneLine(await t.run('add', 'x'), /cannot create .*\/proc/);
    const r = await t.run('search', 'x');
    expect(r.stderr).toMatch(/the memory at \/proc\/memcue-test.db is empty/);
    expect(r.code).toBe(0);
  });

  it.skipIf(process.platform === 'win32')('a FIFO never hangs a command', () => {
    const dir = tempDir();
    const fifo = join(dir, 'pipe.db');
    execFileSync('mkfifo', [fifo]);
    const env = { ...isolatedEnv(dir), MEMCUE_DB: fifo };
    for (const argv of [['search', 'x'], ['stats'], ['add', 'x'], ['export']]) {
      const r = spawnSync(process.execPath, [BUNDLE, ...argv], { env, cwd: dir, encoding: 'utf8', timeout: 20_000 });
      expect(r.signal).toBeNull(); // not killed by the timeout
      expectOneLine({ code: r.status ?? -1, stderr: r.stderr }, /pipe\.db is a FIFO, not a database file/);
    }
  });
});

// --- SQLite files that are not memcue databases -------------------------------------------------

async function sqliteFile(path: string, sql: string): Promise<void> {
  const db = await Database.open(path);
  db.exec(sql);
  db.close();
}

describe('SQLite files that are not ours', () => {
  it('a file holding only a view is neither converted by a read nor by a write', async () => {
    const t = setup();
    await sqliteFile(t.db, "CREATE VIEW answers AS SELECT 42 AS answer, 'x' AS why");
    const before = hash(t.db);
    for (const argv of [['stats'], ['list'], ['search', 'x'], ['export']]) {
      expectOneLine(await t.run(...argv), /is an SQLite file but not a memcue database/);
    }
    const r = await t.run('add', 'x');
    expectOneLine(r, /is an SQLite file but not a memcue database.*left untouched/);
    expect(hash(t.db)).toBe(before);
  });

  it('an empty SQLite file is not turned into a memcue database by a read', async () => {
    const t = setup();
    await sqliteFile(t.db, 'PRAGMA user_version = 0');
    const before = hash(t.db);
    expectOneLine(await t.run('stats'), /is an empty SQLite file, not yet a memcue database/);
    expect(hash(t.db)).toBe(before);
    expect((await t.run('add', 'now it is one')).code).toBe(0);
  });

  it('a read of an empty (0-byte) file finds an empty memory and leaves it empty', async () => {
    const t = setup();
    writeFileSync(t.db, '');
    const r = await t.run('stats');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(statSync(t.db).size).toBe(0);
  });

  it('a forged user_version on a foreign file is refused', async () => {
    const t = setup();
    await sqliteFile(t.db, `CREATE TABLE customers (name TEXT); PRAGMA user_version = ${SCHEMA_VERSION}`);
    const before = hash(t.db);
    for (const argv of [['stats'], ['search', 'x'], ['add', 'x']]) {
      expectOneLine(await t.run(...argv), /not a memcue database/);
    }
    expect(hash(t.db)).toBe(before);
  });

  it('a forged application_id and user_version without our tables is refused', async () => {
    const t = setup();
    await sqliteFile(t.db, `CREATE TABLE customers (name TEXT); PRAGMA application_id = ${APPLICATION_ID}; PRAGMA user_version = ${SCHEMA_VERSION}`);
    const before = hash(t.db);
    for (const argv of [['stats'], ['list'], ['search', 'x'], ['export'], ['add', 'x']]) {
      expectOneLine(await t.run(...argv), /not a memcue database or is damaged/);
    }
    expect(hash(t.db)).toBe(before);
  });

  it('a file that is not SQLite at all is reported, not touched', async () => {
    const t = setup();
    writeFileSync(t.db, 'just some notes\n'.repeat(20));
    const before = hash(t.db);
    for (const argv of [['stats'], ['add', 'x']]) expectOneLine(await t.run(...argv), /not a memcue database \(not an SQLite file\)/);
    expect(hash(t.db)).toBe(before);
  });

  it('an older memcue database is still upgraded when read, up to v4 (v5 is `memcue compact`)', async () => {
    const t = setup();
    const db = await Database.open(t.db);
    migrate(db, 0, OPENED_AS_IS - 1);
    db.close();
    expect((await t.run('stats')).code).toBe(0);
    const after = await Database.open(t.db);
    expect(after.get('PRAGMA user_version')?.user_version).toBe(OPENED_AS_IS);
    after.close();
  });
});

const hasSqlite3 = spawnSync('sqlite3', ['-version']).status === 0;
if (!hasSqlite3) console.log('skipped: the WAL test needs the sqlite3 program');

describe.skipIf(!hasSqlite3)('a database another SQLite program switched to WAL', () => {
  it('is named for what it is, with the command that switches it back; nothing is touched', async () => {
    const t = setup();
    expect((await t.run('add', '--scope', 'global', 'the API listens on 8443')).code).toBe(0);
    execFileSync('sqlite3', [t.db, 'PRAGMA journal_mode=WAL']);
    const before = hash(t.db);
    for (const argv of [['list'], ['add', 'x'], ['search', 'api']]) {
      const r = await t.run(...argv);
      expectOneLine(r, /is in WAL journal mode \(set by another SQLite program\).*sqlite3 .* 'PRAGMA journal_mode=DELETE'/);
      expect(r.stderr).not.toMatch(/damaged/);
    }
    expect(hash(t.db)).toBe(before);
    execFileSync('sqlite3', [t.db, 'PRAGMA journal_mode=DELETE']);
    expect((await t.run('list')).stdout).toContain('8443');
  });
});
