// A player's page: the agora ranking and rating, ranked classic's own rating, games played and
// won, long games with their totals and standings, recent hands. Everything comes from stored results. Friendly games
// are private (§13): only the player and those who played them with the player see them.

import { refuse } from "../refusals";
import type { Db } from "../db/client";
import { nameKey } from "@/protocol/accounts";
import { skillScore } from "../agora/ratings";

const RECENT = 20;

/** The two games a match may play (Match.rules). */
type Rules = "machiavelox" | "classic";

/** A match's seats in order, with who sits there (a player or a bot) and their points. */
export const seatsWithNames = {
  orderBy: { seat: "asc" },
  select: {
    seat: true,
    userId: true,
    bot: true,
    points: true,
    won: true,
    user: { select: { name: true } },
  },
} as const;

export async function profile(db: Db, name: string, viewerId: string | null) {
  const user = await db.user.findUnique({
    // A deleted player has no page; their seats elsewhere read "deleted player".
    where: { nameKey: nameKey(name), deletedAt: null },
    select: {
      id: true,
      name: true,
      role: true,
      createdAt: true,
      rankingPoints: true,
      ratingMu: true,
      ratingSigma: true,
      competitiveHands: true,
      classicRatingMu: true,
      classicRatingSigma: true,
      classicRounds: true,
    },
  });
  if (!user)
    throw refuse("NOT_FOUND", `There is no player named "${name}".`, "NO_PLAYER_NAMED", name);
  const own = viewerId === user.id;
  // Friendly games this viewer may see: all of them on their own page, else the shared ones.
  const visible = own
    ? {}
    : { OR: [{ kind: "COMPETITIVE" as const }, { seats: { some: { userId: viewerId ?? "" } } }] };
  const ended = { status: "ENDED" as const, seats: { some: { userId: user.id } } };
  // Practice hands are the player's own: in their own history, never in anyone's totals.
  const counted = { status: "ENDED" as const, kind: { not: "PRACTICE" as const }, ...visible };
  // Each game's counts and long games apart: Machiavelox points (higher is better) and
  // classic penalty points (lower is better) are never summed or ranked together.
  const countsOf = (rules: Rules) =>
    Promise.all([
      db.matchSeat.count({ where: { userId: user.id, match: { ...counted, rules } } }),
      db.matchSeat.count({ where: { userId: user.id, won: true, match: { ...counted, rules } } }),
    ]).then(([played, won]) => ({ played, won }));
  const longGamesOf = (rules: Rules) =>
    db.match.findMany({
      where: { kind: "FRIENDLY_LONG", rules, ...ended, AND: [visible] },
      orderBy: { endedAt: "desc" },
      take: RECENT,
      select: {
        id: true,
        endedAt: true,
        endedReason: true,
        seats: seatsWithNames,
        _count: { select: { hands: true } },
      },
    });
  const [games, classicGames, rankAbove, longGames, classicLongGames, hands] = await Promise.all([
    countsOf("machiavelox"),
    countsOf("classic"),
    db.user.count({
      where: { competitiveHands: { gt: 0 }, rankingPoints: { gt: user.rankingPoints } },
    }),
    longGamesOf("machiavelox"),
    longGamesOf("classic"),
    db.handResult.findMany({
      where: { match: { ...ended, AND: [visible, own ? {} : { kind: { not: "PRACTICE" } }] } },
      orderBy: { endedAt: "desc" },
      take: RECENT,
      select: {
        number: true,
        scores: true,
        winner: true,
        reason: true,
        endedAt: true,
        match: { select: { id: true, kind: true, rules: true, seats: seatsWithNames } },
      },
    }),
  ]);
  // Two bots at one table are told apart by their seats.
  const nameOf = (seat: { seat: number; bot: string | null; user: { name: string } | null }) =>
    seat.user?.name ?? `Bot ${seat.seat} (${seat.bot})`;
  const standingsOf = (game: (typeof longGames)[number], rules: Rules) => ({
    matchId: game.id,
    endedAt: game.endedAt,
    endedReason: game.endedReason,
    hands: game._count.hands,
    standings: [...game.seats]
      .sort((a, b) =>
        rules === "classic" ? (a.points ?? 0) - (b.points ?? 0) : (b.points ?? 0) - (a.points ?? 0),
      )
      .map((seat) => ({
        name: nameOf(seat),
        points: seat.points ?? 0,
        won: seat.won,
        you: seat.userId === user.id,
      })),
  });
  return {
    name: user.name,
    role: user.role,
    createdAt: user.createdAt,
    ranking: {
      points: user.rankingPoints,
      hands: user.competitiveHands,
      position: user.competitiveHands > 0 ? rankAbove + 1 : null,
    },
    rating: {
      score: skillScore({ mu: user.ratingMu, sigma: user.ratingSigma }),
      mu: user.ratingMu,
      sigma: user.ratingSigma,
    },
    /** Ranked classic's own rating, apart from Machiavelox's; null before a ranked classic round. */
    classicRating:
      user.classicRounds > 0
        ? {
            score: skillScore({ mu: user.classicRatingMu, sigma: user.classicRatingSigma }),
            rounds: user.classicRounds,
          }
        : null,
    /** Machiavelox's games. */
    games,
    /** Classic Machiavelli's games, apart. */
    classicGames,
    longGames: longGames.map((game) => standingsOf(game, "machiavelox")),
    /** Classic long games: penalty points, the fewest first. */
    classicLongGames: classicLongGames.map((game) => standingsOf(game, "classic")),
    recentHands: hands.map((hand) => ({
      matchId: hand.match.id,
      kind: hand.match.kind,
      rules: hand.match.rules,
      number: hand.number,
      reason: hand.reason,
      endedAt: hand.endedAt,
      seats: hand.match.seats.map((seat) => ({
        name: nameOf(seat),
        score: hand.scores[seat.seat] ?? 0,
        winner: hand.winner === seat.seat,
        you: seat.userId === user.id,
      })),
    })),
  };
}

export type Profile = Awaited<ReturnType<typeof profile>>;

/** The agora ranking (competitive points, §13), or the same players by skill rating. */
export async function leaderboard(db: Db, by: "points" | "rating") {
  const rows =
    by === "points"
      ? await db.user.findMany({
          where: { competitiveHands: { gt: 0 } },
          orderBy: [{ rankingPoints: "desc" }, { name: "asc" }],
          take: 100,
          select: {
            name: true,
            rankingPoints: true,
            ratingMu: true,
            ratingSigma: true,
            competitiveHands: true,
          },
        })
      : await db.$queryRaw<
          {
            name: string;
            rankingPoints: number;
            ratingMu: number;
            ratingSigma: number;
            competitiveHands: number;
          }[]
        >`SELECT "name", "rankingPoints", "ratingMu", "ratingSigma", "competitiveHands" FROM "User"
          WHERE "competitiveHands" > 0 ORDER BY "ratingMu" - 3 * "ratingSigma" DESC, "name" LIMIT 100`;
  return rows.map((row, index) => ({
    place: index + 1,
    name: row.name,
    points: row.rankingPoints,
    rating: skillScore({ mu: row.ratingMu, sigma: row.ratingSigma }),
    hands: row.competitiveHands,
  }));
}
