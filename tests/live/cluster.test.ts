// A site of several nodes (REDIS_URL): real server processes on one database and the machine's
// Redis, players connected to different nodes, nodes killed and stopped mid-hand.

import { afterAll, describe, expect, it } from "vitest";
import { eventually, liveDatabase } from "./harness";
import { hiddenCardLeaks } from "./hidden";
import {
  allHeard,
  balanced,
  draws,
  expectContiguous,
  health,
  loggedActions,
  sendThrough,
  siteNodes,
} from "./site";
import { playRandomly, seatedTable, type SeatClient } from "./table";

type Table = { matchId: string; seats: SeatClient[] };

const { url, db } = await liveDatabase();

const nodes = siteNodes(url, ["a", "b", "c"]);
afterAll(() => Promise.all(nodes.map((server) => server.stop())));
await Promise.all(nodes.map((server) => server.start()));

/**
 * After a node went: seat 1 (on a node still up) draws at once, and its draw counts once the
 * match plays again; every seat follows the match wherever it went (seat 0's client on a new
 * node), `more` draws follow, and the log holds every acknowledged action. Answers how long the
 * first draw took.
 */
async function playsOn(table: Table, accepted: string[], more: number): Promise<number> {
  const gone = Date.now();
  const outcome = await sendThrough(table.seats[1]!, table.matchId, { do: "draw" });
  expect(outcome).toMatchObject({ ok: true });
  const took = Date.now() - gone;
  accepted.push((outcome as { eventId: string }).eventId);
  await allHeard(table, accepted.at(-1)!);
  accepted.push(...(await draws(table, more)));
  await allHeard(table, accepted.at(-1)!);
  for (const seat of table.seats) expectContiguous(seat.received);
  expect(await loggedActions(db, table.matchId)).toBe(accepted.length);
  return took;
}

describe("a site of several nodes", () => {
  it("§6 seats connected to three nodes play a whole hand: every action goes to the match's owner through the relay, the owner's own seat's too, every seat hears every event in order and no hidden card", async () => {
    const before = await Promise.all(nodes.map(health));
    const table = await seatedTable(nodes, db, 3);
    try {
      const { accepted } = await playRandomly(table, 90);
      const [, b, c] = table.seats;
      for (const seat of [b!, c!])
        expect(await sendThrough(seat, table.matchId, { do: "leave" })).toMatchObject({ ok: true });
      await eventually(() => table.seats.every((seat) => seat.bot.over), "the end of the hand");
      for (const seat of table.seats) expectContiguous(seat.received);
      // Read through node b, which does not own the match: its result and its instants.
      const info = await b!.client.trpc.match.get.query({ matchId: table.matchId });
      expect(info).toMatchObject({ status: "ENDED", result: { winner: 0 }, you: 1 });
      expect(info.endedAt).toBeInstanceOf(Date);
      expect(await loggedActions(db, table.matchId)).toBe(accepted.length + 2);
      expect(hiddenCardLeaks(table.seats.map((seat) => seat.client.frames))).toEqual([]);
      const after = await Promise.all(nodes.map(health));
      // The table was opened on node a (seat 0's), which played it.
      const lease = await db.matchLease.findUniqueOrThrow({ where: { matchId: table.matchId } });
      expect(lease).toMatchObject({ nodeId: after[0]!.node, epoch: 1 });
      // Each node asked the owner for its own seat's actions, node a included: one path for all.
      for (const index of [0, 1, 2])
        expect(after[index]!.relay.asked - before[index]!.relay.asked).toBeGreaterThanOrEqual(10);
      expect(after[0]!.relay.served - before[0]!.relay.served).toBeGreaterThanOrEqual(
        accepted.length,
      );
    } finally {
      await table.close();
    }
  }, 180_000);

  it("a node killed mid-hand (SIGKILL) is seen gone from Redis and its lease ended: another takes its match within seconds, and every seat resumes with every acknowledged action", async () => {
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
      await a!.kill();
      // Seat 1 (on node b) acts at once: its draw waits for the takeover, then counts.
      expect(await playsOn(table, accepted, 6)).toBeLessThan(10_000);
      // Its connections died with it: a survivor ended its lease rather than wait it out.
      expect(nodes.slice(1).some((node) => node.output.includes("nodes gone from Redis"))).toBe(
        true,
      );
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
      // Well within a lease's 3 s: the match was released, not left to expire.
      expect(await playsOn(table, accepted, 3)).toBeLessThan(2_000);
    } finally {
      await table.close();
      await b!.start();
    }
  }, 120_000);
});
