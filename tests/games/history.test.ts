import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import type { SessionUser } from "@/server/auth/session";
import { replayInfo, replayStep } from "@/server/games/history";
import { lobbies, type FriendlyKind } from "@/server/games/lobby";
import { profile } from "@/server/games/profile";
import type { ClassicView } from "@/engine/classic";
import type { GameView, MatchView } from "@/server/matches/engine";
import { liveMatches } from "@/server/matches/registry";
import { parseOptions } from "@/engine/classic";
import { headToHead } from "@/server/friends/head-to-head";
import { parseEnv } from "@/server/env";
import { finishedGames } from "@/server/games/history";
import { testDb } from "../db/helpers";
import { player, present, seatsOf, twoLeave, withLiveMatches } from "./helpers";

const db = testDb();
// Classic games here are played to their end by the bots standing in for players who left.
withLiveMatches(db, parseEnv({ BOT_REACTION_SCALE: "0.01" }));

/** Three players in a friendly game that has started; seated in seat order. */
async function friendly(kind: FriendlyKind) {
  const players = [await player(db), await player(db), await player(db)];
  const { matchId, code } = await lobbies(db).create(players[0]!, kind, false);
  for (const one of players.slice(1)) await lobbies(db).join(one, code);
  for (const one of players) await lobbies(db).ready(one, matchId, true);
  return { matchId, seated: await seatsOf(db, matchId, players) };
}

const act = (
  user: SessionUser,
  matchId: string,
  seat: number,
  command: { do: "ready" | "leave" },
) => liveMatches().act(user, matchId, seat, command);

describe("friendly games", () => {
  it("§13 the lobby starts the game only once three players are in and all are ready", async () => {
    const players = [await player(db), await player(db), await player(db)];
    const { matchId, code } = await lobbies(db).create(players[0]!, "single", false);
    await lobbies(db).join(players[1]!, code.toLowerCase());
    await lobbies(db).ready(players[0]!, matchId, true);
    await lobbies(db).ready(players[1]!, matchId, true);
    expect((await lobbies(db).view(players[0]!, matchId)).status).toBe("WAITING");
    await lobbies(db).join(players[2]!, code);
    const fourth = await lobbies(db)
      .join(await player(db), code)
      .catch((error: unknown) => error);
    expect((fourth as TRPCError).code).toBe("CONFLICT");
    const view = await lobbies(db).ready(players[2]!, matchId, true);
    expect(view).toMatchObject({ status: "PLAYING", kind: "single", you: 2 });
  });

  it("§13 if the creator wishes, bots fill the empty places; nobody else may add them", async () => {
    const [creator, friend] = [await player(db), await player(db)];
    const { matchId, code } = await lobbies(db).create(creator, "single", true);
    await lobbies(db).join(friend, code);
    const refused = await lobbies(db)
      .bots(friend, matchId, 1)
      .catch((error: unknown) => error);
    expect((refused as TRPCError).code).toBe("FORBIDDEN");
    await lobbies(db).ready(friend, matchId, true);
    await lobbies(db).ready(creator, matchId, true);
    const view = await lobbies(db).bots(creator, matchId, 1, "hard");
    expect(view).toMatchObject({ status: "PLAYING", you: 0 });
    expect(view.members.map((member) => member.level)).toEqual([null, null, "hard"]);
    const seats = await db.matchSeat.findMany({ where: { matchId }, orderBy: { seat: "asc" } });
    expect(seats.map((seat) => seat.bot)).toEqual([null, null, "hard"]);
  });

  it("§13 a long game through the live server: hands to 150 with a pause and ready between them; totals and standings on the profile", async () => {
    const { matchId, seated } = await friendly("long");
    await present(seated, matchId);
    for (let hand = 1; hand <= 10; hand++) {
      // A human pace, inside the live server's rate limits.
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (hand > 1)
        for (const [seat, user] of seated.entries())
          await act(user, matchId, seat, { do: "ready" });
      await twoLeave(seated, matchId);
    }
    const match = await db.match.findUniqueOrThrow({
      where: { id: matchId },
      include: { hands: true },
    });
    expect(match.status).toBe("ENDED");
    expect(match.hands).toHaveLength(10);
    expect(match.result).toMatchObject({ reason: "target", winner: 0, totals: [160, -150, -150] });
    const page = await profile(db, seated[1]!.name, seated[1]!.id);
    expect(page.longGames[0]).toMatchObject({
      matchId,
      hands: 10,
      standings: [
        { name: seated[0]!.name, points: 160, won: true },
        { points: -150, won: false },
        { points: -150, won: false },
      ],
    });
    expect(page.ranking.points).toBe(0);
  });
  it("§13 a rematch: each player of an ended friendly game asks once and all meet in one new lobby, with its bots", async () => {
    const players = [await player(db), await player(db)];
    const { matchId, code } = await lobbies(db).create(players[0]!, "single", true);
    await lobbies(db).join(players[1]!, code);
    for (const one of players) await lobbies(db).ready(one, matchId, true);
    await lobbies(db).bots(players[0]!, matchId, 1, "hard");
    const early = await lobbies(db)
      .rematch(players[1]!, matchId)
      .catch((error: unknown) => error);
    expect((early as TRPCError).code).toBe("CONFLICT");
    const seated = await seatsOf(db, matchId, players);
    await liveMatches().act(seated[0]!, matchId, 0, { do: "leave" });
    await liveMatches().act(seated[1]!, matchId, 1, { do: "leave" });
    const first = await lobbies(db).rematch(players[1]!, matchId);
    const second = await lobbies(db).rematch(players[0]!, matchId);
    expect(second.matchId).toBe(first.matchId);
    const view = await lobbies(db).view(players[0]!, first.matchId);
    expect(view).toMatchObject({ status: "WAITING", kind: "single", creator: players[1]!.name });
    expect(view.members.map((member) => member.level)).toEqual([null, null, "hard"]);
    const outsider = await lobbies(db)
      .rematch(await player(db), matchId)
      .catch((error: unknown) => error);
    expect((outsider as TRPCError).code).toBe("NOT_FOUND");
  });

  it("§13 two players asking for a rematch at the same moment open one new game, recorded as the ended one's rematch", async () => {
    const { matchId, seated } = await friendly("single");
    await twoLeave(seated, matchId);
    const [first, second] = await Promise.all(
      seated.slice(0, 2).map((one) => lobbies(db).rematch(one, matchId)),
    );
    expect(second!.matchId).toBe(first!.matchId);
    const rematches = await db.match.findMany({ where: { rematchOf: matchId } });
    expect(rematches.map((row) => row.id)).toEqual([first!.matchId]);
    const view = await lobbies(db).view(seated[0]!, first!.matchId);
    expect(view.members).toHaveLength(2);
  });
});

describe("hand history", () => {
  it("participants see their friendly hands; nobody else does, on the profile or in replays", async () => {
    const { matchId, seated } = await friendly("single");
    await twoLeave(seated, matchId);
    const outsider = await player(db);
    expect((await profile(db, seated[0]!.name, outsider.id)).games.played).toBe(0);
    expect((await profile(db, seated[0]!.name, seated[1]!.id)).recentHands).toHaveLength(1);
    const refused = await replayInfo(db, matchId, outsider.id).catch((error: unknown) => error);
    expect((refused as TRPCError).code).toBe("NOT_FOUND");
    expect((await replayInfo(db, matchId, seated[2]!.id)).match.seats).toHaveLength(3);
  });

  it("a replay steps through the log as a spectator saw it: no hand shown before the end", async () => {
    const { matchId, seated } = await friendly("single");
    await twoLeave(seated, matchId);
    const { steps, moves } = await replayInfo(db, matchId, seated[0]!.id);
    expect(moves.length).toBeGreaterThan(0);
    expect(moves.every((step) => step > 0 && step < steps)).toBe(true);
    const frames = [];
    for (let step = 0; step < steps; step++)
      frames.push(await replayStep(db, matchId, seated[0]!.id, step));
    expect(frames[0]!.action).toBeNull();
    const handOf = (view: MatchView) => (view as GameView).hand;
    expect(handOf(frames.at(-1)!.view).outcome).toMatchObject({ winner: 0, reason: "survivor" });
    // The step that ended the hand says so, in events any spectator may see.
    expect(frames.at(-1)!.events.map((event) => event.type)).toContain("handOver");
    for (const step of moves) expect(frames[step]!.action!.seat).not.toBeNull();
    for (const frame of frames) {
      expect(frame.hands === null).toBe(handOf(frame.view).outcome === null);
      expect(JSON.stringify(frame.view)).not.toMatch(/"(hand|stock)":\[/);
    }
    const beyond = await replayStep(db, matchId, seated[0]!.id, steps).catch(
      (error: unknown) => error,
    );
    expect((beyond as TRPCError).code).toBe("BAD_REQUEST");
  });
});

/**
 * A friendly classic long game of two players played to its end: both leave at once and the
 * bots standing in for them play on (classic-seats.ts), so every round is a real one.
 */
async function playClassicGame() {
  const players = [await player(db), await player(db)];
  const parsed = parseOptions({ handSize: 3, target: 5 }, 2);
  if (!parsed.ok) throw new Error(parsed.error);
  const { matchId, code } = await lobbies(db).create(players[0]!, "long", false, {
    rules: "classic",
    players: 2,
    options: parsed.options,
  });
  await lobbies(db).join(players[1]!, code);
  for (const one of players) await lobbies(db).ready(one, matchId, true);
  const seated = await seatsOf(db, matchId, players);
  for (const [seat, user] of seated.entries())
    await liveMatches().act(user, matchId, seat, { do: "leave" }, "classic");
  for (let waited = 0; ; waited += 50) {
    const row = await db.match.findUniqueOrThrow({ where: { id: matchId } });
    if (row.status === "ENDED") break;
    if (waited > 60_000) throw new Error("the classic game did not end");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const match = await db.match.findUniqueOrThrow({
    where: { id: matchId },
    include: { hands: { orderBy: { number: "asc" } }, seats: { orderBy: { seat: "asc" } } },
  });
  return { matchId, seated, match };
}

/** One classic game, played once for the tests that read it. */
let played: ReturnType<typeof playClassicGame> | null = null;
const classicGame = () => (played ??= playClassicGame());

// The first test waits for the game the bots play to its end.
describe("classic games in history, replays and profiles", { timeout: 120_000 }, () => {
  it("classic §6 a classic long game is in the history with its penalty totals, the fewest winning", async () => {
    const { matchId, seated, match } = await classicGame();
    const totals = match.seats.map((seat) => seat.points!);
    // Each seat's total is the sum of its rounds' penalty points.
    expect(totals).toEqual(
      match.seats.map((seat) =>
        match.hands.reduce((sum, hand) => sum + hand.scores[seat.seat]!, 0),
      ),
    );
    expect(Math.max(...totals)).toBeGreaterThanOrEqual(5);
    const winner = match.seats.find((seat) => seat.won)!;
    expect(winner.points).toBe(Math.min(...totals));
    const [listed] = await finishedGames(db, seated[0]!.id);
    expect(listed).toMatchObject({ id: matchId, rules: "classic", kind: "FRIENDLY_LONG" });
    expect(listed!.seats.map((seat) => seat.points)).toEqual(totals);
  });

  it("classic §6 profiles keep classic games and their penalty totals apart from Machiavelox's; practice counts for nothing", async () => {
    const { matchId, seated, match } = await classicGame();
    // A classic practice game the player won, stored as the live server stores one.
    await db.match.create({
      data: {
        kind: "PRACTICE",
        rules: "classic",
        seatCount: 2,
        status: "ENDED",
        endedAt: new Date(),
        seats: {
          create: [
            { seat: 0, userId: seated[1]!.id, points: 0, won: true },
            { seat: 1, bot: "easy", points: 9 },
          ],
        },
      },
    });
    const page = await profile(db, seated[1]!.name, seated[0]!.id);
    expect(page.games).toEqual({ played: 0, won: 0 });
    expect(page.classicGames).toEqual({ played: 1, won: match.seats[1]!.won ? 1 : 0 });
    expect(page.longGames).toEqual([]);
    const [game] = page.classicLongGames;
    expect(game).toMatchObject({ matchId, hands: match.hands.length });
    const points = game!.standings.map((seat) => seat.points);
    expect(points).toEqual([...points].sort((a, b) => a - b));
    expect(game!.standings[0]!.won).toBe(true);
    expect(page.recentHands[0]).toMatchObject({ matchId, rules: "classic" });
    expect(page.ranking.points).toBe(0);
    // Nobody else sees this friendly game.
    const outsider = await profile(db, seated[1]!.name, (await player(db)).id);
    expect(outsider.classicGames.played).toBe(0);
    expect(outsider.classicLongGames).toEqual([]);
  });

  it("classic a classic game's replay steps through its log, a bot's steps named as its seat's, as a spectator saw it", async () => {
    const { matchId, seated, match } = await classicGame();
    const { steps, moves, match: info } = await replayInfo(db, matchId, seated[0]!.id);
    expect(info.rules).toBe("classic");
    expect(info.seats).toHaveLength(2);
    expect(moves.length).toBeGreaterThan(0);
    // The first steps, every fifth after them and the last: each as a spectator saw it.
    const frames = [];
    for (let step = 0; step < steps; step++)
      if (step < 20 || step % 5 === 0 || step === steps - 1)
        frames.push(await replayStep(db, matchId, seated[0]!.id, step));
    expect(frames[1]!.action).toMatchObject({ seat: expect.any(Number), do: "leave", bot: false });
    expect(frames.some((frame) => frame.action?.bot && frame.action.do === "put")).toBe(true);
    const last = frames.at(-1)!;
    expect(last.events.map((event) => event.type)).toContain("gameOver");
    expect((last.view as ClassicView).seats.map((seat) => seat.total)).toEqual(
      match.seats.map((seat) => seat.points),
    );
    for (const frame of frames) {
      const view = frame.view as ClassicView;
      expect(view.you).toBeNull();
      expect(frame.hands === null).toBe(view.phase === "turn");
      expect(JSON.stringify(frame.view)).not.toMatch(/"(hands|stock)":\[/);
      // Nobody's drawn card, while the round is played.
      for (const event of frame.events)
        if (event.type === "drew") expect((event as { card: unknown }).card).toBeNull();
    }
    const refused = await replayInfo(db, matchId, (await player(db)).id).catch(
      (error: unknown) => error,
    );
    expect((refused as TRPCError).code).toBe("NOT_FOUND");
  });

  it("classic head-to-head from real classic games: penalty points and rounds won per game and kind, never with Machiavelox's", async () => {
    const { seated, match } = await classicGame();
    const [first, second] = seated;
    const { totals, longGames } = await headToHead(db, first!, second!.name);
    expect(totals).toHaveLength(1);
    const sum = (seat: number) => match.hands.reduce((all, hand) => all + hand.scores[seat]!, 0);
    const wins = (seat: number) => match.hands.filter((hand) => hand.winner === seat).length;
    expect(totals[0]).toMatchObject({
      rules: "classic",
      kind: "friendly",
      games: 1,
      points: { first: sum(0), second: sum(1) },
      handsWon: { first: wins(0), second: wins(1) },
      won: { first: match.seats[0]!.won ? 1 : 0, second: match.seats[1]!.won ? 1 : 0 },
    });
    expect(longGames).toEqual([
      expect.objectContaining({
        rules: "classic",
        inProgress: false,
        points: { first: sum(0), second: sum(1) },
      }),
    ]);
  });
});
