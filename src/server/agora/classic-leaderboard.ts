// The leaderboard's classic tab: classic Machiavelli's own rating, from ranked classic rounds.

import type { Db } from "../db/client";
import { skillScore } from "./ratings";

/** The 100 best by classic rating (μ − 3σ), among players with a ranked classic round. */
export async function classicLeaderboard(db: Db) {
  const rows = await db.$queryRaw<
    { name: string; classicRatingMu: number; classicRatingSigma: number; classicRounds: number }[]
  >`SELECT "name", "classicRatingMu", "classicRatingSigma", "classicRounds" FROM "User"
    WHERE "classicRounds" > 0
    ORDER BY "classicRatingMu" - 3 * "classicRatingSigma" DESC, "name" LIMIT 100`;
  return rows.map((row, index) => ({
    place: index + 1,
    name: row.name,
    rating: skillScore({ mu: row.classicRatingMu, sigma: row.classicRatingSigma }),
    rounds: row.classicRounds,
  }));
}
