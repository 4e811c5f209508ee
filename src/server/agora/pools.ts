// The agora's queues: Machiavelox's (tables of three) and classic Machiavelli's (standard
// rules, one-minute turns, a single round; the player picks a table of 3 or 4). Each game has
// its own rating: a player's skill at one never pairs them at the other.

import { STANDARD_OPTIONS, type ClassicOptions } from "@/engine/classic";
import type { MatchSpec } from "../matches/engine";
import { skillScore, type Skill } from "./ratings";

export const RANKED_POOLS = ["machiavelox", "classic-3", "classic-4"] as const;
export type RankedPool = (typeof RANKED_POOLS)[number];

/** Ranked classic: the standard rules, one minute a turn, one round, absence puts you out. */
export const RANKED_CLASSIC_OPTIONS: ClassicOptions = {
  ...STANDARD_OPTIONS,
  turnLimit: 60_000,
  target: null,
  absentOut: 3,
};

/** The pool a player asks for: Machiavelox, or classic at a table of `players`. */
export function poolOf(game: "machiavelox" | "classic", players?: 3 | 4): RankedPool {
  return game === "machiavelox" ? "machiavelox" : players === 4 ? "classic-4" : "classic-3";
}

export function tableSize(pool: RankedPool): number {
  return pool === "classic-4" ? 4 : 3;
}

export function specOfPool(pool: RankedPool): MatchSpec {
  return pool === "machiavelox"
    ? { rules: "machiavelox", kind: "single" }
    : { rules: "classic", players: tableSize(pool), options: RANKED_CLASSIC_OPTIONS };
}

/** The rating columns of a player, as read for either game. */
export type RatingColumns = {
  ratingMu: number;
  ratingSigma: number;
  classicRatingMu: number;
  classicRatingSigma: number;
};

/** The player's skill at the pool's game. */
export function skillIn(pool: RankedPool, user: RatingColumns): Skill {
  return pool === "machiavelox"
    ? { mu: user.ratingMu, sigma: user.ratingSigma }
    : { mu: user.classicRatingMu, sigma: user.classicRatingSigma };
}

export function scoreIn(pool: RankedPool, user: RatingColumns): number {
  return skillScore(skillIn(pool, user));
}
