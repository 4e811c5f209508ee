// A classic puzzle on the classic table: a game of the classic engine where
// seat 0 holds the puzzle's hand in the middle of its turn and the table its
// combinations, the stock empty and nobody else holding anything. Tahiti's
// jokers (classic §8) play only here. The turn is never ended: the table is
// submitted as it stands. Pure: the browser runs it, the generator replays
// each answer on it.

import type { CardId } from "@/engine";
import { applyClassic, type ClassicState, isJoker, newClassicGame } from "@/engine/classic";
import { planCommands, planSteps } from "../bots/classic/steps";
import { invalidMeld, type Submission } from "./check";
import { PUZZLE_ACE, type PuzzlePosition, type PuzzleSolution } from "./types";

export const CLASSIC_PUZZLE_SEAT = 0;
const STEP_MS = 100;

/** A Tahiti position: a joker on the table or in the hand. */
export function hasJokers(position: PuzzlePosition): boolean {
  return [...position.table.flatMap((m) => m.cards), ...position.hand].some(isJoker);
}

export function classicPuzzleGame(position: PuzzlePosition): ClassicState {
  const created = newClassicGame({
    players: 2,
    now: 0,
    options: { ace: PUZZLE_ACE, variants: hasJokers(position) ? ["tahiti"] : [] },
    setup: {
      hands: [[...position.hand], []],
      stock: [],
      table: position.table.map((m) => [...m.cards]),
    },
  });
  if (!created.ok) throw new Error(created.error);
  return created.state;
}

/** What the player submits: the table as it stands and the hand cards now on it. */
export function classicSubmission(position: PuzzlePosition, state: ClassicState): Submission {
  const melds = state.table.map((c) => [...c.cards]).filter((m) => m.length > 0);
  const onTable = new Set<CardId>(melds.flat());
  return { melds, placed: position.hand.filter((c) => onTable.has(c)) };
}

/**
 * The solution on the classic table, one state per card put or moved (the
 * classic bots' steps to the solver's target), from the puzzle's start. Stops
 * at a step the engine refuses (none should: the generator replays each one).
 */
export function classicSolutionSteps(
  position: PuzzlePosition,
  solution: Pick<PuzzleSolution, "target">,
): ClassicState[] {
  const states = [classicPuzzleGame(position)];
  const plan = planSteps(
    states[0]!.table,
    solution.target.map((m) => m.cards),
  );
  const commands = planCommands(plan, position.hand, states[0]!.nextCombinationId);
  for (const command of commands) {
    if (command.do === "end") break;
    const last = states.at(-1)!;
    const result = applyClassic(last, CLASSIC_PUZZLE_SEAT, command, last.now + STEP_MS);
    if (!result.ok) break;
    states.push(result.state);
  }
  return states;
}

/**
 * Why the solution does not play on the classic table, or null when every
 * step is accepted and the table ends as the target, every combination valid.
 */
export function classicReplayError(
  position: PuzzlePosition,
  solution: Pick<PuzzleSolution, "target">,
): string | null {
  const states = classicSolutionSteps(position, solution);
  const { melds } = classicSubmission(position, states.at(-1)!);
  const key = (table: readonly (readonly CardId[])[]) =>
    table
      .map((m) => [...m].sort((a, b) => a - b).join("."))
      .sort()
      .join("|");
  if (key(melds) !== key(solution.target.map((m) => m.cards)))
    return `the classic table stops after ${states.length - 1} steps, short of the target`;
  return invalidMeld("classic", melds);
}
