import pino from "pino";
import { afterAll, describe, expect, it, vi } from "vitest";
import { startAgora } from "@/server/agora/agora";
import type { Db } from "@/server/db/client";
import { LiveMatches } from "@/server/matches/registry";
import { player } from "../games/helpers";
import { liveDatabase } from "./harness";

const { db } = await liveDatabase();

/** The warnings and errors logged, as pino writes them. */
const logged: { level: number; msg: string; matchId?: string }[] = [];
const logger = pino(
  { level: "warn" },
  { write: (line: string) => void logged.push(JSON.parse(line) as (typeof logged)[number]) },
);

/**
 * The next transactions fail as a timeout would: `array` of them of the array form (a match's
 * end), `callback` of the callback form (a competitive hand's settlement).
 */
function failTransactions(failing: { array: number; callback: number }) {
  const original = db.$transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
  const left = { ...failing };
  const spy = vi.spyOn(db, "$transaction").mockImplementation(((...args: unknown[]) => {
    const form = Array.isArray(args[0]) ? "array" : "callback";
    if (left[form]-- > 0)
      return Promise.reject(new Error("Transaction already closed: injected timeout"));
    return original(...args);
  }) as Db["$transaction"]);
  return {
    restore: () => spy.mockRestore(),
    failed: () => ({
      array: failing.array - Math.max(0, left.array),
      callback: failing.callback - Math.max(0, left.callback),
    }),
  };
}

/** A table of three seated players on `registry`; its hand is dealt. */
async function table(registry: LiveMatches, kind?: "COMPETITIVE") {
  const players = [await player(db), await player(db), await player(db)];
  const { matchId } = await registry.open(players[0]!, { kind });
  for (const one of players.slice(1)) await registry.seat(one, matchId);
  return { matchId, players };
}

/** Seats 1 and 2 leave (§11.3): seat 0 wins as the survivor (§9); the answers. */
async function twoLeave(registry: LiveMatches, matchId: string, players: { id: string }[]) {
  const answers = [];
  for (const seat of [1, 2]) {
    const user = { ...players[seat]!, name: `p${seat}`, role: "PLAYER" as const };
    answers.push(await registry.act(user, matchId, seat, { do: "leave" }));
  }
  return answers;
}

async function stored(matchId: string) {
  const match = await db.match.findUniqueOrThrow({
    where: { id: matchId },
    include: { hands: true, seats: { orderBy: { seat: "asc" } } },
  });
  return {
    status: match.status,
    endedAt: match.endedAt,
    settled: match.settledAt !== null,
    hands: match.hands.map((hand) => hand.scores),
    points: match.seats.map((seat) => seat.points),
  };
}

describe("a game's results when the database is slow", () => {
  const registry = new LiveMatches(db, logger);
  afterAll(() => registry.shutdown());

  it("a game's end and ranking are stored once, when the database takes them, and failed writes never refuse the last action", async () => {
    // Storing the end fails twice.
    await startAgora(db, registry, logger);
    const { matchId, players } = await table(registry, "COMPETITIVE");
    const failing = failTransactions({ array: 2, callback: 1 });
    try {
      const answers = await twoLeave(registry, matchId, players);
      expect(answers.every((answer) => answer.ok)).toBe(true);
      expect((await registry.get(players[0]!, matchId)).status).toBe("ENDED");
      await vi.waitFor(async () => expect((await stored(matchId)).settled).toBe(true), {
        timeout: 20_000,
        interval: 50,
      });
      expect(failing.failed()).toEqual({ array: 2, callback: 1 });
    } finally {
      failing.restore();
    }
    expect(await stored(matchId)).toMatchObject({
      hands: [[16, -15, -15]],
      points: [16, -15, -15],
    });
    const users = await Promise.all(
      players.map((one) => db.user.findUniqueOrThrow({ where: { id: one.id } })),
    );
    expect(users.map((user) => [user.rankingPoints, user.competitiveHands])).toEqual([
      [16, 1],
      [-15, 1],
      [-15, 1],
    ]);
    const retries = logged.filter((line) => line.matchId === matchId && line.level === 40);
    expect(retries.map((line) => line.msg)).toEqual([
      "results not stored: retrying",
      "results not stored: retrying",
      "competitive result not counted: retrying",
    ]);
  });

  it("a game over in the log whose end was never stored is ended by the next start's replay, its results stored once", async () => {
    const crashed = new LiveMatches(db, logger);
    const { matchId, players } = await table(crashed);
    const failing = failTransactions({ array: Infinity, callback: 0 });
    try {
      const answers = await twoLeave(crashed, matchId, players);
      expect(answers.every((answer) => answer.ok)).toBe(true);
      await crashed.shutdown();
    } finally {
      failing.restore();
    }
    expect(await stored(matchId)).toMatchObject({ status: "PLAYING", hands: [[16, -15, -15]] });
    const restarted = new LiveMatches(db, logger);
    await restarted.restore();
    expect(await stored(matchId)).toMatchObject({
      status: "ENDED",
      hands: [[16, -15, -15]],
      points: [16, -15, -15],
    });
    expect((await restarted.get(players[0]!, matchId)).status).toBe("ENDED");
    await restarted.shutdown();
  });
});
