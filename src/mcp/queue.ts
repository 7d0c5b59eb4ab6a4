// Tool calls run one at a time, in the order they arrive. Clients call tools in parallel, and each
// call opens the database for itself: interleaved at their awaits, one call would hold a reader
// ticket while another, about to commit, waits for it synchronously. That wait blocks the very
// event loop the ticket's holder needs to finish, so the server waited on itself until the busy
// timeout (issue 19: six adds at once, five failed naming the server's own pid).

export class CallQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private closed = false;
  private running = 0;
  private idle: (() => void) | undefined;
  private closing: Promise<void> | undefined;

  /**
   * Runs `call` after every call queued before it. Once the queue is closed, calls not yet started
   * are not run: `dropped` answers them instead.
   */
  run<T>(call: () => Promise<T>, dropped: () => T): Promise<T> {
    const result = this.tail.then(async () => {
      // Between two calls the event loop turns once, so the end of stdin is noticed between them.
      await new Promise((resolve) => setImmediate(resolve));
      if (this.closed) return dropped();
      this.running++;
      try {
        return await call();
      } finally {
        this.running--;
        if (this.running === 0) this.idle?.();
      }
    });
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Starts no further call; resolves when the call in progress (if any) has finished. */
  close(): Promise<void> {
    this.closed = true;
    // stdin's 'end' and 'close' both ask: one wait serves both.
    this.closing ??= this.running === 0 ? Promise.resolve() : new Promise((resolve) => (this.idle = resolve));
    return this.closing;
  }
}
