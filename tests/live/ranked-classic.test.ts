// Ranked classic Machiavelli on a real server process: matched by the agora, played with no
// bot ever standing in, a player absent three turns in a row out of the round with the worst
// score (docs/rules-decisions.md, "Classic at the live table"), and the round counted for
// classic's own rating. The test server's clock runs 60 times faster: a one-minute turn is 1 s.

import { afterAll, describe, expect, it } from "vitest";
import type { ClassicEvent } from "@/engine/classic";
import {
  connect,
  eventually,
  liveDatabase,
  liveServer,
  newPlayer,
  type Client,
  type Player,
} from "./harness";
import { classicEvents, followClassic } from "./table";

const { url, db } = await liveDatabase();
const server = await liveServer(url, { MATCH_CLOCK_SCALE: "60", DEAL_SEED: "7" });
const clients: Client[] = [];
afterAll(() => Promise.all(clients.map((client) => client.close())));

/** Three players queued for ranked classic tables of 3, matched: the match and each seat's client. */
async function rankedClassic() {
  const people: Player[] = await Promise.all([1, 2, 3].map(() => newPlayer(db)));
  const connected = people.map((player) => connect(server, player));
  clients.push(...connected);
  for (const client of connected)
    await client.trpc.agora.queue.mutate({ game: "classic", players: 3 });
  const { matchId } = await connected[0]!.trpc.agora.status.query();
  expect(matchId).not.toBeNull();
  const seats = await db.matchSeat.findMany({
    where: { matchId: matchId! },
    orderBy: { seat: "asc" },
  });
  const clientOf = (seat: number) =>
    connected[people.findIndex((one) => one.id === seats[seat]!.userId)]!;
  return { matchId: matchId!, clientOf, userOf: (seat: number) => seats[seat]!.userId! };
}

/** Asks until the answer is not null. */
async function counted<T>(ask: () => Promise<T | null>): Promise<T> {
  for (let tries = 0; tries < 200; tries++) {
    const answer = await ask();
    if (answer !== null) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("never counted");
}

/** The seat's own doings in the events: what it did, or what was done for it. */
const doneFor = (events: ClassicEvent[], seat: number) =>
  events.filter((e) => "seat" in e && e.seat === seat && e.type !== "turnStarted");

describe("ranked classic", () => {
  it("no bot ever plays for anyone: an absent player's turns only time out, and three in a row put them out of the round with the worst score", async () => {
    const { matchId, clientOf, userOf } = await rankedClassic();
    // Seat 0 never comes to the table (a friendly table would give it a bot after two turns);
    // seat 1 watches but never plays; seat 2 watches the whole round.
    const idle = followClassic(clientOf(1), 1, matchId);
    const watcher = followClassic(clientOf(2), 2, matchId);
    await eventually(() => watcher.view?.phase === "turn", "the deal");
    // Leaving a ranked game is refused: nobody hands their seat to a bot.
    await expect(
      clientOf(0).trpc.match.classic.mutate({ matchId, seat: 0, command: { do: "leave" } }),
    ).rejects.toThrow("A ranked game is played to its end: no bot plays for you.");
    await eventually(
      () => watcher.view?.phase === "over",
      "the round's end",
      30_000,
      () =>
        JSON.stringify(classicEvents(watcher).map((e) => [e.type, "seat" in e ? e.seat : null])),
    );
    // Every turn of seats 0 and 1 ended by its time limit: a timeUp, then the engine's draw,
    // and on the third the seat is out (no draw). Nothing else was ever done for them.
    for (const seat of [0, 1])
      expect(doneFor(classicEvents(watcher), seat).map((e) => e.type)).toEqual([
        "timeUp",
        "drew",
        "timeUp",
        "drew",
        "timeUp",
        "absentOut",
      ]);
    expect(watcher.view!.seats.map((s) => s.absent)).toEqual([true, true, false]);
    // Seat 0 went out first, then seat 1, leaving seat 2 alone in the round: it wins it. The
    // absent score their own 15 cards, worse than anyone left in (0).
    const roundOver = classicEvents(watcher).find((e) => e.type === "roundOver")!;
    expect(roundOver).toMatchObject({
      reason: "alone",
      winner: 2,
      absent: [0, 1],
      scores: [15, 15, 0],
    });
    // No frame ever named a bot at the table.
    for (const { message } of [...watcher.received, ...idle.received])
      if (message.type !== "events")
        expect(message.match.seats.every((holder) => !holder?.bot)).toBe(true);
    // The round counts for classic's own rating: the winner up, the absent down and abandoning.
    const result = await counted(() => clientOf(2).trpc.agora.result.query({ matchId }));
    expect(result).toMatchObject({ game: "classic", points: null });
    expect(result.ratingChange).toBeGreaterThan(0);
    const users = await Promise.all(
      [0, 1, 2].map((seat) => db.user.findUniqueOrThrow({ where: { id: userOf(seat) } })),
    );
    expect(users.map((user) => [user.classicRounds, user.competitiveHands])).toEqual([
      [1, 0],
      [1, 0],
      [1, 0],
    ]);
    const seats = await db.matchSeat.findMany({ where: { matchId }, orderBy: { seat: "asc" } });
    expect(seats.map((seat) => seat.abandoned)).toEqual([true, true, false]);
    expect(seats[0]!.ratingChange!).toBeLessThan(0);
  }, 90_000);
});
