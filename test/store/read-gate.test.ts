// Readers never wait for writers: real processes of the compiled binary read the database while
// another one imports, is stopped in the middle of its transaction, or is stopped while committing.
// No wall-clock thresholds: "did not wait" means "finished while the writer was still running".
import { execFileSync } from 'node:child_process';
import { runAsync } from '../../bench/measure.js';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BINARY, isolatedEnv, runProcess, startProcess, tempDir } from '../helpers.js';

function integrity(db: string): string {
  return execFileSync('sqlite3', [db, 'PRAGMA integrity_check'], { encoding: 'utf8' }).trim();
}

/** Runs the binary without blocking the event loop (so the writer's exit is noticed meanwhile). */
const run = (args: string[], env: Record<string, string>, stdin = '') => runAsync(BINARY, args, env, stdin);

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1200 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  if (!check()) throw new Error(`gave up waiting for ${what}`);
}

function bulkFile(count: number): string {
  const file = join(tempDir(), 'bulk.jsonl');
  writeFileSync(file, Array.from({ length: count }, (_, i) => JSON.stringify({ text: `bulk fact number ${i} about widgets` })).join('\n'));
  return file;
}

function factCount(env: Record<string, string>): number {
  return JSON.parse(runProcess(BINARY, ['stats', '--json'], { env }).stdout).facts as number;
}

/** A fresh memory holding one global rule. */
function memoryWithRule(text: string): Record<string, string> {
  const env = isolatedEnv();
  expect(runProcess(BINARY, ['add', '--kind', 'rule', '--scope', 'global', text], { env }).code).toBe(0);
  return env;
}

/** Starts a writer that stops at `step` (see src/sync/pause.ts) and waits until it is there. */
async function pausedWriter(env: Record<string, string>, args: string[], step: string) {
  const mark = join(tempDir(), 'paused');
  const writer = startProcess(BINARY, args, { env: { ...env, MEMCUE_SYNC_PAUSE_AT: step, MEMCUE_SYNC_PAUSE_MARK: mark } });
  const exited = new Promise((res) => writer.on('exit', res));
  await until(() => existsSync(mark), 'the writer to pause');
  writer.kill('SIGSTOP');
  return { pid: writer.pid, kill: () => (writer.kill('SIGKILL'), exited) };
}

const hookInput = (cwd: string) => JSON.stringify({ hook_event_name: 'SessionStart', cwd });

describe.skipIf(!existsSync(BINARY) || process.platform === 'win32')('readers never wait for writers (compiled binary)', () => {
  it('search, stats and the hook during a long import all succeed, see all of it or none, and finish before it', async () => {
    const env = memoryWithRule('seed rule about gates');
    const mark = join(tempDir(), 'paused');
    // The import is made long: it stops for 4 s inside its transaction (all rows written, not committed).
    const importer = startProcess(BINARY, ['import', bulkFile(20_000)], {
      env: { ...env, MEMCUE_SYNC_PAUSE_AT: 'write-transaction', MEMCUE_SYNC_PAUSE_MS: '4000', MEMCUE_SYNC_PAUSE_MARK: mark },
    });
    let importDone = false;
    const imported = new Promise<number | null>((res) => importer.on('exit', (code) => ((importDone = true), res(code))));
    await until(() => existsSync(mark) || importDone, 'the import to reach its transaction');
    const during: string[] = [];
    const counts = new Set<number>();
    for (let round = 0; !importDone && round < 200; round++) {
      const [stats, search, hook] = await Promise.all([
        run(['stats', '--json'], env),
        run(['search', 'widgets', '--json'], env),
        run(['hook', 'claude', 'session-start'], env, hookInput(env.HOME!)),
      ]);
      expect([stats.code, search.code, hook.code, stats.stderr + hook.stderr]).toEqual([0, 0, 0, '']);
      // Before the import commits, nothing matches: search says so on stderr (and nothing else).
      expect(search.stderr).toMatch(/^(memcue: no facts match "widgets"[^\n]*\n)?$/);
      const facts = JSON.parse(stats.stdout).facts as number;
      counts.add(facts);
      // One snapshot or the other, never a part of the import.
      expect([1, 20_001]).toContain(facts);
      expect(hook.stdout).toContain('seed rule about gates');
      if (!importDone) during.push(`${facts} facts, ${JSON.parse(search.stdout).length} hits`);
    }
    expect(await imported).toBe(0);
    // Reads finished while the import was still running: they did not wait for it.
    expect(during.length).toBeGreaterThan(0);
    expect(counts.has(1)).toBe(true);
    expect(factCount(env)).toBe(20_001);
    expect(integrity(env.MEMCUE_DB!)).toBe('ok');
  }, 600_000);

  it('a writer stopped (SIGSTOP) inside its transaction blocks no reader; killed, it loses nothing acknowledged', async () => {
    const env = memoryWithRule('seed rule about gates');
    const writer = await pausedWriter(env, ['add', 'never committed'], 'write-transaction');
    try {
      const hook = await run(['hook', 'claude', 'session-start'], env, hookInput(env.HOME!));
      expect(hook.code).toBe(0);
      expect(hook.stdout).toContain('seed rule about gates');
      expect(hook.stdout).not.toContain('being written');
      const search = await run(['search', 'seed', 'gates'], env);
      expect([search.code, search.stderr]).toEqual([0, '']);
      expect(search.stdout).toContain('seed rule about gates');
    } finally {
      await writer.kill();
    }
    // The killed writer's transaction is gone; the next writer and readers carry on.
    expect(runProcess(BINARY, ['add', 'after the kill'], { env }).code).toBe(0);
    expect(factCount(env)).toBe(2);
    expect(integrity(env.MEMCUE_DB!)).toBe('ok');
  }, 120_000);

  it('the hook answers with the last cached card and a note while a writer is stopped in its commit', async () => {
    const env = memoryWithRule('cached rule about gates');
    // A first session start caches the card.
    expect(runProcess(BINARY, ['hook', 'claude', 'session-start'], { env, stdin: hookInput(env.HOME!) }).stdout).toContain('cached rule');
    const writer = await pausedWriter(env, ['add', '--kind', 'rule', '--scope', 'global', 'rule being committed'], 'commit');
    try {
      const hook = await run(['hook', 'claude', 'session-start'], env, hookInput(env.HOME!));
      expect(hook.code).toBe(0);
      const context = JSON.parse(hook.stdout).hookSpecificOutput.additionalContext as string;
      expect(context).toContain('cached rule about gates');
      expect(context).toMatch(/being written right now, so this card is the one from/);
      // An ordinary read waits for the commit and then says who is in the way.
      const search = await run(['search', 'gates'], { ...env, MEMCUE_BUSY_TIMEOUT_MS: '300' });
      expect(search.code).toBe(1);
      expect(search.stderr).toMatch(new RegExp(`busy: .*pid ${writer.pid} \\(\`memcue add\`\\), since`));
      expect(search.stderr.trim().split('\n')).toHaveLength(1);
    } finally {
      await writer.kill();
    }
    // Killed while committing (before the journal was made hot): the file is as it was.
    expect(runProcess(BINARY, ['list'], { env }).stdout).not.toContain('rule being committed');
    expect(integrity(env.MEMCUE_DB!)).toBe('ok');
  }, 120_000);

  it('a reader stopped (SIGSTOP) holds a writer off, but no other reader; killed, the writer goes on', async () => {
    const env: Record<string, string> = { ...memoryWithRule('seed rule about stopped readers'), MEMCUE_BUSY_TIMEOUT_MS: '60000' };
    const reader = await pausedWriter(env, ['list'], 'read');
    let writerDone = false;
    const writer = run(['add', 'written once the stopped reader is gone'], env).then((r) => ((writerDone = true), r));
    // Its journal exists once its transaction has written: it is then at its commit, waiting for the reader.
    await until(() => existsSync(`${env.MEMCUE_DB}-journal`) || writerDone, 'the writer to wait for readers');
    // Other readers come and go while the writer waits for the stopped one.
    for (let i = 0; i < 3; i++) {
      const list = await run(['list'], env);
      expect(list.code).toBe(0);
      expect(list.stdout).toContain('seed rule about stopped readers');
    }
    expect(writerDone).toBe(false);
    await reader.kill();
    expect((await writer).code).toBe(0);
    expect(runProcess(BINARY, ['list'], { env }).stdout).toContain('written once the stopped reader is gone');
  }, 300_000);
});
