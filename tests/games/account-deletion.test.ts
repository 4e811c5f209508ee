import { describe, expect, it } from "vitest";
import { agora } from "@/server/agora/agora";
import { replayInfo } from "@/server/games/history";
import { lobbies } from "@/server/games/lobby";
import { profile } from "@/server/games/profile";
import { liveMatches } from "@/server/matches/registry";
import { appRouter } from "@/server/routers/_app";
import { createCallerFactory } from "@/server/trpc";
import { contextFor, testDb } from "../db/helpers";
import { player, present, seatsOf, withLiveMatches } from "./helpers";

const db = testDb();
withLiveMatches(db);

describe("a deleted account", () => {
  it("gives up its live seat as leaving would, and reads «deleted player» in the others' history and replay", async () => {
    const players = [await player(db), await player(db), await player(db)];
    const { matchId, code } = await lobbies(db).create(players[0]!, "single", false);
    for (const one of players.slice(1)) await lobbies(db).join(one, code);
    for (const one of players) await lobbies(db).ready(one, matchId, true);
    const seated = await seatsOf(db, matchId, players);
    await present(seated, matchId);

    const leaving = seated[2]!;
    await createCallerFactory(appRouter)(contextFor(db, leaving)).account.delete({
      password: "a good password",
    });
    // Seat 1 leaves too: seat 0 wins as the survivor, so the deleted seat's leaving counted.
    await liveMatches().act(seated[1]!, matchId, 1, { do: "leave" });
    await expect
      .poll(async () => (await db.match.findUnique({ where: { id: matchId } }))?.status)
      .toBe("ENDED");

    const deleted = (await db.user.findUniqueOrThrow({ where: { id: leaving.id } })).name;
    expect(deleted).toMatch(/^deleted player [0-9a-f]{8}$/);
    const leaves = await db.matchEvent.findMany({ where: { matchId }, orderBy: { seq: "asc" } });
    expect(
      leaves
        .filter((event) => (event.command as { do?: string }).do === "leave")
        .map((e) => e.seat),
    ).toEqual([2, 1]);
    const page = await profile(db, seated[0]!.name, seated[0]!.id);
    expect(JSON.stringify(page)).toContain(deleted);
    expect(JSON.stringify(page)).not.toContain(leaving.name);
    expect(JSON.stringify(await replayInfo(db, matchId, seated[0]!.id))).toContain(deleted);
  });

  it("leaves the lobby it waits in, and the waiting table it created is removed", async () => {
    const [creator, member, other] = [await player(db), await player(db), await player(db)];
    const { matchId, code } = await lobbies(db).create(creator, "single", false);
    const joined = await lobbies(db).create(other, "single", false);
    await lobbies(db).join(member, joined.code);
    await lobbies(db).join(member, code);

    await createCallerFactory(appRouter)(contextFor(db, member)).account.delete({
      password: "a good password",
    });
    expect((await lobbies(db).view(other, joined.matchId)).members.map((m) => m.name)).toEqual([
      other.name,
    ]);
    await createCallerFactory(appRouter)(contextFor(db, creator)).account.delete({
      password: "a good password",
    });
    expect(await db.match.findUnique({ where: { id: matchId } })).toBeNull();
  });

  it("leaves the agora's queue", async () => {
    const one = await player(db);
    await agora(db).enqueue(one);
    await createCallerFactory(appRouter)(contextFor(db, one)).account.delete({
      password: "a good password",
    });
    expect((await agora(db).status(one)).queued).toBeNull();
    agora(db).stop();
  });
});
