// A reader that may only read the database file (another user; issue 19, leftovers item 2). Its
// descriptor is open for reading only, which takes fcntl's read lock: SQLite's SHARED lock holds a
// sqlite3 writer off until the read is over, and the reader reads the file in place (no copy).
// The reader runs as nobody; the foreign writer is the sqlite3 shell, run as root.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BINARY, isolatedEnv, runProcess, tempDir } from '../helpers.js';
import { canRunAsNobody, stoppedReader } from './other-user.js';
import { sql } from './foreign-program.js';

const copies = () => new Set(readdirSync(tmpdir()).filter((name) => name.startsWith('memcue-reader-copy-')));
const haveShell = spawnSync('sqlite3', ['-version']).status === 0;

/** A memory in a folder anyone may write, its database file only root may write. */
function readOnlyFileMemory(facts: number): Record<string, string> {
  const dir = tempDir();
  chmodSync(dir, 0o777);
  const env = { ...isolatedEnv(dir), MEMCUE_DB: join(dir, 'memcue.db') };
  const file = join(tempDir(), 'seed.jsonl');
  writeFileSync(file, Array.from({ length: facts }, (_, i) => JSON.stringify({ text: `seed fact ${i} keeps shard ${i % 97} of the cache warm` })).join('\n'));
  expect(runProcess(BINARY, ['import', file], { env, cwd: dir }).code).toBe(0);
  chmodSync(env.MEMCUE_DB, 0o644);
  return env;
}

/** The sqlite3 shell rewrites every facts row in place (each grows: pages split all over the tree). */
function foreignRewrite(db: string): Promise<{ code: number | null; stderr: string; at: number }> {
  return new Promise((resolve) => {
    const child = spawn('sqlite3', ['-cmd', '.timeout 60000', db, "update facts set quote = quote || hex(randomblob(40))"], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stderr, at: Date.now() }));
  });
}

describe.skipIf(!canRunAsNobody || !haveShell || !existsSync(BINARY))('a reader that may only read the database file', () => {
  it('a sqlite3 writer rewriting every row during its read never tears it', async () => {
    const env = readOnlyFileMemory(3000);
    const before = runProcess(BINARY, ['export'], { env }).stdout;
    const old = copies();
    const reader = await stoppedReader(env, ['export'], [BINARY]);
    const writer = foreignRewrite(env.MEMCUE_DB!);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const resumedAt = Date.now();
    const read = await reader.finish();
    expect([read.code, read.stderr]).toEqual([0, '']);
    expect(read.stdout).toBe(before);
    const wrote = await writer;
    expect([wrote.code, wrote.stderr]).toEqual([0, '']);
    // Its read lock held the writer off until the read was over, in place: no copy left in the temporary folder.
    expect(wrote.at).toBeGreaterThanOrEqual(resumedAt);
    expect([...copies()].filter((name) => !old.has(name))).toEqual([]);
    expect(sql(env.MEMCUE_DB!, 'pragma integrity_check')).toBe('ok');
    expect(runProcess(BINARY, ['export'], { env }).stdout).not.toBe(before);
  }, 300_000);

  it('reads in a loop beside a sqlite3 writer in a loop: none fails, each sees every fact once', async () => {
    const env = readOnlyFileMemory(1500);
    const db = env.MEMCUE_DB!;
    // Each statement grows every row a little: the whole facts tree moves under any reader in place.
    const loop = `i=0; while [ ! -e "$DB.done" ]; do sqlite3 -cmd '.timeout 20000' "$DB" "update facts set quote = quote || '$i'" || fails=$((fails+1)); i=$((i+1)); done`;
    const writer = new Promise<number | null>((res) => spawn('sh', ['-c', `fails=0; ${loop}; exit $fails`], { env: { ...process.env, DB: db }, stdio: 'ignore' }).on('exit', res));
    const failed: string[] = [];
    for (let i = 0; i < 12; i++) {
      const r = spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', BINARY, 'export'], { env: { ...env, HOME: '/tmp' }, cwd: '/', encoding: 'utf8', maxBuffer: 64 << 20 });
      const ids = r.stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line).id as string);
      if (r.status !== 0 || ids.length !== 1500 || new Set(ids).size !== 1500) failed.push(`exit ${r.status}, ${ids.length} rows: ${r.stderr.trim()}`);
    }
    writeFileSync(`${db}.done`, '');
    expect(await writer).toBe(0);
    expect(failed).toEqual([]);
    expect(sql(db, 'pragma integrity_check')).toBe('ok');
  }, 300_000);
});
