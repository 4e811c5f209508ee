import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cards } from "@/engine/cards";
import { applyClassic, classicViewFor, FIRST_JOKER } from "@/engine/classic";
import { checkAttempt, invalidMeld } from "@/puzzles/check";
import {
  classicPuzzleGame,
  classicReplayError,
  classicSolutionSteps,
  classicSubmission,
  hasJokers,
} from "@/puzzles/classic";
import { botPositions, puzzleFrom, solveGraded, withJokers } from "@/puzzles/generate";
import type { Puzzle } from "@/puzzles/types";
import { position } from "./position";

const JK = FIRST_JOKER;

/** Seeded classic puzzles, as the generator makes them: plain and with Tahiti's jokers. */
function classicPuzzles(seeds: number[]): { plain: Puzzle[]; jokers: Puzzle[] } {
  const plain: Puzzle[] = [];
  const jokers: Puzzle[] = [];
  for (const seed of seeds)
    botPositions({ seed }).forEach((p, n) => {
      if (p.rules !== "classic") return;
      const puzzle = puzzleFrom(p, solveGraded(p));
      if (puzzle) plain.push(puzzle);
      const tahiti = withJokers(p, seed * 64 + n);
      const withJoker = tahiti && puzzleFrom(tahiti, solveGraded(tahiti));
      if (withJoker) jokers.push(withJoker);
    });
  return { plain, jokers };
}

describe("a classic puzzle on the classic table", () => {
  it("starts in seat 0's turn with the puzzle's combinations on the table and its hand, nothing placed", () => {
    const p = position("classic", "9D", "6H 7H 8H 9H", "6C 7C 8C 9C");
    const state = classicPuzzleGame(p);
    expect(state.turn).toBe(0);
    expect(state.table.map((c) => c.cards)).toEqual(p.table.map((m) => m.cards));
    expect(state.hands).toEqual([p.hand, []]);
    expect(state.options.variants).toEqual([]);
    expect(classicSubmission(p, state)).toEqual({ melds: p.table.map((m) => m.cards), placed: [] });
    // A player's put is the engine's: the hand card joins the table, the turn goes on.
    const put = applyClassic(state, 0, { do: "put", card: p.hand[0]!, to: "new" }, 1);
    expect(put.ok).toBe(true);
    if (!put.ok) return;
    expect(classicSubmission(p, put.state).placed).toEqual(p.hand);
    expect(classicViewFor(put.state, 0).work?.valid).toBe(false);
  });

  it("replays every seeded classic solution, jokers or not, step by step to a table the checker accepts", () => {
    const { plain, jokers } = classicPuzzles([1, 2, 3]);
    expect(plain.length).toBeGreaterThan(0);
    expect(jokers.length).toBeGreaterThan(0);
    for (const puzzle of [...plain, ...jokers]) {
      const { position: p, solution } = puzzle;
      expect(classicReplayError(p, solution)).toBeNull();
      const steps = classicSolutionSteps(p, solution);
      const end = steps.at(-1)!;
      expect(end.turn).toBe(0);
      expect(checkAttempt(p, solution, classicSubmission(p, end))).toMatchObject({
        ok: true,
        solved: true,
      });
    }
  });

  it("every classic puzzle of the shipped set plays on the classic table to its solution", () => {
    const shipped = JSON.parse(readFileSync("prisma/puzzles.json", "utf8")) as Puzzle[];
    const classic = shipped.filter((p) => p.position.rules === "classic");
    expect(classic.some((p) => hasJokers(p.position))).toBe(true);
    for (const { position: p, solution } of classic) {
      expect(
        invalidMeld(
          "classic",
          p.table.map((m) => m.cards),
        ),
      ).toBeNull();
      expect(classicReplayError(p, solution)).toBeNull();
    }
  });

  it("a Tahiti puzzle holds a joker, keeps every combination valid, and has the jokers theme", () => {
    const { jokers } = classicPuzzles([1, 2]);
    for (const puzzle of jokers) {
      expect(hasJokers(puzzle.position)).toBe(true);
      expect(puzzle.themes).toContain("jokers");
      expect(puzzle.position.rules).toBe("classic");
      expect(
        invalidMeld(
          "classic",
          puzzle.position.table.map((m) => m.cards),
        ),
      ).toBeNull();
      expect(classicPuzzleGame(puzzle.position).options.variants).toEqual(["tahiti"]);
    }
  });
});

describe("the checker and Tahiti's jokers (classic §8)", () => {
  const [h6, h7, h8, s5, d5, c5] = cards("6H 7H 8H 5S 5D 5C");
  const p = {
    rules: "classic" as const,
    table: [
      { id: 1, cards: [h6!, JK, h8!] },
      { id: 2, cards: [s5!, d5!, c5!] },
    ],
    hand: [h7!],
  };

  it("accepts the joker swap: the real card in its place, the joker elsewhere", () => {
    const verdict = checkAttempt(
      p,
      { placed: [h7!], moved: 1 },
      {
        melds: [
          [h6!, h7!, h8!],
          [s5!, d5!, c5!, JK],
        ],
        placed: [h7!],
      },
    );
    expect(verdict).toEqual({ ok: true, placed: 1, moved: 1, solved: true, bonus: false });
  });

  it("refuses two jokers in one combination, and a joker in a Machiavelox puzzle", () => {
    expect(invalidMeld("classic", [[h6!, JK, JK + 1]])).toMatch(/one joker/);
    const verdict = checkAttempt(
      { ...p, rules: "machiavelox", table: [{ id: 1, cards: [s5!, d5!, c5!] }] },
      { placed: [], moved: 0 },
      { melds: [[s5!, d5!, c5!, JK]], placed: [] },
    );
    expect(verdict).toEqual({ ok: false, reason: `not a card: ${JK}` });
  });

  it("a classic table with a run round the corner is not valid", () => {
    expect(invalidMeld("classic", [cards("QH KH AH 2H")])).not.toBeNull();
    expect(invalidMeld("machiavelox", [cards("QH KH AH 2H")])).toBeNull();
  });
});
