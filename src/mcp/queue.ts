// Tool calls start in the order they arrive, and a call that writes runs alone: it starts once every
// call before it has ended, and calls after it start once it has ended (a search sent after an add
// sees the fact). Calls that only read run side by side: clients send searches in parallel (Claude
// Code does). Each call opens the database for itself; a call's waits for SQLite's locks yield the
// event loop (store/connections.ts), so a read held by one call never stops another call's commit
// from being tried again (issue 19: a synchronous wait made the server wait on itself).
//
// When the client closes its input, every call it sent is still answered (a client may write its
// requests and close at once), but only for a while: a queue of calls each waiting for another
// process's lock would otherwise keep the server long after its client left. Calls whose turn comes
// after the grace period are answered without being run.

export class CallQueue {
  /** Settles once every call queued so far has ended. */
  private all: Promise<unknown> = Promise.resolve();
  /** Settles once the last call that writes, queued so far, has ended. */
  private lastWrite: Promise<unknown> = Promise.resolve();
  /** Once closing: calls whose turn comes at or after this moment (ms) are not run. */
  private stopAt: number | undefined;

  /**
   * Runs `call` once its turn comes (`writes`: after every call queued before it; else after every
   * write queued before it), or answers with `dropped` when its turn comes too late.
   */
  run<T>(call: () => Promise<T>, dropped: () => T, writes = true): Promise<T> {
    const after = writes ? this.all : this.lastWrite;
    const result = after.then(async () => {
      // Between two calls the event loop turns once: requests and the input's end arriving meanwhile are taken in.
      await turn();
      return this.stopAt !== undefined && Date.now() >= this.stopAt ? dropped() : call();
    });
    const ended = result.catch(() => undefined);
    this.all = Promise.all([this.all, ended]);
    if (writes) this.lastWrite = ended;
    return result;
  }

  /**
   * No call starts more than `graceMs` from now (a call running then finishes: a write lands whole).
   * Resolves once every call queued, also while waiting, has been run or dropped.
   */
  async close(graceMs: number): Promise<void> {
    // Asked once per input's end; a second ask keeps the first bound.
    this.stopAt ??= Date.now() + graceMs;
    for (let all = this.all; ; all = this.all) {
      await all;
      await turn(); // a request read in the same turn as the end is queued by now
      if (all === this.all) return;
    }
  }
}

const turn = () => new Promise((resolve) => setImmediate(resolve));
