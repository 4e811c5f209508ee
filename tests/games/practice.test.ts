import { describe, expect, it } from "vitest";
import type { SessionUser } from "@/server/auth/session";
import { leaderboard, profile } from "@/server/games/profile";
import { botHolderId } from "@/server/matches/live-match";
import { liveMatches } from "@/server/matches/registry";
import { testDb } from "../db/helpers";
import { player, withLiveMatches } from "./helpers";

const db = testDb();
withLiveMatches(db);

/** A practice hand the player wins: both bots leave it (§11.3), the player survives (§9). */
async function wonPractice(user: SessionUser): Promise<string> {
  const { matchId } = await liveMatches().openPractice(user, "easy");
  for (const seat of [1, 2]) {
    const bot = { id: botHolderId(matchId, seat), name: `Bot ${seat}`, role: "PLAYER" as const };
    await liveMatches().act(bot, matchId, seat, { do: "leave" });
  }
  return matchId;
}

describe("practice", () => {
  it("a practice hand stays in the player's own history, marked as practice, and counts in no totals or ranking", async () => {
    const user = await player(db);
    const matchId = await wonPractice(user);
    const match = await db.match.findUniqueOrThrow({ where: { id: matchId } });
    expect(match).toMatchObject({ kind: "PRACTICE", status: "ENDED", settledAt: null });
    const own = await profile(db, user.name, user.id);
    expect(own.recentHands).toMatchObject([{ matchId, kind: "PRACTICE" }]);
    expect(own.games).toEqual({ played: 0, won: 0 });
    expect(own.ranking).toMatchObject({ points: 0, hands: 0, position: null });
    const other = await profile(db, user.name, (await player(db)).id);
    expect(other.recentHands).toEqual([]);
    expect(other.games).toEqual({ played: 0, won: 0 });
    expect((await leaderboard(db, "points")).map((row) => row.name)).not.toContain(user.name);
    expect((await leaderboard(db, "rating")).map((row) => row.name)).not.toContain(user.name);
  });
});
