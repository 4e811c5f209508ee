// The skill ratings of the agora: OpenSkill's Weng-Lin model (Plackett-Luce by default), with
// every competitive hand a free-for-all of three, every ranked classic round one of three or
// four (classic has a rating of its own). It drives matchmaking and is shown on
// profiles; the ranking itself is the sum of competitive points (§13), kept apart.

import { ordinal, rate, rating } from "openskill";

export type Skill = { mu: number; sigma: number };

export const NEW_SKILL: Skill = rating();

/** The conservative estimate shown to players and used to pair them: μ − 3σ. */
export function skillScore(skill: Skill): number {
  return ordinal(skill);
}

/**
 * Places of one hand, 1 first: the winner alone at the top (or the tied seats of a draw),
 * the others by their hand score; equal scores share a place.
 */
export function places(scores: number[], winner: number | null, draw: number[] | null): number[] {
  const top = new Set(winner !== null ? [winner] : (draw ?? []));
  const key = (seat: number) => (top.has(seat) ? Infinity : scores[seat]!);
  return scores.map((_, seat) => 1 + scores.filter((__, other) => key(other) > key(seat)).length);
}

/**
 * Places of one ranked classic round, 1 first: fewest penalty points first (the winner, or the
 * tied seats of a blocked round, at the top); seats out for absence after every seat still in,
 * the one out first last (docs/rules-decisions.md). Equal places share a place.
 */
export function classicPlaces(
  scores: number[],
  winner: number | null,
  draw: number[] | null,
  absent: number[],
): number[] {
  const top = new Set(winner !== null ? [winner] : (draw ?? []));
  // Lower is better: the winners, then penalties, then the absent in reverse order of leaving.
  const key = (seat: number) => {
    const out = absent.indexOf(seat);
    if (out >= 0) return Number.MAX_SAFE_INTEGER - out;
    return top.has(seat) ? -1 : scores[seat]!;
  };
  return scores.map((_, seat) => 1 + scores.filter((__, other) => key(other) < key(seat)).length);
}

/** Every seat's new skill after a hand or round, from its places. */
export function rateHand(skills: Skill[], ranks: number[]): Skill[] {
  const updated = rate(
    skills.map((skill) => [rating(skill)]),
    { rank: ranks },
  );
  return updated.map(([skill]) => ({ mu: skill!.mu, sigma: skill!.sigma }));
}
