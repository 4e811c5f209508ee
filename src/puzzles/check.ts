// The puzzle checker: is a submitted table a valid answer, and how good is it?
// Pure: the server judges every attempt with it, the UI shows its verdict live.

import { type CardId, checkMeld, meldRulesFor, type RuleSetId } from "@/engine";
import { checkCombination, classicName, isClassicCard } from "@/engine/classic";
import { keptCards, matchMelds } from "../solver/matching";
import { PUZZLE_ACE, type PuzzlePosition, type PuzzleSolution } from "./types";

export interface Submission {
  /** the whole table as the player left it */
  melds: CardId[][];
  /** the hand cards the player says are on it */
  placed: CardId[];
}

export type AttemptVerdict =
  | {
      ok: true;
      /** hand cards placed */
      placed: number;
      /** table cards moved (docs/solver.md's definition, as for the solver) */
      moved: number;
      /** placed as many as the solver's optimum */
      solved: boolean;
      /** solved while moving fewer table cards than the solver's arrangement */
      bonus: boolean;
    }
  | { ok: false; reason: string };

/**
 * Whether every meld of the table is valid under the rule set: the "all melds
 * valid" light. Classic melds are judged by the classic engine, which knows
 * Tahiti's jokers.
 */
export function invalidMeld(ruleSet: RuleSetId, melds: readonly CardId[][]): string | null {
  const rules = meldRulesFor(ruleSet);
  for (const meld of melds) {
    if (ruleSet === "classic") {
      const check = checkCombination(meld, PUZZLE_ACE);
      if (!check.ok) return check.reason;
      continue;
    }
    const check = checkMeld(rules, meld);
    if (!check.ok) return check.reason;
    if (check.kind === "run" && meld.length > rules.maxRunLength)
      return `a run longer than ${rules.maxRunLength} cards`;
  }
  return null;
}

export function checkAttempt(
  position: PuzzlePosition,
  solution: Pick<PuzzleSolution, "placed" | "moved">,
  submission: Submission,
): AttemptVerdict {
  const fail = (reason: string): AttemptVerdict => ({ ok: false, reason });
  const classic = position.rules === "classic";
  const seen = new Set<CardId>();
  for (const card of submission.melds.flat()) {
    if (!isClassicCard(card, classic)) return fail(`not a card: ${JSON.stringify(card)}`);
    if (seen.has(card)) return fail(`${classicName(card)} is on the table twice`);
    seen.add(card);
  }
  const bad = invalidMeld(position.rules, submission.melds);
  if (bad !== null) return fail(bad);
  const original = position.table.map((m) => m.cards);
  const missing = original.flat().find((c) => !seen.has(c));
  if (missing !== undefined) return fail(`${classicName(missing)} left the table`);
  const hand = new Set(position.hand);
  const claimed = new Set(submission.placed);
  if (claimed.size !== submission.placed.length) return fail("a hand card is claimed twice");
  for (const card of claimed)
    if (!hand.has(card)) return fail(`${classicName(card)} is not in the hand`);
  const onTable = new Set(original.flat());
  const added = [...seen].filter((c) => !onTable.has(c));
  const foreign = added.find((c) => !hand.has(c));
  if (foreign !== undefined) return fail(`${classicName(foreign)} is not in the hand`);
  const unclaimed = added.find((c) => !claimed.has(c));
  if (unclaimed !== undefined) return fail(`${classicName(unclaimed)} is placed but not claimed`);
  const absent = [...claimed].find((c) => !seen.has(c));
  if (absent !== undefined) return fail(`${classicName(absent)} is claimed but not on the table`);
  const target = submission.melds.filter((m) => m.length > 0);
  const moved = onTable.size - keptCards(original, target, matchMelds(original, target));
  const solved = added.length >= solution.placed.length;
  return { ok: true, placed: added.length, moved, solved, bonus: solved && moved < solution.moved };
}
