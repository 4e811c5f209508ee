/** Messages waiting for one slow subscriber before they are replaced by a fresh snapshot. */
export const STREAM_BUFFER = 256;

export type Feed<T> = {
  /** Everything the subscriber missed so far: a snapshot or the events since its last id. */
  catchUp: T[];
  /** A fresh snapshot, standing in for messages a subscriber fell too far behind to receive. */
  snapshot: () => T;
  stop: () => void;
};

/**
 * Turns pushed messages into an async stream for one subscriber until `signal` aborts.
 * `start` registers the subscriber and returns what it missed, synchronously with the
 * registration so no message falls in between.
 */
export async function* stream<T>(
  start: (push: (message: T) => void) => Feed<T>,
  signal: AbortSignal | undefined,
): AsyncGenerator<T> {
  let buffer: T[] = [];
  let wake: (() => void) | null = null;
  const feed = start((message) => {
    buffer.push(message);
    if (buffer.length > STREAM_BUFFER) buffer = [feed.snapshot()];
    wake?.();
  });
  buffer.unshift(...feed.catchUp);
  const onAbort = () => wake?.();
  signal?.addEventListener("abort", onAbort);
  try {
    while (!signal?.aborted) {
      if (buffer.length === 0) {
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
        continue;
      }
      const ready = buffer;
      buffer = [];
      for (const message of ready) yield message;
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
    feed.stop();
  }
}
