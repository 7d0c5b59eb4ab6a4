// Tool calls run one at a time, in the order they arrive. Clients call tools in parallel, and each
// call opens the database for itself: interleaved at their awaits, one call would hold a reader
// ticket while another, about to commit, waits for it synchronously. That wait blocks the very
// event loop the ticket's holder needs to finish, so the server waited on itself until the busy
// timeout (issue 19: six adds at once, five failed naming the server's own pid).
//
// When the client closes its input, every call it sent is still answered (a client may write its
// requests and close at once), but only for a while: a queue of calls each waiting for another
// process's lock would otherwise keep the server long after its client left. Calls whose turn comes
// after the grace period are answered without being run.

export class CallQueue {
  private tail: Promise<unknown> = Promise.resolve();
  /** Once closing: calls whose turn comes at or after this moment (ms) are not run. */
  private stopAt: number | undefined;

  /** Runs `call` after every call queued before it, or answers with `dropped` when its turn comes too late. */
  run<T>(call: () => Promise<T>, dropped: () => T): Promise<T> {
    const result = this.tail.then(async () => {
      // Between two calls the event loop turns once: requests and the input's end arriving meanwhile are taken in.
      await turn();
      return this.stopAt !== undefined && Date.now() >= this.stopAt ? dropped() : call();
    });
    this.tail = result.catch(() => undefined);
    return result;
  }

  /**
   * No call starts more than `graceMs` from now (a call running then finishes: a write lands whole).
   * Resolves once every call queued, also while waiting, has been run or dropped.
   */
  async close(graceMs: number): Promise<void> {
    // Asked once per input's end; a second ask keeps the first bound.
    this.stopAt ??= Date.now() + graceMs;
    for (let tail = this.tail; ; tail = this.tail) {
      await tail;
      await turn(); // a request read in the same turn as the end is queued by now
      if (tail === this.tail) return;
    }
  }
}

const turn = () => new Promise((resolve) => setImmediate(resolve));
