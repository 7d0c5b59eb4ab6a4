// The MCP server's call queue: one call at a time, in arrival order; after close, queued calls are dropped.
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

  it('after close, finishes the call in progress and answers the queued ones with `dropped`', async () => {
    const queue = new CallQueue();
    let release!: () => void;
    const first = queue.run(() => new Promise<string>((resolve) => (release = () => resolve('first'))), () => 'dropped');
    const second = queue.run(async () => 'second', () => 'dropped');
    while (!release) await tick();
    let closed = false;
    const closing = queue.close().then(() => (closed = true));
    const closingAgain = queue.close(); // stdin's 'end' and 'close' both close it
    await tick();
    expect(closed).toBe(false); // waits for the call in progress
    release();
    await Promise.all([closing, closingAgain]);
    expect([await first, await second]).toEqual(['first', 'dropped']);
    expect(await queue.run(async () => 'late', () => 'dropped')).toBe('dropped');
  });
});
