import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import type { SessionUser } from "@/server/auth/session";
import { replayInfo, replayStep } from "@/server/games/history";
import { lobbies, type FriendlyKind } from "@/server/games/lobby";
import { profile } from "@/server/games/profile";
import type { GameView, MatchView } from "@/server/matches/engine";
import { liveMatches } from "@/server/matches/registry";
import { testDb } from "../db/helpers";
import { player, present, seatsOf, twoLeave, withLiveMatches } from "./helpers";

const db = testDb();
withLiveMatches(db);

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
