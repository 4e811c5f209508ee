import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { Agora } from "@/server/agora/agora";
import { formGroups, type QueueEntry } from "@/server/agora/queue";
import { RANKED_CLASSIC_OPTIONS } from "@/server/agora/pools";
import { classicPlaces, NEW_SKILL, places, skillScore } from "@/server/agora/ratings";
import { rankedResult, settleCompetitive } from "@/server/agora/settle";
import { lobbies } from "@/server/games/lobby";
import { profile } from "@/server/games/profile";
import { agoraRouter } from "@/server/routers/agora";
import { createCallerFactory } from "@/server/trpc";
import { contextFor, testDb } from "../db/helpers";
import { player, seatsOf, twoLeave, withLiveMatches } from "./helpers";

const db = testDb();
withLiveMatches(db);

const entry = (userId: string, score: number, since = 0): QueueEntry => ({
  userId,
  name: userId,
  pool: "machiavelox",
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
    expect(second.queued).toEqual({ since: 1000, waiting: 1, pool: "machiavelox" });
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

describe("ranked classic", () => {
  it("players queued for classic tables of 3 are grouped by three into a ranked classic round; the games' queues never mix", async () => {
    const agora = new Agora(db);
    const [a, b, c, d, e] = await Promise.all([1, 2, 3, 4, 5].map(() => player(db)));
    await agora.enqueue(a!, 0, "machiavelox");
    await agora.enqueue(b!, 0, "machiavelox");
    await agora.enqueue(c!, 0, "classic-3");
    await agora.enqueue(d!, 0, "classic-4");
    // Three queued, but in three pools: nobody is matched.
    const waiting = await agora.status(c!);
    expect(waiting).toMatchObject({ matchId: null, queued: { pool: "classic-3", waiting: 1 } });
    await agora.enqueue(e!, 0, "classic-3");
    const f = await player(db);
    await agora.enqueue(f, 0, "classic-3");
    const { matchId } = await agora.status(c!);
    const match = await db.match.findUniqueOrThrow({
      where: { id: matchId! },
      include: { seats: true },
    });
    expect(match).toMatchObject({ kind: "COMPETITIVE", rules: "classic", seatCount: 3 });
    expect(match.options).toEqual(RANKED_CLASSIC_OPTIONS);
    expect(new Set(match.seats.map((seat) => seat.userId))).toEqual(new Set([c!.id, e!.id, f.id]));
    expect(match.seats.every((seat) => seat.bot === null)).toBe(true);
    expect((await agora.status(a!)).queued?.pool).toBe("machiavelox");
    expect((await agora.status(d!)).queued?.pool).toBe("classic-4");
    agora.stop();
  });

  it("a classic table of 4 starts once four players wait for it", async () => {
    const agora = new Agora(db);
    const players = await Promise.all([1, 2, 3, 4].map(() => player(db)));
    for (const one of players.slice(0, 3)) await agora.enqueue(one, 0, "classic-4");
    expect((await agora.status(players[0]!)).matchId).toBeNull();
    await agora.enqueue(players[3]!, 0, "classic-4");
    const { matchId } = await agora.status(players[0]!);
    const match = await db.match.findUniqueOrThrow({ where: { id: matchId! } });
    expect(match).toMatchObject({ rules: "classic", seatCount: 4 });
    agora.stop();
  });

  it("the classic queue pairs by classic rating: a strong Machiavelox player is a newcomer at classic", async () => {
    const agora = new Agora(db);
    const players = await Promise.all([1, 2, 3].map(() => player(db)));
    await db.user.update({ where: { id: players[0]!.id }, data: { ratingMu: 40, ratingSigma: 2 } });
    for (const one of players) await agora.enqueue(one, 0, "machiavelox");
    // Machiavelox skill 34 against two newcomers' 0: too far apart to match at once.
    expect((await agora.status(players[0]!)).matchId).toBeNull();
    for (const one of players) await agora.cancel(one);
    for (const one of players) await agora.enqueue(one, 0, "classic-3");
    expect((await agora.status(players[0]!)).matchId).not.toBeNull();
    agora.stop();
  });

  it("a queue request for a table ranked classic does not have, or for an unknown game, is refused and queues nobody", async () => {
    const one = await player(db);
    const caller = createCallerFactory(agoraRouter)(contextFor(db, one));
    for (const input of [
      { game: "classic", players: 5 },
      { game: "poker" },
      { game: "classic", players: 3, target: 1 },
    ])
      await expect(caller.queue(input as never)).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect((await caller.status()).queued).toBeNull();
    await caller.queue({ game: "classic", players: 4 });
    expect((await caller.status()).queued?.pool).toBe("classic-4");
    await caller.cancel();
  });

  it("places of a classic round: fewest penalty points first; out for absence last, the first out behind", () => {
    expect(classicPlaces([0, 7, 3, 9], 0, null, [])).toEqual([1, 3, 2, 4]);
    expect(classicPlaces([5, 0, 5], 1, null, [0])).toEqual([3, 1, 2]);
    expect(classicPlaces([9, 9, 0, 9], 2, null, [3, 0])).toEqual([3, 2, 1, 4]);
    expect(classicPlaces([0, 0, 4], null, [0, 1], [])).toEqual([1, 1, 3]);
  });

  it("a ranked classic round moves the classic rating only: Machiavelox's ranking and rating stay; out for absence is abandonment; the profile shows it apart", async () => {
    const seated = await Promise.all([1, 2, 3].map(() => player(db)));
    // Seat 1 went out; seat 0 was out for absence with the worst score, 5 like seat 2.
    const match = await db.match.create({
      data: {
        kind: "COMPETITIVE",
        status: "ENDED",
        rules: "classic",
        seatCount: 3,
        options: { ...RANKED_CLASSIC_OPTIONS },
        endedAt: new Date(),
        result: { reason: "round", winner: 1, draw: null, totals: [5, 0, 5], absent: [0] },
        hands: {
          create: { number: 1, scores: [5, 0, 5], winner: 1, reason: "out", endedAt: new Date() },
        },
        seats: { create: seated.map((one, seat) => ({ seat, userId: one.id })) },
      },
    });
    await settleCompetitive(db, match.id);
    await settleCompetitive(db, match.id); // counted once only
    const after = await Promise.all(
      seated.map((one) => db.user.findUniqueOrThrow({ where: { id: one.id } })),
    );
    expect(after.map((user) => user.classicRounds)).toEqual([1, 1, 1]);
    const classic = after.map((user) =>
      skillScore({ mu: user.classicRatingMu, sigma: user.classicRatingSigma }),
    );
    // The winner first, then seat 2, then seat 0 (out) last although level on points.
    expect(classic[1]!).toBeGreaterThan(classic[2]!);
    expect(classic[2]!).toBeGreaterThan(classic[0]!);
    for (const user of after)
      expect(user).toMatchObject({
        rankingPoints: 0,
        competitiveHands: 0,
        ratingMu: NEW_SKILL.mu,
        ratingSigma: NEW_SKILL.sigma,
      });
    const seats = await db.matchSeat.findMany({
      where: { matchId: match.id },
      orderBy: { seat: "asc" },
    });
    expect(seats.map((seat) => seat.abandoned)).toEqual([true, false, false]);
    // The end of the round shows the classic rating's change, and no ranking points.
    const result = await rankedResult(db, match.id, seated[1]!.id);
    expect(result).toMatchObject({ game: "classic", points: null, rankingPoints: null });
    expect(result!.ratingChange).toBeGreaterThan(0);
    expect(result!.rating).toBeCloseTo(classic[1]!);
    // The profile: the classic rating and its rounds, beside Machiavelox's unrated one.
    const page = await profile(db, seated[1]!.name, null);
    expect(page.classicRating).toEqual({ score: classic[1], rounds: 1 });
    expect(page.ranking.hands).toBe(0);
    const newcomer = await player(db);
    expect((await profile(db, newcomer.name, null)).classicRating).toBeNull();
  });
});
