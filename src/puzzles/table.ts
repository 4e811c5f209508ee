// A puzzle on the game's own table: a hand of the engine where seat 0 holds
// the puzzle's hand and the table its melds, the other seats empty and still.
// The player has not drawn, so emptying the hand never ends it (§8): the
// table stays to be submitted. Pure: the browser runs it, as the tutorial does.

import { type CardId, type Command, apply, newHand, type HandState } from "@/engine";
import type { Submission } from "./check";
import type { PuzzlePosition, PuzzleSolution } from "./types";

export const PUZZLE_SEAT = 0;
/** Commands of a replayed solution, a tenth of a second apart: far from any deadline. */
const STEP_MS = 100;

export function puzzleHand(position: PuzzlePosition): HandState {
  const created = newHand({
    now: 0,
    setup: {
      removed: [],
      stocks: [[], [], []],
      hands: [[...position.hand], [], []],
      table: position.table.map((m) => [...m.cards]),
      achieved: [{ drawn: false, laidMeld: true }],
    },
  });
  if (!created.ok) throw new Error(created.error);
  return created.state;
}

/** What the player submits: the table as it stands and the hand cards now on it. */
export function submissionOf(position: PuzzlePosition, state: HandState): Submission {
  const melds = state.table.map((m) => [...m.cards]).filter((m) => m.length > 0);
  const onTable = new Set<CardId>(melds.flat());
  return { melds, placed: position.hand.filter((c) => onTable.has(c)) };
}

/**
 * The solution's states, one per step of the solver's plan, from the puzzle's
 * start: what the UI shows after an attempt. Stops at a step the engine
 * refuses (none should: the generator replays every plan).
 */
export function solutionSteps(position: PuzzlePosition, solution: PuzzleSolution): HandState[] {
  const states = [puzzleHand(position)];
  for (const command of solution.plan) {
    const last = states.at(-1)!;
    const result = apply(last, PUZZLE_SEAT, command as Command, last.now + STEP_MS);
    if (!result.ok) break;
    states.push(result.state);
  }
  return states;
}
