// A reader that cannot create its reader file (another user, a folder it may not write) is unknown
// to writers, which commit without waiting for it. Under the Bun binary SQLite's SHARED lock holds
// them off (native-locks.ts); under Node there is no lock, so it must never read the file in place
// while a commit may change it (issue 19, item 7). The reader here runs as another user (nobody).
import { spawn } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BINARY, ROOT, isolatedEnv, runProcess, tempDir } from '../helpers.js';
import { canRunAsNobody, stoppedReader as stoppedAs } from './other-user.js';

const BUNDLE_JS = join(ROOT, 'dist', 'memcue.mjs');
const copies = () => new Set(readdirSync(tmpdir()).filter((name) => name.startsWith('memcue-reader-copy-')));

function factsFile(count: number, what: string): string {
  const file = join(tempDir(), `${what}.jsonl`);
  writeFileSync(file, Array.from({ length: count }, (_, i) => JSON.stringify({ text: `${what} fact ${i} keeps shard ${i % 97} of the cache warm` })).join('\n'));
  return file;
}

/** A memory in a folder only root may write (the database itself readable by all). */
function sharedMemory(facts: number): Record<string, string> {
  const dir = tempDir();
  chmodSync(dir, 0o755);
  const env = { ...isolatedEnv(dir), MEMCUE_DB: join(dir, 'memcue.db') };
  expect(runProcess(BINARY, ['import', factsFile(facts, 'seed')], { env, cwd: dir }).code).toBe(0);
  chmodSync(env.MEMCUE_DB, 0o644);
  return env;
}

/**
 * The Node bundle where nobody can read it: the clone itself may sit in a folder only its owner can
 * enter (`mktemp -d` makes one 0700), so the bundle and its WASM are copied to a 0755 folder.
 */
function bundleForNobody(): string {
  const dir = tempDir();
  chmodSync(dir, 0o755);
  for (const name of ['memcue.mjs', 'sqlite3.wasm']) {
    copyFileSync(join(ROOT, 'dist', name), join(dir, name));
    chmodSync(join(dir, name), 0o644);
  }
  return join(dir, 'memcue.mjs');
}

/** `node dist/memcue.mjs <args>` (or `reader`) as nobody, stopped part way through its read. */
function stoppedReader(env: Record<string, string>, args: string[], reader = [process.execPath, bundleForNobody()]) {
  return stoppedAs(env, args, reader);
}

describe.skipIf(!canRunAsNobody || !existsSync(BINARY) || !existsSync(BUNDLE_JS))('an unregistered reader under Node (the npm route)', () => {
  it('reads the database as it was when it began, while a writer commits under it', async () => {
    const env = sharedMemory(3000); // its export stays under spawnSync's 1 MB of output
    const before = runProcess(BINARY, ['export'], { env }).stdout;
    const reader = await stoppedReader(env, ['export']);
    // The writer does not wait for it (it cannot know of it): thousands of rows land all over the tree.
    expect(runProcess(BINARY, ['import', factsFile(4000, 'later')], { env, cwd: tempDir() }).stdout).toBe('imported 4000 fact versions\n');
    const read = await reader.finish();
    expect(read.stderr).toBe('');
    expect(read.code).toBe(0);
    expect(read.stdout.split('\n').length).toBe(before.split('\n').length);
    expect(read.stdout).toBe(before);
  }, 300_000);

  it('keeps its copy private to its user; the copy of a killed reader is removed by the next', async () => {
    const env = sharedMemory(500);
    const old = copies();
    const reader = await stoppedReader(env, ['export']);
    const mine = [...copies()].filter((name) => !old.has(name));
    expect(mine).toHaveLength(1);
    expect(statSync(join(tmpdir(), mine[0]!)).mode & 0o777).toBe(0o700);
    await reader.kill();
    expect(copies().has(mine[0]!)).toBe(true);
    const next = await stoppedReader(env, ['export']);
    expect((await next.finish()).code).toBe(0);
    expect(copies().has(mine[0]!)).toBe(false);
    expect([...copies()].filter((name) => !old.has(name))).toEqual([]);
  }, 300_000);

  it('as the compiled binary it holds SQLite\u2019s SHARED lock for the whole read: the writer commits after it', async () => {
    const env = sharedMemory(3000);
    const before = runProcess(BINARY, ['export'], { env }).stdout;
    const reader = await stoppedReader(env, ['export'], [BINARY]);
    const file = factsFile(4000, 'later');
    const writer = new Promise<string>((resolve) => {
      const child = spawn(BINARY, ['import', file], { env: { ...env, MEMCUE_BUSY_TIMEOUT_MS: '120000' }, cwd: tempDir(), stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      child.stderr.on('data', (chunk) => (out += chunk));
      child.on('close', () => resolve(out));
    });
    await new Promise((resolve) => setTimeout(resolve, 3000)); // the writer waits for the lock meanwhile
    const read = await reader.finish();
    expect([read.code, read.stderr]).toEqual([0, '']);
    expect(read.stdout).toBe(before);
    expect(await writer).toBe('imported 4000 fact versions\n');
  }, 300_000);

  it('as the compiled binary locking with lockf (macOS\'s way), which cannot lock a file it may only read: it reads a private copy', async () => {
    const env = { ...sharedMemory(3000), MEMCUE_NATIVE_LOCKS: 'lockf' };
    const before = runProcess(BINARY, ['export'], { env }).stdout;
    const old = copies();
    const reader = await stoppedReader(env, ['export'], [BINARY]);
    expect([...copies()].filter((name) => !old.has(name))).toHaveLength(1);
    expect(runProcess(BINARY, ['import', factsFile(4000, 'later')], { env, cwd: tempDir() }).stdout).toBe('imported 4000 fact versions\n');
    const read = await reader.finish();
    expect([read.code, read.stderr]).toEqual([0, '']);
    expect(read.stdout).toBe(before);
  }, 300_000);
});
