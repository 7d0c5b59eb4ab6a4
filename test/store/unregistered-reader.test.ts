// A reader that may not write the database's folder (another user): it needs to create nothing. Its
// SQLite SHARED lock holds a writer's commit off for the whole read (issue 19, item 7). The reader
// here runs as another user (nobody).
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BINARY, isolatedEnv, runProcess, tempDir } from '../helpers.js';
import { canRunAsNobody, stoppedReader as stoppedAs } from './other-user.js';

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

describe.skipIf(!canRunAsNobody || !existsSync(BINARY))('a reader that may not write the database folder', () => {
  it('as the compiled binary it holds SQLite\u2019s SHARED lock for the whole read: the writer commits after it', async () => {
    const env = sharedMemory(3000);
    const before = runProcess(BINARY, ['export'], { env }).stdout;
    const reader = await stoppedAs(env, ['export'], [BINARY]);
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
});
