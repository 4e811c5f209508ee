import { describe, expect, it } from "vitest";
import { STREAM_BUFFER, stream } from "@/server/matches/stream";

/** A stream over a fake source: `catchUp` first, then whatever `push` sends. */
function source(catchUp: string[]) {
  let push: ((message: string) => void) | null = null;
  const stops: number[] = [];
  const controller = new AbortController();
  const messages = stream<string>((pushed) => {
    push = pushed;
    return { catchUp, overflow: () => ["snapshot"], stop: () => stops.push(1) };
  }, controller.signal);
  return { messages, push: (m: string) => push!(m), stops, abort: () => controller.abort() };
}

describe("a subscriber's stream", () => {
  it("gives what the subscriber missed first, then each message as it comes, in order", async () => {
    const { messages, push } = source(["a", "b"]);
    expect(await messages.next()).toEqual({ value: "a", done: false });
    push("c");
    expect(await messages.next()).toEqual({ value: "b", done: false });
    expect(await messages.next()).toEqual({ value: "c", done: false });
    const next = messages.next();
    push("d");
    expect(await next).toEqual({ value: "d", done: false });
  });

  it("registers the subscriber at the first read, not before", () => {
    let started = 0;
    stream<string>(() => {
      started++;
      return { catchUp: [], overflow: () => ["s"], stop: () => {} };
    }, undefined);
    expect(started).toBe(0);
  });

  it("replaces what a reader too far behind has not read by one fresh snapshot", async () => {
    const { messages, push } = source([]);
    void messages.next().then(() => {}); // registers; the reader takes the first message only
    for (let n = 0; n <= STREAM_BUFFER + 1; n++) push(`m${n}`);
    expect(await messages.next()).toEqual({ value: "snapshot", done: false });
    push("after");
    expect(await messages.next()).toEqual({ value: "after", done: false });
  });

  it("ends a waiting read and unregisters once, when its signal aborts", async () => {
    const { messages, abort, stops } = source([]);
    const waiting = messages.next();
    abort();
    expect(await waiting).toEqual({ value: undefined, done: true });
    expect(await messages.return!()).toEqual({ value: undefined, done: true });
    expect(stops).toHaveLength(1);
    expect(await messages.next()).toEqual({ value: undefined, done: true });
  });
});
