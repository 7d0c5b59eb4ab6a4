// A synchronous sleep: the store and sync run synchronously (SQLite calls are synchronous), and
// waiting for a lock must not spin the CPU that the lock holder needs.
const sleeper = new Int32Array(new SharedArrayBuffer(4));

export function sleepSync(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}
