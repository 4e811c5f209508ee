// How a node finds another dead from Redis alone (relay.ts, `silent`): a process that dies
// loses its connections with it, so nobody listens on its channel any more.

import pino from "pino";
import { describe, expect, it } from "vitest";
import { Relay, type MatchService } from "@/server/matches/relay";
import { testSite } from "./redis";

const site = testSite();
const logger = pino({ level: "silent" });
/** Every match is played by node "gone" (only the third test asks). */
const service = { locate: () => Promise.resolve("gone") } as unknown as MatchService;

async function node(id: string, onSilent?: () => void): Promise<Relay> {
  const relay = new Relay(id, await site.connect(), service, logger, onSilent);
  await relay.connect();
  return relay;
}

describe("a node seen dead from Redis", () => {
  it("a node whose channel nobody listens on is silent, one that listens is not", async () => {
    const [a, b] = [await node("a"), await node("b")];
    expect(await a.silent(["b", "never-started"])).toEqual(["never-started"]);
    b.close();
    // Once Redis saw its connection close.
    await expect.poll(() => a.silent(["b"])).toEqual(["b"]);
    a.close();
  });

  it("a node not listening itself (its own subscription lost) takes nobody for dead", async () => {
    const a = await node("lonely");
    a.close();
    expect(await a.silent(["anyone"])).toEqual([]);
  });

  it("a message that nobody hears tells the node at once that its addressee may be dead", async () => {
    const gone = await node("gone");
    gone.close();
    let told = 0;
    const asker: Relay = await node("asker", () => {
      told++;
      // Stopping, it gives the request up rather than wait for the match to move.
      asker.close();
    });
    await expect(asker.call("match-1", { op: "get", userId: "u" })).rejects.toMatchObject({
      kind: "SERVICE_UNAVAILABLE",
    });
    expect(told).toBe(1);
  });
});
