// The skill rating of the agora: OpenSkill's Weng-Lin model (Plackett-Luce by default), with
// every competitive hand a free-for-all of three. It drives matchmaking and is shown on
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

/** Every seat's new skill after a hand of three, from its places. */
export function rateHand(skills: Skill[], ranks: number[]): Skill[] {
  const updated = rate(
    skills.map((skill) => [rating(skill)]),
    { rank: ranks },
  );
  return updated.map(([skill]) => ({ mu: skill!.mu, sigma: skill!.sigma }));
}
