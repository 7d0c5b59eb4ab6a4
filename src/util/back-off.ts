// The one jittered back-off: a growing pause (from `firstMs`, 1 ms unless given, doubling to `maxMs`),
// each a random half to one and a half of it, so that processes waiting for one lock do not wake in
// lockstep. `backOff` sleeps synchronously (for waits inside synchronous SQLite calls, which have
// nothing to yield to); `backOffAsync` yields the event loop meanwhile, so other work of the process
// (MCP tool calls) goes on.
import { sleep, sleepSync } from './sleep.js';

function pauses(maxMs: number, firstMs = 1): () => number {
  let pause = firstMs;
  return () => {
    const ms = pause / 2 + Math.random() * pause;
    pause = Math.min(pause * 2, maxMs);
    return ms;
  };
}

export function backOff(maxMs = 20): () => void {
  const next = pauses(maxMs);
  return () => sleepSync(next());
}

export function backOffAsync(maxMs = 20, firstMs = 1): () => Promise<void> {
  const next = pauses(maxMs, firstMs);
  return () => sleep(next());
}
