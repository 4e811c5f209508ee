/** Messages waiting for one slow subscriber before they are replaced by a fresh snapshot. */
export const STREAM_BUFFER = 256;

export type Feed<T> = {
  /** Everything the subscriber missed so far: a snapshot or the events since its last id. */
  catchUp: T[];
  /**
   * What stands in for the messages a subscriber fell too far behind to receive: a fresh
   * snapshot, or nothing yet when the snapshot comes later (a match on another node).
   */
  overflow: () => T[];
  stop: () => void;
};

/**
 * Turns pushed messages into an async stream for one subscriber (one reader at a time) until
 * `signal` aborts, the reader returns, or the source ends it (`end`: its match left this node).
 * `start` registers the subscriber and returns what it missed, synchronously with the
 * registration so no message falls in between.
 *
 * An iterator of its own rather than an async generator: a message pushed to a waiting reader
 * resolves its `next()` at once, without a generator's resumption and promise hops, which
 * showed under load (several messages per action, bench:live).
 */
export function stream<T>(
  start: (push: (message: T) => void, end: () => void) => Feed<T>,
  signal: AbortSignal | undefined,
): AsyncIterableIterator<T> {
  return new Stream(start, signal);
}

class Stream<T> implements AsyncIterableIterator<T> {
  private buffer: T[] = [];
  private reader: ((result: IteratorResult<T>) => void) | null = null;
  private feed: Omit<Feed<T>, "catchUp"> | null = null;
  private done = false;

  constructor(
    private readonly start: (push: (message: T) => void, end: () => void) => Feed<T>,
    private readonly signal: AbortSignal | undefined,
  ) {}

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<T>> {
    // Registered at the first read, as a generator's body would be: a stream never read (its
    // connection gone before it started) never counts as a subscriber.
    if (!this.feed) this.begin();
    if (this.done) return Promise.resolve({ value: undefined, done: true });
    if (this.buffer.length > 0)
      return Promise.resolve({ value: this.buffer.shift()!, done: false });
    return new Promise((resolve) => (this.reader = resolve));
  }

  return(): Promise<IteratorResult<T>> {
    this.finish();
    return Promise.resolve({ value: undefined, done: true });
  }

  private begin() {
    if (this.done || this.signal?.aborted) return this.finish();
    const { catchUp, overflow, stop } = this.start(
      (message) => this.push(message),
      () => this.finish(),
    );
    // Not kept with the rest: the catch-up (often a whole snapshot) is read once, and a stream
    // lives as long as its connection.
    this.feed = { overflow, stop };
    this.buffer.unshift(...catchUp);
    this.signal?.addEventListener("abort", this.finish);
  }

  private push(message: T) {
    if (this.done) return;
    const reader = this.reader;
    if (reader) {
      this.reader = null;
      return reader({ value: message, done: false });
    }
    this.buffer.push(message);
    if (this.buffer.length > STREAM_BUFFER) this.buffer = this.feed!.overflow();
  }

  private readonly finish = () => {
    if (this.done) return;
    this.done = true;
    this.buffer = [];
    this.signal?.removeEventListener("abort", this.finish);
    this.feed?.stop();
    this.reader?.({ value: undefined, done: true });
    this.reader = null;
  };
}
