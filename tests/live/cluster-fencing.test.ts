// A site of three nodes where one node's belief lags behind the truth: an owner paused past its
// lease while another takes its match, and limits that a client could multiply by reaching
// several nodes.

import { TRPCClientError } from "@trpc/client";
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { LEASE_MS } from "@/server/matches/leases";
import { SEAT_ACTIONS_PER_SECOND } from "@/server/matches/registry";
import type { AppRouter } from "@/server/routers/_app";
import { connect, eventually, liveDatabase, type LiveServer } from "./harness";
import { draws, expectContiguous, health, loggedActions, sendThrough, siteNodes } from "./site";
import { send, seatedTable, type SeatClient } from "./table";

const { url, db } = await liveDatabase();

/** Small enough to reach in a test, counted site-wide (src/server/limits.ts). */
const SIGN_UPS_PER_HOUR = 4;

const nodes = siteNodes(url, ["a", "b", "c"], { SIGN_UPS_PER_HOUR: String(SIGN_UPS_PER_HOUR) });
const [a, b, c] = nodes as [LiveServer, LiveServer, LiveServer];
afterAll(() => Promise.all(nodes.map((server) => server.stop())));
await Promise.all(nodes.map((server) => server.start()));

const lease = (matchId: string) => db.matchLease.findUniqueOrThrow({ where: { matchId } });

describe("fencing and limits across nodes", () => {
  it("a stale owner's append is refused: an owner paused past its lease writes nothing once it goes on, and its seat plays on through it", async () => {
    const ownedBefore = (await health(a)).ownedMatches;
    // Seat 0 is on node a: the table is opened there, and a plays it.
    const table = await seatedTable([a, b, c], db, 11);
    const [zero, one, two] = table.seats as [SeatClient, SeatClient, SeatClient];
    try {
      const accepted = await draws(table, 6);
      const held = await lease(table.matchId);
      expect(held.nodeId).toBe((await health(a)).node);

      a.pause();
      const paused = Date.now();
      // Sent to a while it is paused: it holds them, unanswered, past its lease.
      const stale = send(one, table.matchId, { do: "draw" });
      const throughA = send(zero, table.matchId, { do: "draw" });
      // Waits out a's silence and the takeover, then counts (its first try sits in a's queue).
      const first = await sendThrough(two, table.matchId, { do: "draw" });
      expect(first).toMatchObject({ ok: true });
      accepted.push((first as { eventId: string }).eventId);
      const taken = await lease(table.matchId);
      expect(taken.epoch).toBeGreaterThan(held.epoch);
      expect(taken.nodeId).not.toBe(held.nodeId);
      // a did not answer in time: the relay sent the draw again, under its ref, to the new owner,
      // which played it once (a, stale, could not store it).
      const again = await stale;
      expect(again).toMatchObject({ ok: true });
      accepted.push((again as { eventId: string }).eventId);
      accepted.push(...(await draws(table, 4, [one, two])));
      expect(Date.now() - paused).toBeGreaterThan(LEASE_MS);

      const heard = a.output.length;
      a.resume();
      // a runs what it held and its overdue timers: every append under its old epoch is
      // refused, or it hears of the takeover first; either way it drops the match. (The new
      // owner logged seat 0's absence on taking over, so a's next sequence number is taken too:
      // the epoch alone is checked in tests/db/match-leases.test.ts.)
      await eventually(
        () => a.output.slice(heard).includes("dropped here"),
        "node a dropping the match",
      );
      await eventually(async () => (await health(a)).ownedMatches === ownedBefore, "a owning none");
      // Held by a while it lost the match: played by the new owner, never appended by a.
      const late = await throughA;
      expect(late).toMatchObject({ ok: true });
      accepted.push((late as { eventId: string }).eventId);
      accepted.push(...(await draws(table, 6)));

      const last = Math.max(...accepted.map(Number));
      for (const seat of table.seats) {
        await eventually(() => seat.bot.lastEventId >= last, "all draws heard");
        expectContiguous(seat.received);
      }
      expect(await loggedActions(db, table.matchId)).toBe(accepted.length);
      const log = await db.matchEvent.findMany({
        where: { matchId: table.matchId },
        select: { seq: true },
        orderBy: { seq: "asc" },
      });
      expect(log.map((entry) => entry.seq)).toEqual(log.map((_, index) => index + 1));
      expect(await lease(table.matchId)).toMatchObject({ epoch: taken.epoch });
    } finally {
      a.resume();
      await table.close();
    }
  }, 60_000);

  it("an action a stale owner held when it lost the match goes on to the new owner: its player is not told the server restarts", async () => {
    const table = await seatedTable([a, b, c], db, 17);
    const [zero, one] = table.seats as [SeatClient, SeatClient, SeatClient];
    try {
      const accepted = await draws(table, 3);
      const held = await lease(table.matchId);
      a.pause();
      // One draw queued at a from node b, three from seat 0's own connection to a.
      const sent = [one, zero, zero, zero].map((seat) => send(seat, table.matchId, { do: "draw" }));
      await eventually(
        async () => (await lease(table.matchId)).epoch > held.epoch,
        "another node taking the match",
        3 * LEASE_MS,
      );
      a.resume();
      const outcomes = await Promise.all(sent);
      for (const outcome of outcomes) if (outcome.ok) accepted.push(outcome.eventId);
      expect(await loggedActions(db, table.matchId)).toBe(accepted.length);
      expect(outcomes).toEqual(sent.map(() => expect.objectContaining({ ok: true })));
    } finally {
      a.resume();
      await table.close();
    }
  }, 60_000);

  it(`rate limits are counted across nodes: sign-ups alternating between two nodes stop at ${SIGN_UPS_PER_HOUR} for the whole site`, async () => {
    const clients = [connect(a), connect(b)];
    try {
      const outcomes: string[] = [];
      for (let i = 0; i < 2 * SIGN_UPS_PER_HOUR + 2; i++) {
        const name = `s_${randomBytes(5).toString("hex")}`;
        outcomes.push(
          await clients[i % 2]!.trpc.account.signUp.mutate({
            name,
            password: "a good password",
          }).then(
            () => "ok",
            (error: unknown) => {
              if (!(error instanceof TRPCClientError)) throw error;
              return (error as TRPCClientError<AppRouter>).data?.code ?? "UNKNOWN";
            },
          ),
        );
      }
      expect(outcomes).toEqual([
        ...Array<string>(SIGN_UPS_PER_HOUR).fill("ok"),
        ...Array<string>(SIGN_UPS_PER_HOUR + 2).fill("TOO_MANY_REQUESTS"),
      ]);
    } finally {
      await Promise.all(clients.map((client) => client.close()));
    }
  });

  it("the seat's action limit holds across nodes: one seat bursting through two nodes at once is admitted as often as through one", async () => {
    // Seat 0 is on node c, which plays the table; seat 1's player is on a and on b as well.
    const table = await seatedTable([c, a, b], db, 13);
    const second = connect(b, table.seats[1]!.player);
    try {
      const seat = table.seats[1]!;
      const elsewhere = { ...seat, client: second };
      // Within the limit through either node alone, past it together (and within a stock's 34 cards).
      const burst = SEAT_ACTIONS_PER_SECOND - 5;
      const started = Date.now();
      const outcomes = await Promise.all(
        [seat, elsewhere].flatMap((client) =>
          Array.from({ length: burst }, () => send(client, table.matchId, { do: "draw" })),
        ),
      );
      const elapsed = Date.now() - started;
      const admitted = outcomes.filter((outcome) => outcome.ok).length;
      // The rest are refused by the seat's limit (each node's per-player one is not reached).
      for (const refusal of outcomes.flatMap((outcome) => (outcome.ok ? [] : [outcome.message])))
        expect(refusal).toMatch(/^Too many actions from your seat/);
      expect(admitted).toBeGreaterThanOrEqual(SEAT_ACTIONS_PER_SECOND);
      // One second's allowance for the whole burst (the usual case, a burst well within a
      // second); one more per second the burst spanned on a machine slow enough to stretch it.
      expect(admitted).toBeLessThanOrEqual(SEAT_ACTIONS_PER_SECOND * Math.ceil(elapsed / 1000));
    } finally {
      await second.close();
      await table.close();
    }
  });
});
