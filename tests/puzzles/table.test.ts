import { describe, expect, it } from "vitest";
import { cards } from "@/engine/cards";
import { checkAttempt } from "@/puzzles/check";
import { puzzleFrom, solveGraded, botPositions } from "@/puzzles/generate";
import { puzzleHand, solutionSteps, submissionOf } from "@/puzzles/table";

describe("a puzzle on the engine's table", () => {
  it("starts with the puzzle's melds on the table and its hand in seat 0, nothing placed", () => {
    const [h6, h7, h8, d9] = cards("6H 7H 8H 9D");
    const position = {
      rules: "machiavelox" as const,
      table: [{ id: 1, cards: [h6!, h7!, h8!] }],
      hand: [d9!],
    };
    const state = puzzleHand(position);
    expect(state.table).toEqual([{ id: 1, cards: [h6, h7, h8] }]);
    expect(state.players[0]!.hand).toEqual([d9]);
    expect(submissionOf(position, state)).toEqual({ melds: [[h6, h7, h8]], placed: [] });
  });

  it("replays every solution of seeded puzzles through the engine to a table the checker accepts, the hand going on", () => {
    let replayed = 0;
    for (const seed of [1, 2]) {
      for (const position of botPositions({ seed })) {
        const puzzle = puzzleFrom(position, solveGraded(position));
        if (!puzzle) continue;
        const steps = solutionSteps(position, puzzle.solution);
        expect(steps).toHaveLength(puzzle.solution.plan.length + 1);
        const end = steps.at(-1)!;
        expect(end.outcome).toBeNull();
        const verdict = checkAttempt(position, puzzle.solution, submissionOf(position, end));
        expect(verdict).toMatchObject({ ok: true, solved: true });
        replayed++;
      }
    }
    expect(replayed).toBeGreaterThan(0);
  });
});
