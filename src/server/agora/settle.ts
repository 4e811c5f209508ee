// What a competitive hand changes once it has ended: each player's ranking points (the sum of
// competitive points, §13), skill rating, and abandonments. Friendly games never come here.

import type { Db } from "../db/client";
import { leftSeats, replayMatch } from "../games/replay";
import { checkAbandonment } from "./fair-play";
import { places, rateHand, skillScore } from "./ratings";

/**
 * Counts an ended competitive match, once (whoever marks `settledAt` first does it). A match
 * a moderator ended before its hand did counts for nobody.
 */
export async function settleCompetitive(db: Db, matchId: string, now = new Date()): Promise<void> {
  const replayed = await replayMatch(db, matchId);
  const final = replayed?.final;
  const left = final ? leftSeats(final) : [];
  await db.$transaction(async (tx) => {
    const claimed = await tx.match.updateMany({
      where: { id: matchId, kind: "COMPETITIVE", status: "ENDED", settledAt: null },
      data: { settledAt: now },
    });
    if (claimed.count === 0) return;
    const match = await tx.match.findUniqueOrThrow({
      where: { id: matchId },
      select: {
        result: true,
        hands: { where: { number: 1 } },
        seats: {
          orderBy: { seat: "asc" },
          select: { user: { select: { id: true, ratingMu: true, ratingSigma: true } } },
        },
      },
    });
    const hand = match.hands[0];
    if (!hand) return;
    const players = match.seats.map((seat) => seat.user!);
    const draw = (match.result as { draw?: number[] | null } | null)?.draw ?? null;
    const skills = rateHand(
      players.map((user) => ({ mu: user.ratingMu, sigma: user.ratingSigma })),
      places(hand.scores, hand.winner, draw),
    );
    for (const [seat, user] of players.entries()) {
      await tx.user.update({
        where: { id: user.id },
        data: {
          rankingPoints: { increment: hand.scores[seat]! },
          competitiveHands: { increment: 1 },
          ratingMu: skills[seat]!.mu,
          ratingSigma: skills[seat]!.sigma,
        },
      });
      const before = skillScore({ mu: user.ratingMu, sigma: user.ratingSigma });
      await tx.matchSeat.update({
        where: { matchId_seat: { matchId, seat } },
        data: { ratingChange: skillScore(skills[seat]!) - before, abandoned: left[seat] ?? false },
      });
      if (left[seat]) await checkAbandonment(tx, user.id, now);
    }
  });
}

/**
 * What a settled competitive hand did for the player (the end of the hand shows it): the
 * ranking points it added, the rating's change and the rating now; null until it is counted.
 */
export async function rankedResult(db: Db, matchId: string, userId: string) {
  const seat = await db.matchSeat.findFirst({
    where: { matchId, userId, match: { kind: "COMPETITIVE", settledAt: { not: null } } },
    select: {
      seat: true,
      ratingChange: true,
      match: { select: { hands: { where: { number: 1 }, select: { scores: true } } } },
      user: { select: { ratingMu: true, ratingSigma: true, rankingPoints: true } },
    },
  });
  if (!seat?.user) return null;
  return {
    points: seat.match.hands[0]?.scores[seat.seat] ?? 0,
    rankingPoints: seat.user.rankingPoints,
    ratingChange: seat.ratingChange,
    rating: skillScore({ mu: seat.user.ratingMu, sigma: seat.user.ratingSigma }),
  };
}
