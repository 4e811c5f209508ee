// A stream followed through the relay (relay.ts, RemoteFeed) when its owner is slow to answer:
// the asking node follows again rather than end the player's stream.

import pino from "pino";
import { describe, expect, it } from "vitest";
import type { Delivery } from "@/server/matches/audience";
import { ANSWER_MS, Relay, type MatchService } from "@/server/matches/relay";
import { testSite } from "./redis";

const site = testSite();
const logger = pino({ level: "silent" });

/** An events delivery of id `id` (its content does not matter to the relay). */
const delivery = (id: number) =>
  ({ id: String(id), message: { type: "events", events: [], now: 0 } }) as unknown as Delivery;

async function relay(id: string, service: MatchService): Promise<Relay> {
  const made = new Relay(id, await site.connect(), service, logger);
  await made.connect();
  return made;
}

describe("a stream followed through the relay", () => {
  it(
    "a follow its owner leaves unanswered (busy past the answer's wait) is made again, and the stream goes on from its last delivery",
    async () => {
      const follows: (number | null)[] = [];
      let push: ((delivery: Delivery) => void) | undefined;
      const owner = await relay("owner", {
        locate: () => Promise.resolve("owner"),
        serveFollow: (
          _matchId: string,
          _request: unknown,
          lastEventId: number | null,
          pushTo: (delivery: Delivery) => void,
        ) => {
          follows.push(lastEventId);
          // The second follow (the first resume) waits past the asker's patience.
          if (follows.length === 2) return new Promise(() => undefined);
          push = pushTo;
          return Promise.resolve({ catchUp: [], overflow: () => [], stop: () => undefined });
        },
      } as unknown as MatchService);
      const asker = await relay("asker", {
        locate: () => Promise.resolve("owner"),
      } as unknown as MatchService);
      const heard: string[] = [];
      let ended = false;
      const feed = await asker.follow("match-1", { userId: "u" }, null);
      feed.attach(
        (one) => heard.push(one.id),
        () => (ended = true),
      );
      push!(delivery(1));
      await expect.poll(() => heard).toEqual(["1"]);

      await feed.resume();
      expect(follows).toEqual([null, 1, 1]);
      push!(delivery(2));
      await expect.poll(() => heard).toEqual(["1", "2"]);
      expect(ended).toBe(false);
      owner.close();
      asker.close();
    },
    3 * ANSWER_MS,
  );
});
