import { describe, expect, it } from "vitest";
import type { SessionUser } from "@/server/auth/session";
import type { MatchKind } from "@/generated/prisma/enums";
import { acceptFriend, requestFriend } from "@/server/friends/friends";
import { friendsTable, headToHead } from "@/server/friends/head-to-head";
import { testDb } from "../db/helpers";
import { player, refusalOf } from "./helpers";

const db = testDb();

let clock = Date.UTC(2026, 0, 1);

/**
 * A stored game of `players` (seat order; null a bot): each hand's scores in seat order and
 * its winner's seat; `won` the seat that won the game, none while it is in progress.
 */
async function game(
  players: (SessionUser | null)[],
  kind: MatchKind,
  hands: { scores: number[]; winner: number }[],
  won: number | null,
  rules = "machiavelox",
) {
  clock += 60_000;
  const ended = won !== null;
  return db.match.create({
    data: {
      kind,
      rules,
      status: ended ? "ENDED" : "PLAYING",
      createdAt: new Date(clock),
      endedAt: ended ? new Date(clock) : null,
      seats: {
        create: players.map((one, seat) => ({
          seat,
          userId: one?.id ?? null,
          bot: one ? null : "medium",
          won: seat === won,
        })),
      },
      hands: {
        create: hands.map((hand, index) => ({
          number: index + 1,
          scores: hand.scores,
          winner: hand.winner,
          reason: "out",
          endedAt: new Date(clock),
        })),
      },
    },
  });
}

describe("head-to-head totals", () => {
  it("§13 sums hands won and points over shared games, per game and kind, never across", async () => {
    const [a, b, c] = [await player(db), await player(db), await player(db)];
    await game(
      [a, b, null],
      "FRIENDLY_LONG",
      [
        { scores: [40, -10, -30], winner: 0 },
        { scores: [-5, 60, -55], winner: 1 },
        { scores: [120, 0, -120], winner: 0 },
      ],
      0,
    );
    await game([b, a, c], "FRIENDLY_SINGLE", [{ scores: [30, -10, -20], winner: 0 }], 0);
    await game([a, b, c], "COMPETITIVE", [{ scores: [-7, -8, 15], winner: 2 }], 2);
    await game(
      [a, b, null],
      "FRIENDLY_SINGLE",
      [{ scores: [12, -6, -6], winner: 0 }],
      0,
      "classic",
    );
    // Another's game and a practice hand count for nothing here.
    await game([a, c, null], "FRIENDLY_SINGLE", [{ scores: [50, 0, -50], winner: 0 }], 0);
    await game([a, b, null], "PRACTICE", [{ scores: [90, 0, -90], winner: 0 }], 0);

    const seen = await headToHead(db, a, b.name);
    const byKey = Object.fromEntries(seen.totals.map((sum) => [`${sum.rules} ${sum.kind}`, sum]));
    expect(Object.keys(byKey).sort()).toEqual([
      "classic friendly",
      "machiavelox friendly",
      "machiavelox ranked",
    ]);
    expect(byKey["machiavelox friendly"]).toMatchObject({
      games: 2,
      won: { first: 1, second: 1 },
      handsWon: { first: 2, second: 2 },
      points: { first: 145, second: 80 },
      streak: { who: "second", games: 1 },
    });
    expect(byKey["machiavelox ranked"]).toMatchObject({
      games: 1,
      won: { first: 0, second: 0 },
      points: { first: -7, second: -8 },
      streak: null,
    });
    expect(byKey["classic friendly"]).toMatchObject({
      games: 1,
      points: { first: 12, second: -6 },
    });
    expect(seen.longGames).toEqual([
      expect.objectContaining({
        points: { first: 155, second: 50 },
        winner: a.name,
        inProgress: false,
      }),
    ]);
  });

  it("§13 a long game still in progress adds its hands to the points, not to the games; the streak runs over the newest games", async () => {
    const [a, b] = [await player(db), await player(db)];
    for (let i = 0; i < 3; i++)
      await game(
        [a, b, null],
        "FRIENDLY_SINGLE",
        [{ scores: [10, -5, -5], winner: i === 0 ? 0 : 1 }],
        i === 0 ? 0 : 1,
      );
    await game([a, b, null], "FRIENDLY_LONG", [{ scores: [20, 0, -20], winner: 0 }], null);
    const [friendly] = (await headToHead(db, b, a.name)).totals;
    expect(friendly).toMatchObject({
      games: 3,
      won: { first: 2, second: 1 },
      points: { first: -15, second: 50 },
      streak: { who: "first", games: 2 },
    });
    const [running] = (await headToHead(db, b, a.name)).longGames;
    expect(running).toMatchObject({
      inProgress: true,
      winner: null,
      points: { first: 0, second: 20 },
    });
  });

  it("your own profile's table gives each friend your totals against them", async () => {
    const [a, b, c] = [await player(db), await player(db), await player(db)];
    await requestFriend(db, a, b.name);
    await acceptFriend(db, b, a.name);
    await game([a, b, c], "FRIENDLY_SINGLE", [{ scores: [9, -3, -6], winner: 0 }], 0);
    expect(await friendsTable(db, a)).toEqual([
      {
        name: b.name,
        totals: [expect.objectContaining({ games: 1, points: { first: 9, second: -3 } })],
      },
    ]);
  });
});

describe("privacy", () => {
  it("§13 a player sees only the games they played: a third player's friendly games with either stay hidden", async () => {
    const [a, b, c] = [await player(db), await player(db), await player(db)];
    await game([a, b, null], "FRIENDLY_SINGLE", [{ scores: [9, -3, -6], winner: 0 }], 0);
    expect((await headToHead(db, c, a.name)).totals).toEqual([]);
    expect((await headToHead(db, c, b.name)).totals).toEqual([]);
  });

  it("§13 only a moderator may ask for another pair's head-to-head", async () => {
    const [a, b, c] = [await player(db), await player(db), await player(db)];
    await game([a, b, null], "FRIENDLY_SINGLE", [{ scores: [9, -3, -6], winner: 0 }], 0);
    expect(await refusalOf(headToHead(db, c, b.name, a.name))).toBe("ROLE_REQUIRED");
    const moderator = { ...c, role: "MODERATOR" as const };
    const seen = await headToHead(db, moderator, b.name, a.name);
    expect(seen.totals[0]).toMatchObject({ games: 1, points: { first: 9, second: -3 } });
  });
});
