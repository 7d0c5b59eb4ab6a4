// The one jittered back-off: a growing pause (1 ms doubling to `maxMs`), each a random half to one
// and a half of it, so that processes waiting for one lock do not wake in lockstep. The pause is a
// synchronous sleep: the store's SQLite calls are synchronous (see docs/ARCHITECTURE.md).
import { sleepSync } from './sleep.js';

export function backOff(maxMs = 20): () => void {
  let pause = 1;
  return () => {
    sleepSync(pause / 2 + Math.random() * pause);
    pause = Math.min(pause * 2, maxMs);
  };
}
