// What a competitive hand changes once it has ended: each player's ranking points (the sum of
// competitive points, §13), skill rating, and abandonments. A ranked classic round changes
// classic's own rating only (its penalties never enter the ranking), and being out of it for
// absence is an abandonment. Friendly games never come here.

import type { Prisma } from "@/generated/prisma/client";
import type { Db } from "../db/client";
import { leftSeats, replayMatch } from "../games/replay";
import { checkAbandonment } from "./fair-play";
import { classicPlaces, places, rateHand, skillScore, type Skill } from "./ratings";

/**
 * Marks the ended competitive match counted, unless someone has (whoever marks `settledAt`
 * first counts it): its first hand or round, its stored result and its players in seat order;
 * null when it is counted already or has no finished hand.
 */
async function claim(tx: Prisma.TransactionClient, matchId: string, now: Date) {
  const claimed = await tx.match.updateMany({
    where: { id: matchId, kind: "COMPETITIVE", status: "ENDED", settledAt: null },
    data: { settledAt: now },
  });
  if (claimed.count === 0) return null;
  const match = await tx.match.findUniqueOrThrow({
    where: { id: matchId },
    select: {
      result: true,
      hands: { where: { number: 1 } },
      seats: {
        orderBy: { seat: "asc" },
        select: {
          user: {
            select: {
              id: true,
              ratingMu: true,
              ratingSigma: true,
              classicRatingMu: true,
              classicRatingSigma: true,
            },
          },
        },
      },
    },
  });
  const hand = match.hands[0];
  if (!hand) return null;
  const result = match.result as { draw?: number[] | null; absent?: number[] } | null;
  return { hand, result, players: match.seats.map((seat) => seat.user!) };
}

/**
 * Counts an ended competitive match, once. A match a moderator ended before its hand did
 * counts for nobody.
 */
export async function settleCompetitive(db: Db, matchId: string, now = new Date()): Promise<void> {
  const game = await db.match.findUnique({ where: { id: matchId }, select: { rules: true } });
  if (game?.rules === "classic") return settleClassic(db, matchId, now);
  const replayed = await replayMatch(db, matchId);
  const final = replayed?.final;
  const left = final ? leftSeats(final) : [];
  await db.$transaction(async (tx) => {
    const claimed = await claim(tx, matchId, now);
    if (!claimed) return;
    const { hand, result, players } = claimed;
    const skills = rateHand(
      players.map((user) => ({ mu: user.ratingMu, sigma: user.ratingSigma })),
      places(hand.scores, hand.winner, result?.draw ?? null),
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

/** Counts an ended ranked classic round, once: classic ratings from its finishing order. */
async function settleClassic(db: Db, matchId: string, now: Date): Promise<void> {
  await db.$transaction(async (tx) => {
    const claimed = await claim(tx, matchId, now);
    if (!claimed) return;
    const { hand: round, result, players } = claimed;
    const absent = result?.absent ?? [];
    const before: Skill[] = players.map((user) => ({
      mu: user.classicRatingMu,
      sigma: user.classicRatingSigma,
    }));
    const skills = rateHand(
      before,
      classicPlaces(round.scores, round.winner, result?.draw ?? null, absent),
    );
    for (const [seat, user] of players.entries()) {
      await tx.user.update({
        where: { id: user.id },
        data: {
          classicRounds: { increment: 1 },
          classicRatingMu: skills[seat]!.mu,
          classicRatingSigma: skills[seat]!.sigma,
        },
      });
      const abandoned = absent.includes(seat);
      await tx.matchSeat.update({
        where: { matchId_seat: { matchId, seat } },
        data: { ratingChange: skillScore(skills[seat]!) - skillScore(before[seat]!), abandoned },
      });
      if (abandoned) await checkAbandonment(tx, user.id, now);
    }
  });
}

/**
 * What a settled competitive hand or ranked classic round did for the player (the end of it
 * shows it): the ranking points it added (Machiavelox's; null for classic, whose penalties never
 * enter the ranking), the rating's change and the game's rating now; null until it is counted.
 */
export async function rankedResult(db: Db, matchId: string, userId: string) {
  const seat = await db.matchSeat.findFirst({
    where: { matchId, userId, match: { kind: "COMPETITIVE", settledAt: { not: null } } },
    select: {
      seat: true,
      ratingChange: true,
      match: {
        select: { rules: true, hands: { where: { number: 1 }, select: { scores: true } } },
      },
      user: {
        select: {
          ratingMu: true,
          ratingSigma: true,
          rankingPoints: true,
          classicRatingMu: true,
          classicRatingSigma: true,
        },
      },
    },
  });
  if (!seat?.user) return null;
  const { user } = seat;
  const classic = seat.match.rules === "classic";
  return {
    game: classic ? ("classic" as const) : ("machiavelox" as const),
    points: classic ? null : (seat.match.hands[0]?.scores[seat.seat] ?? 0),
    rankingPoints: classic ? null : user.rankingPoints,
    ratingChange: seat.ratingChange,
    rating: classic
      ? skillScore({ mu: user.classicRatingMu, sigma: user.classicRatingSigma })
      : skillScore({ mu: user.ratingMu, sigma: user.ratingSigma }),
  };
}
