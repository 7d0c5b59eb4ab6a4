// Sleeps. `sleep` yields the event loop; `sleepSync` is for what must stop the whole process where it
// stands (a lazily opened reader inside a synchronous SQLite call, the tests' pause points), and
// never spins the CPU that a lock's holder needs.
const sleeper = new Int32Array(new SharedArrayBuffer(4));

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function sleepSync(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}
