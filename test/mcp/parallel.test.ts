// Parallel tool calls against the compiled binary over stdio, as clients send them (Claude Code calls
// tools in parallel): every call is answered, none waits on the server's own lock, and closing stdin
// ends the server once the calls already sent are answered, within a bound when they are slow.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addCall, startMcp } from '../../bench/mcp-session.js';
import { BINARY, isolatedEnv, runProcess, tempDir } from '../helpers.js';

/** Started in a temp folder, the handshake done. */
const initialized = (env: Record<string, string>) => startMcp(BINARY, env, tempDir());

const storedTexts = (env: Record<string, string>) =>
  (JSON.parse(runProcess(BINARY, ['list', '--in', 'all', '--json'], { env }).stdout) as { text: string }[]).map((f) => f.text).sort();

describe.skipIf(!existsSync(BINARY))('memcue mcp: parallel tool calls', () => {
  it('answers six adds sent at once, stores all six, and never names its own pid as busy', async () => {
    // A short busy timeout: a server that waits on itself fails in seconds, not in 30.
    const env = { ...isolatedEnv(), MEMCUE_BUSY_TIMEOUT_MS: '3000' };
    expect(runProcess(BINARY, ['add', '--scope', 'global', 'the database existed before the server started'], { env }).code).toBe(0);
    const server = await initialized(env);
    const texts = [1, 2, 3, 4, 5, 6].map((n) => `parallel fact number ${n} about port 80${n}0`);
    texts.forEach((text, i) => server.send(addCall(i + 1, text)));
    const answers = await Promise.all(texts.map((_, i) => server.answer(i + 1)));
    for (const a of answers) {
      expect(a.result?.isError, a.result?.content[0]?.text).toBeFalsy();
      expect(a.result!.content[0]!.text).toMatch(/^\w{4,}$/);
    }
    expect(JSON.stringify(answers)).not.toContain(`pid ${server.child.pid}`);
    server.child.stdin.end();
    expect(await server.exited).toBe(0);
    expect(storedTexts(env)).toEqual([...texts, 'the database existed before the server started'].sort());
  });

  it('answers a mix of searches, adds and shows sent at once', async () => {
    const env = { ...isolatedEnv(), MEMCUE_BUSY_TIMEOUT_MS: '3000' };
    expect(runProcess(BINARY, ['add', '--scope', 'global', 'the build server is ci-7'], { env }).code).toBe(0);
    const server = await initialized(env);
    const calls = [
      { name: 'memcue_search', arguments: { query: 'build server', in: 'all' } },
      { name: 'memcue_add', arguments: { text: 'releases are tagged on Fridays', scope: 'global' } },
      { name: 'memcue_search', arguments: { query: 'releases tagged', in: 'all' } },
      { name: 'memcue_add', arguments: { text: 'the staging database is pg-3', scope: 'global' } },
      { name: 'memcue_show', arguments: { id: 'zzzz' } },
      { name: 'memcue_search', arguments: { query: 'staging database', in: 'all' } },
    ];
    calls.forEach((params, i) => server.send({ id: i + 1, method: 'tools/call', params }));
    const answers = await Promise.all(calls.map((_, i) => server.answer(i + 1)));
    const text = (i: number) => answers[i]!.result!.content[0]!.text;
    expect(text(0)).toContain('ci-7');
    expect(answers[4]!.result!.isError).toBe(true);
    expect(text(4)).toMatch(/no fact/);
    for (const i of [0, 1, 2, 3, 5]) expect(answers[i]!.result!.isError, text(i)).toBeFalsy();
    // Answered in the order sent: the search after the add sees it.
    expect(text(2)).toContain('Fridays');
    expect(text(5)).toContain('pg-3');
    server.child.stdin.end();
    expect(await server.exited).toBe(0);
  });

  it('answers adds sent right behind initialize, while it still builds the card', async () => {
    const env = { ...isolatedEnv(), MEMCUE_BUSY_TIMEOUT_MS: '3000' };
    expect(runProcess(BINARY, ['add', '--kind', 'rule', '--scope', 'global', 'a rule for the card'], { env }).code).toBe(0);
    const child = spawn(BINARY, ['mcp'], { env, cwd: tempDir(), stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const send = (m: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...m })}\n`);
    send({ id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } } });
    for (let i = 1; i <= 6; i++) send(addCall(i, `early fact ${i}`));
    while (out.split('\n').filter(Boolean).length < 7) await new Promise((resolve) => setTimeout(resolve, 20));
    const answers = out.split('\n').filter(Boolean).map((l) => JSON.parse(l));
    expect(answers.filter((a) => a.id > 0 && a.result?.isError)).toEqual([]);
    child.stdin.end();
    await new Promise((resolve) => child.once('exit', resolve));
    expect(storedTexts(env)).toHaveLength(7);
  });

  it('answers every call written before stdin closed: adds and searches in one write, then the end', async () => {
    const env = { ...isolatedEnv(), MEMCUE_BUSY_TIMEOUT_MS: '3000' };
    expect(runProcess(BINARY, ['add', '--scope', 'global', 'the build server is ci-7'], { env }).code).toBe(0);
    const server = await initialized(env);
    const texts = Array.from({ length: 8 }, (_, i) => `closing fact ${i} about port 90${i}0`);
    const requests = texts.flatMap((text, i) => [
      addCall(2 * i + 1, text),
      { id: 2 * i + 2, method: 'tools/call', params: { name: 'memcue_search', arguments: { query: 'build server', in: 'all' } } },
    ]);
    // One write, then the end: as a client that sends its requests and closes without waiting.
    server.child.stdin.end(requests.map((m) => `${JSON.stringify({ jsonrpc: '2.0', ...m })}\n`).join(''));
    expect(await server.exited).toBe(0);
    for (let id = 1; id <= requests.length; id++) {
      const answer = server.answers.get(id);
      expect(answer?.result, `request ${id} answered`).toBeDefined();
      expect(answer!.result!.isError, `${id}: ${answer!.result!.content[0]?.text}`).toBeFalsy();
      if (id % 2 === 0) expect(answer!.result!.content[0]!.text).toContain('ci-7');
    }
    expect(storedTexts(env)).toEqual([...texts, 'the build server is ci-7'].sort());
  });

  it('while an add waits for another process\u2019s lock, the server answers other requests (its wait does not block it)', async () => {
    const env = { ...isolatedEnv(), MEMCUE_BUSY_TIMEOUT_MS: '30000' };
    expect(runProcess(BINARY, ['add', '--scope', 'global', 'a fact before'], { env }).code).toBe(0);
    const server = await initialized(env);
    const mark = join(tempDir(), 'paused');
    // Another memcue holds SQLite's write lock for 4 s, stopped inside its transaction.
    const writer = spawn(BINARY, ['add', '--scope', 'global', 'the other process'], {
      env: { ...env, MEMCUE_SYNC_PAUSE_AT: 'write-transaction', MEMCUE_SYNC_PAUSE_MS: '4000', MEMCUE_SYNC_PAUSE_MARK: mark },
      stdio: 'ignore',
    });
    let writerDone = false;
    const writerExit = new Promise((resolve) => writer.once('exit', (code) => ((writerDone = true), resolve(code))));
    while (!existsSync(mark)) await new Promise((resolve) => setTimeout(resolve, 20));
    server.send(addCall(1, 'added once the other process is done'));
    await new Promise((resolve) => setTimeout(resolve, 300)); // the add is waiting for the lock by now
    server.send({ id: 2, method: 'tools/list' });
    await server.answer(2);
    // Answered while the add still waited: the other process had not finished yet.
    expect(server.answers.has(1)).toBe(false);
    expect(writerDone).toBe(false);
    const added = await server.answer(1);
    expect(added.result?.isError, added.result?.content[0]?.text).toBeFalsy();
    expect(await writerExit).toBe(0);
    server.child.stdin.end();
    expect(await server.exited).toBe(0);
    expect(storedTexts(env)).toEqual(['a fact before', 'added once the other process is done', 'the other process'].sort());
  }, 60_000);

  it('runs searches side by side: two sent at once both wait for a commit in progress together', async () => {
    // The server's reads give up after 4 s; another memcue holds its commit for about 5.6 s (stopped
    // 2.8 s at each of the journal's two syncs). Side by side, both searches wait from the start and
    // both give up at 4 s. One at a time, the second would start at 4 s, meet the file free before
    // 8 s and answer: the outcome tells the two apart, not a clock.
    const env = { ...isolatedEnv(), MEMCUE_BUSY_TIMEOUT_MS: '4000' };
    expect(runProcess(BINARY, ['add', '--scope', 'global', 'the build server is ci-7'], { env }).code).toBe(0);
    const server = await initialized(env);
    const mark = join(tempDir(), 'paused');
    const writer = spawn(BINARY, ['add', '--scope', 'global', 'committed slowly'], {
      env: { ...env, MEMCUE_BUSY_TIMEOUT_MS: '30000', MEMCUE_SYNC_PAUSE_AT: 'commit', MEMCUE_SYNC_PAUSE_MS: '2800', MEMCUE_SYNC_PAUSE_MARK: mark },
      stdio: 'ignore',
    });
    const writerExit = new Promise((resolve) => writer.once('exit', resolve));
    while (!existsSync(mark)) await new Promise((resolve) => setTimeout(resolve, 20));
    for (const id of [1, 2]) server.send({ id, method: 'tools/call', params: { name: 'memcue_search', arguments: { query: 'build server', in: 'all' } } });
    const answers = await Promise.all([server.answer(1), server.answer(2)]);
    for (const a of answers) {
      expect(a.result?.isError).toBe(true);
      expect(a.result!.content[0]!.text).toMatch(/busy: .*waited 4000 ms to read it/);
    }
    expect(await writerExit).toBe(0);
    // Once the commit is over, a search answers.
    server.send({ id: 3, method: 'tools/call', params: { name: 'memcue_search', arguments: { query: 'committed slowly', in: 'all' } } });
    expect((await server.answer(3)).result!.content[0]!.text).toContain('committed slowly');
    server.child.stdin.end();
    expect(await server.exited).toBe(0);
  }, 60_000);

  it('after stdin closes, a queue of calls that each wait for another process ends within the bound: the rest are answered "not run"', async () => {
    // Each call waits 1 s for the writers' lock, held by another process for 6 s: unbounded, eight
    // queued calls would keep the server 8 s past the end of its input.
    const env = { ...isolatedEnv(), MEMCUE_BUSY_TIMEOUT_MS: '1000' };
    expect(runProcess(BINARY, ['add', '--scope', 'global', 'a fact before'], { env }).code).toBe(0);
    const server = await initialized(env);
    const mark = join(tempDir(), 'paused');
    const writer = spawn(BINARY, ['add', '--scope', 'global', 'the other process'], {
      env: { ...env, MEMCUE_BUSY_TIMEOUT_MS: '30000', MEMCUE_SYNC_PAUSE_AT: 'write-transaction', MEMCUE_SYNC_PAUSE_MS: '6000', MEMCUE_SYNC_PAUSE_MARK: mark },
      stdio: 'ignore',
    });
    const writerDone = new Promise((resolve) => writer.once('exit', resolve));
    while (!existsSync(mark)) await new Promise((resolve) => setTimeout(resolve, 20));
    for (let i = 1; i <= 8; i++) server.send(addCall(i, `queued fact ${i} on host h${i}`));
    server.child.stdin.end();
    expect(await server.exited).toBe(0);
    const writerWasDone = writer.exitCode !== null;
    await writerDone;
    // Every call is answered: run (stored), refused as busy, or not run at all; only what ran is stored.
    const texts = (id: number) => server.answers.get(id)?.result?.content[0]?.text ?? 'no answer';
    const outcomes = [1, 2, 3, 4, 5, 6, 7, 8].map((id) => (server.answers.get(id)?.result && !server.answers.get(id)!.result!.isError ? 'stored' : /busy/.test(texts(id)) ? 'busy' : /^not run/.test(texts(id)) ? 'not run' : texts(id)));
    expect(outcomes.filter((o) => !['stored', 'busy', 'not run'].includes(o))).toEqual([]);
    expect(outcomes).toContain('not run');
    expect(writerWasDone, 'the server waited for the other process to finish').toBe(false);
    const stored = storedTexts(env).filter((t) => t.startsWith('queued fact'));
    expect(stored).toEqual(outcomes.flatMap((o, i) => (o === 'stored' ? [`queued fact ${i + 1} on host h${i + 1}`] : [])).sort());
    expect(storedTexts(env)).toContain('the other process');
    expect(runProcess(BINARY, ['add', '--scope', 'global', 'after the server: a fact'], { env }).code).toBe(0);
  }, 30_000);
});
