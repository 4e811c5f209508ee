// A site of several nodes (REDIS_URL): real server processes on one database and the machine's
// Redis, players connected to different nodes, nodes killed and stopped mid-hand.

import { afterAll, describe, expect, it } from "vitest";
import { eventually, liveDatabase } from "./harness";
import {
  balanced,
  draws,
  expectContiguous,
  health,
  loggedActions,
  sendThrough,
  siteNodes,
} from "./site";
import { seatedTable } from "./table";

const { url, db } = await liveDatabase();

const nodes = siteNodes(url, ["a", "b", "c"]);
afterAll(() => Promise.all(nodes.map((server) => server.stop())));
await Promise.all(nodes.map((server) => server.start()));

describe("a site of several nodes", () => {
  it("§6 seats connected to three nodes play a hand: every action goes to the match's owner through the relay, the owner's own seat too, and every seat hears every event in order", async () => {
    const before = await Promise.all(nodes.map(health));
    const table = await seatedTable(nodes, db, 3);
    try {
      const accepted = await draws(table, 30);
      for (const seat of table.seats) {
        await eventually(() => seat.bot.lastEventId >= Number(accepted.at(-1)), "all draws heard");
        expectContiguous(seat.received);
      }
      expect(await loggedActions(db, table.matchId)).toBe(accepted.length);
      const after = await Promise.all(nodes.map(health));
      // The table was opened on node a (seat 0's), which plays it.
      expect(after[0]!.ownedMatches).toBe(before[0]!.ownedMatches + 1);
      // Each node asked the owner for its own seat's draws, node a included: one path for all.
      for (const index of [0, 1, 2])
        expect(after[index]!.relay.asked - before[index]!.relay.asked).toBeGreaterThanOrEqual(10);
      expect(after[0]!.relay.served - before[0]!.relay.served).toBeGreaterThanOrEqual(30);
    } finally {
      await table.close();
    }
  }, 120_000);

  it("a node killed mid-hand (SIGKILL): another takes its match within seconds, and every seat resumes with every acknowledged action", async () => {
    const [a] = nodes;
    const table = await seatedTable(
      nodes.map((_, index) => balanced(nodes, index)),
      db,
      5,
    );
    try {
      const accepted = await draws(table, 12);
      const actions = await loggedActions(db, table.matchId);
      expect(actions).toBe(accepted.length);
      const killed = Date.now();
      await a!.kill();
      // Seat 1 (on node b) acts at once: its draw waits for the takeover, then counts.
      const outcome = await sendThrough(table.seats[1]!, table.matchId, { do: "draw" });
      expect(outcome).toMatchObject({ ok: true });
      expect(Date.now() - killed).toBeLessThan(10_000);
      accepted.push((outcome as { eventId: string }).eventId);
      accepted.push(...(await draws(table, 6)));
      for (const seat of table.seats) {
        await eventually(() => seat.bot.lastEventId >= Number(accepted.at(-1)), "all draws heard");
        expectContiguous(seat.received);
      }
      expect(await loggedActions(db, table.matchId)).toBe(accepted.length);
      const survivors = await Promise.all(nodes.slice(1).map(health));
      expect(survivors.reduce((sum, h) => sum + h.ownedMatches, 0)).toBeGreaterThanOrEqual(1);
    } finally {
      await table.close();
      await a!.start();
    }
  }, 120_000);

  it("a node stopped (SIGTERM) hands its match over at once, without waiting for its lease to expire", async () => {
    const [, b] = nodes;
    // Seat 0 is on node b: the table is opened there, and b plays it.
    const table = await seatedTable(
      [balanced(nodes, 1), balanced(nodes, 2), balanced(nodes, 0)],
      db,
      7,
    );
    try {
      const accepted = await draws(table, 6);
      await b!.stop();
      const stopped = Date.now();
      const outcome = await sendThrough(table.seats[1]!, table.matchId, { do: "draw" });
      expect(outcome).toMatchObject({ ok: true });
      // Well within a lease's 4 s: the match was released, not left to expire.
      expect(Date.now() - stopped).toBeLessThan(2_000);
      accepted.push((outcome as { eventId: string }).eventId);
      accepted.push(...(await draws(table, 3)));
      for (const seat of table.seats) {
        await eventually(() => seat.bot.lastEventId >= Number(accepted.at(-1)), "all draws heard");
        expectContiguous(seat.received);
      }
      expect(await loggedActions(db, table.matchId)).toBe(accepted.length);
    } finally {
      await table.close();
      await b!.start();
    }
  }, 120_000);
});
