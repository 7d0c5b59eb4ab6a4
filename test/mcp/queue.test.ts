// The MCP server's call queue: calls start in arrival order, a write alone, reads side by side; after close, queued calls still
// run for a grace period, and those whose turn comes later are answered without running.
import { describe, expect, it } from 'vitest';
import { CallQueue } from '../../src/mcp/queue.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('CallQueue', () => {
  it('runs calls one at a time, in the order they were queued, past a failing one', async () => {
    const queue = new CallQueue();
    const log: string[] = [];
    let inside = 0;
    const call = (name: string, fail = false) => async () => {
      inside++;
      log.push(`${name}:${inside}`);
      await tick(); // a call that awaits midway: the next must still not start
      inside--;
      if (fail) throw new Error(name);
      return name;
    };
    const results = await Promise.allSettled([queue.run(call('a'), () => 'x'), queue.run(call('b', true), () => 'x'), queue.run(call('c'), () => 'x')]);
    expect(log).toEqual(['a:1', 'b:1', 'c:1']);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual(['a', 'b', 'c']);
  });

  it('runs reads side by side; a write waits for the reads before it, and reads after it wait for the write', async () => {
    const queue = new CallQueue();
    const log: string[] = [];
    const gates = new Map<string, () => void>();
    const call = (name: string) => () =>
      new Promise<string>((resolve) => {
        log.push(`start ${name}`);
        gates.set(name, () => (log.push(`end ${name}`), resolve(name)));
      });
    const done = [queue.run(call('read1'), () => 'x', false), queue.run(call('read2'), () => 'x', false), queue.run(call('write'), () => 'x'), queue.run(call('read3'), () => 'x', false)];
    while (gates.size < 2) await tick();
    await tick();
    // Both reads are in progress at once; the write has not started.
    expect(log).toEqual(['start read1', 'start read2']);
    gates.get('read2')!();
    await tick();
    await tick();
    expect(log).not.toContain('start write'); // read1 is still running
    gates.get('read1')!();
    while (!gates.has('write')) await tick();
    await tick();
    expect(log.at(-1)).toBe('start write'); // read3 waits for it
    gates.get('write')!();
    while (!gates.has('read3')) await tick();
    gates.get('read3')!();
    expect(await Promise.all(done)).toEqual(['read1', 'read2', 'write', 'read3']);
    expect(log).toEqual(['start read1', 'start read2', 'end read2', 'end read1', 'start write', 'end write', 'start read3', 'end read3']);
  });

  it('after close, still runs the calls queued, the one in progress first, and closes once they are answered', async () => {
    const queue = new CallQueue();
    let release!: () => void;
    const first = queue.run(() => new Promise<string>((resolve) => (release = () => resolve('first'))), () => 'dropped');
    const second = queue.run(async () => 'second', () => 'dropped');
    while (!release) await tick();
    let closed = false;
    const closing = queue.close(60_000).then(() => (closed = true));
    const closingAgain = queue.close(60_000); // a second ask keeps the first bound
    await tick();
    expect(closed).toBe(false); // waits for the call in progress
    const third = queue.run(async () => 'third', () => 'dropped'); // read in the same turn as the end
    release();
    await Promise.all([closing, closingAgain]);
    expect([await first, await second, await third]).toEqual(['first', 'second', 'third']);
  });

  it('after close, a call whose turn comes past the grace period is answered with `dropped`, not run', async () => {
    const queue = new CallQueue();
    let release!: () => void;
    let ran = 0;
    const first = queue.run(() => new Promise<string>((resolve) => (release = () => resolve('first'))), () => 'dropped');
    const later = [1, 2].map(() => queue.run(async () => String(++ran), () => 'dropped'));
    while (!release) await tick();
    const closing = queue.close(20);
    // The call in progress outlasts the grace period (a wait for another process's lock, say).
    await new Promise((resolve) => setTimeout(resolve, 60));
    release();
    await closing;
    expect([await first, ...(await Promise.all(later))]).toEqual(['first', 'dropped', 'dropped']);
    expect(ran).toBe(0);
    expect(await queue.run(async () => 'late', () => 'dropped')).toBe('dropped');
  });
});
