import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { Agora } from "@/server/agora/agora";
import { formGroups, type QueueEntry } from "@/server/agora/queue";
import { NEW_SKILL, places, skillScore } from "@/server/agora/ratings";
import { rankedResult, settleCompetitive } from "@/server/agora/settle";
import { lobbies } from "@/server/games/lobby";
import { testDb } from "../db/helpers";
import { player, seatsOf, twoLeave, withLiveMatches } from "./helpers";

const db = testDb();
withLiveMatches(db);

const entry = (userId: string, score: number, since = 0): QueueEntry => ({
  userId,
  name: userId,
  score,
  since,
});

describe("matchmaking", () => {
  it("§13 three players queued for the agora are grouped into one competitive single hand", async () => {
    const agora = new Agora(db);
    const players = [await player(db), await player(db), await player(db)];
    for (const one of players.slice(0, 2)) expect((await agora.enqueue(one)).matchId).toBeNull();
    await agora.enqueue(players[2]!);
    const statuses = await Promise.all(players.map((one) => agora.status(one)));
    const matchId = statuses[0]!.matchId!;
    expect(statuses.map((status) => [status.queued, status.matchId])).toEqual(
      players.map(() => [null, matchId]),
    );
    const match = await db.match.findUniqueOrThrow({
      where: { id: matchId },
      include: { seats: true },
    });
    expect(match).toMatchObject({ kind: "COMPETITIVE", status: "PLAYING" });
    expect(match.seats.map((seat) => seat.userId).sort()).toEqual(
      players.map((one) => one.id).sort(),
    );
    agora.stop();
  });

  it("a second tab gets the same queue entry, and cancelling leaves the queue", async () => {
    const agora = new Agora(db);
    const one = await player(db);
    const first = await agora.enqueue(one, 1000);
    const second = await agora.enqueue(one, 5000);
    expect(second.queued).toEqual({ since: 1000, waiting: 1 });
    expect(first.queued).toEqual(second.queued);
    expect((await agora.cancel(one)).queued).toBeNull();
    agora.stop();
  });

  it("closest ratings are grouped first; a far player waits until the window has widened", () => {
    const queue = [entry("a", 0), entry("b", 1), entry("c", 30), entry("d", 2), entry("e", 3)];
    expect(formGroups(queue, 0).map((group) => group.map((one) => one.userId))).toEqual([
      ["a", "b", "d"],
    ]);
    const late = [entry("a", 0), entry("b", 1), entry("c", 30)];
    expect(formGroups(late, 10_000)).toEqual([]);
    expect(formGroups(late, 60_000)).toHaveLength(1);
  });

  it("places: the winner first, the others by hand score, equal scores share a place", () => {
    expect(places([16, -15, -15], 0, null)).toEqual([1, 2, 2]);
    expect(places([-20, 0, 40], 2, null)).toEqual([3, 2, 1]);
    expect(places([14, 14, 0], null, [0, 1])).toEqual([1, 1, 3]);
  });
});

describe("after the hand", () => {
  it("§13 a competitive hand's points enter the ranking and the ratings move; leaving is abandonment", async () => {
    const agora = new Agora(db);
    const players = [await player(db), await player(db), await player(db)];
    for (const one of players) await agora.enqueue(one);
    const { matchId } = await agora.status(players[0]!);
    const seated = await seatsOf(db, matchId!, players);
    await twoLeave(seated, matchId!);
    await settleCompetitive(db, matchId!);
    await settleCompetitive(db, matchId!); // counted once only
    const after = await Promise.all(
      seated.map((one) => db.user.findUniqueOrThrow({ where: { id: one.id } })),
    );
    expect(after.map((user) => [user.rankingPoints, user.competitiveHands])).toEqual([
      [16, 1],
      [-15, 1],
      [-15, 1],
    ]);
    expect(after[0]!.ratingMu).toBeGreaterThan(NEW_SKILL.mu);
    expect(after[1]!.ratingMu).toBeLessThan(NEW_SKILL.mu);
    expect(after.every((user) => user.ratingSigma < NEW_SKILL.sigma)).toBe(true);
    const seats = await db.matchSeat.findMany({
      where: { matchId: matchId! },
      orderBy: { seat: "asc" },
    });
    expect(seats.map((seat) => seat.abandoned)).toEqual([false, true, true]);
    // The end of the hand shows each player what it did to their ranking and rating.
    const results = await Promise.all(seated.map((one) => rankedResult(db, matchId!, one.id)));
    expect(results.map((result) => result?.points)).toEqual([16, -15, -15]);
    expect(results[0]!.ratingChange).toBeGreaterThan(0);
    expect(results[1]!.ratingChange).toBeLessThan(0);
    expect(results[0]!.rating).toBeCloseTo(
      skillScore({ mu: after[0]!.ratingMu, sigma: after[0]!.ratingSigma }),
    );
    agora.stop();
  });

  it("§13 friendly points stay private: a friendly game leaves the ranking and ratings untouched", async () => {
    const players = [await player(db), await player(db), await player(db)];
    const { matchId, code } = await lobbies(db).create(players[0]!, "single", false);
    for (const one of players.slice(1)) await lobbies(db).join(one, code);
    for (const one of players) await lobbies(db).ready(one, matchId, true);
    const seated = await seatsOf(db, matchId, players);
    await twoLeave(seated, matchId);
    await settleCompetitive(db, matchId);
    const match = await db.match.findUniqueOrThrow({
      where: { id: matchId },
      include: { seats: true },
    });
    expect(match).toMatchObject({ status: "ENDED", kind: "FRIENDLY_SINGLE", settledAt: null });
    expect(match.seats.find((seat) => seat.seat === 0)!.points).toBe(16);
    for (const one of players) {
      const user = await db.user.findUniqueOrThrow({ where: { id: one.id } });
      expect(user).toMatchObject({ rankingPoints: 0, competitiveHands: 0, ratingMu: NEW_SKILL.mu });
    }
  });

  it("a player with a competitive hand going on cannot queue again", async () => {
    const agora = new Agora(db);
    const players = [await player(db), await player(db), await player(db)];
    for (const one of players) await agora.enqueue(one);
    const refused = await agora.enqueue(players[0]!).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TRPCError);
    expect((refused as TRPCError).code).toBe("CONFLICT");
    agora.stop();
  });
});
