// The relaxation's linear programme (src/solver/linear.ts): the bound at its
// dual values is the linear relaxation's value — HiGHS's, on the benchmark's
// own programme with integrality dropped — and never below the optimum.

import { describe, expect, it } from "vitest";
import fc from "fast-check";
import loadHighs from "highs";
import { CLASSIC_MELDS, MACHIAVELOX_MELDS, type MeldRules } from "@/engine/melds";
import { solveHint } from "@/solver";
import { Relaxation } from "@/solver/bound";
import { integerProgramme } from "../../bench/solver-ilp";
import { randomPosition, type Position } from "../../bench/solver-positions";
import { smallPosition } from "./brute-force";

const BOTH = [MACHIAVELOX_MELDS, CLASSIC_MELDS];

/** HiGHS's value of the programme with integrality dropped, the count of own cards placed fixed. */
function linearValue(
  highs: Awaited<ReturnType<typeof loadHighs>>,
  position: Position,
  count: number,
): number {
  const placed = [...new Set(position.own.map((c) => `y${c % 52}`))];
  const programme = integerProgramme(position)
    .replace(/Generals[\s\S]*End/, "End")
    .replace("Bounds", ` count: ${placed.join(" + ")} = ${count}\nBounds`);
  const solution = highs.solve(programme, { output_flag: false });
  expect(solution.Status).toBe("Optimal");
  return solution.ObjectiveValue;
}

describe("the linear programme's value", () => {
  it("is the linear relaxation's (HiGHS's), on seeded positions of both rule sets", async () => {
    const highs = await loadHighs();
    for (let seed = 0; seed < 24; seed++) {
      const rules = BOTH[seed % 2]!;
      const position = randomPosition(rules, 7_000 + seed, { table: [10, 60], hand: [3, 15] });
      const hint = solveHint(position);
      if (!hint.ok) throw new Error(hint.error.reason);
      // The most own cards placed: some arrangement places them.
      const count = hint.hint.placed.length;
      const relaxation = new Relaxation(
        rules,
        position.table.map((m) => m.cards),
        position.own,
        count,
      );
      expect(relaxation.linearBound(5_000)).toBeCloseTo(linearValue(highs, position, count), 6);
    }
  }, 60_000);

  it("is never below the optimum, and leaves the relaxation's prices as they were", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<MeldRules>(...BOTH),
        fc.integer(),
        fc.constantFrom(undefined, [12, 13, 1, 2], [11, 12, 13, 1, 2, 3], [6, 7, 8, 9]),
        fc.boolean(),
        fc.constantFrom(1, 5_000),
        (rules, seed, ranks, counted, pivots) => {
          const { table, own, best, optimum } = smallPosition(rules, seed, ranks);
          const melds = table.map((m) => m.cards);
          const relaxation = new Relaxation(rules, melds, own, counted ? best.placed : null);
          relaxation.lower(0, 0, 20);
          const prices = Float64Array.from(relaxation.price);
          const bound = relaxation.bound;
          // The solver rounds the bound up by 1e-6 before it takes its floor.
          expect(Math.floor(relaxation.linearBound(pivots) + 1e-6)).toBeGreaterThanOrEqual(optimum);
          expect(relaxation.price).toEqual(prices);
          expect(relaxation.bound).toBe(bound);
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);
});
