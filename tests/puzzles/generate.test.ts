import { describe, expect, it } from "vitest";
import { checkMeld, meldRulesFor } from "@/engine/melds";
import { checkAttempt } from "@/puzzles/check";
import {
  botPositions,
  isInteresting,
  positionKey,
  puzzleFrom,
  solveGraded,
  themesOf,
  touchedMelds,
} from "@/puzzles/generate";
import { position } from "./position";

describe("puzzle generator's filters", () => {
  it("keeps an answer that moves two table cards out of two melds", () => {
    const p = position("machiavelox", "9D", "6H 7H 8H 9H", "6C 7C 8C 9C");
    const puzzle = puzzleFrom(p, solveGraded(p));
    expect(puzzle).not.toBeNull();
    expect(puzzle!.solution.moved).toBe(2);
    expect(puzzle!.touched).toBe(3);
  });

  it("drops a position a direct lay solves (nothing moved)", () => {
    const p = position("machiavelox", "9H 10H", "6H 7H 8H", "2C 3C 4C");
    const solved = solveGraded(p);
    expect(solved!.hint.moved).toBe(0);
    expect(puzzleFrom(p, solved)).toBeNull();
  });

  it("drops an answer that moves a single card", () => {
    const p = position("machiavelox", "9D 9S", "6H 7H 8H 9H", "2C 3C 4C");
    const solved = solveGraded(p);
    expect(solved!.hint.moved).toBe(1);
    expect(isInteresting(p.table, solved!.hint)).toBe(false);
  });

  it("counts a new meld of hand cards alone as touching nothing", () => {
    const p = position("machiavelox", "2D 3D 4D", "6H 7H 8H");
    const solved = solveGraded(p)!;
    expect(touchedMelds(p.table, solved.hint.target)).toBe(0);
  });

  it("sees the same position whatever the copies and meld ids", () => {
    const a = position("classic", "9D", "6H 7H 8H 9H", "6C 7C 8C 9C");
    const b = position("classic", "9D 9D", "6C 7C 8C 9C", "6H 7H 8H 9H");
    const other = {
      ...b,
      hand: b.hand.slice(1),
      table: b.table.map((m) => ({ ...m, id: m.id + 5 })),
    };
    expect(positionKey(other)).toBe(positionKey(a));
    expect(positionKey({ ...a, rules: "machiavelox" })).not.toBe(positionKey(a));
  });

  it("names the themes: sets regrouped into runs", () => {
    const p = position("machiavelox", "AC", "JC JD JH", "QC QD QH", "KC KD KH");
    const solved = solveGraded(p)!;
    expect(themesOf(p.table, solved.hint.target)).toContain("sets-to-runs");
  });

  it("takes valid positions from seeded bot games, the same for the same seed", () => {
    const positions = botPositions({ seed: 3 });
    expect(positions.length).toBeGreaterThan(0);
    expect(botPositions({ seed: 3 })).toEqual(positions);
    for (const p of positions) {
      const rules = meldRulesFor(p.rules);
      for (const meld of p.table) expect(checkMeld(rules, meld.cards).ok).toBe(true);
      expect(p.hand.length).toBeGreaterThanOrEqual(2);
    }
  });

  it("every puzzle kept from seeded games is interesting, and its own answer passes the checker", () => {
    let kept = 0;
    for (const seed of [1, 2, 3, 4]) {
      for (const p of botPositions({ seed })) {
        const puzzle = puzzleFrom(p, solveGraded(p));
        if (!puzzle) continue;
        kept++;
        const { solution } = puzzle;
        expect(solution.moved).toBeGreaterThanOrEqual(2);
        expect(puzzle.touched).toBeGreaterThan(1);
        const verdict = checkAttempt(p, solution, {
          melds: solution.target.map((m) => m.cards),
          placed: solution.placed,
        });
        expect(verdict).toMatchObject({ ok: true, solved: true, bonus: false });
      }
    }
    expect(kept).toBeGreaterThan(0);
  });
});
