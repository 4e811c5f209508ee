// The count of the most own cards that can be placed (src/solver/most.ts, and
// by the relaxation count by count in src/solver/reduced.ts) against the
// brute force, on positions dense round the Ace in both rule sets.

import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { type CardId, cards, rankOf, SUITS, suitOf } from "@/engine/cards";
import { CLASSIC_MELDS, MACHIAVELOX_MELDS } from "@/engine/melds";
import { TooComplexError } from "@/solver/errors";
import { mostPlaced } from "@/solver/most";
import { score } from "@/solver/greedy";
import { mostByRelaxation } from "@/solver/reduced";
import { randomPosition } from "../../bench/solver-positions";
import { bruteForce } from "./brute-force";

function grid(list: readonly CardId[]): number[][] {
  const counts = Array.from({ length: 13 }, () => [0, 0, 0, 0]);
  for (const c of list) counts[rankOf(c) - 1]![SUITS.indexOf(suitOf(c))]!++;
  return counts;
}

describe("the most own cards that can be placed", () => {
  it("§3.1 K♠ A♠ 2♠ goes through the Ace in Machiavelox only", () => {
    const own = cards("KS AS 2S");
    expect(mostPlaced(MACHIAVELOX_MELDS, grid([]), grid(own), 10_000)).toBe(3);
    expect(mostPlaced(CLASSIC_MELDS, grid([]), grid(own), 10_000)).toBe(0);
  });

  it("§3.1 Q♠ K♠ A♠ and A♠ 2♠ 3♠ both hold in classic, the Ace at an end", () => {
    const own = cards("QS KS AS AS 2S 3S");
    expect(mostPlaced(CLASSIC_MELDS, grid([]), grid(own), 10_000)).toBe(6);
  });

  it("equals the brute force on dense positions, round the Ace included, in both rule sets", () => {
    const ranks = fc.constantFrom(undefined, [12, 13, 1, 2], [11, 12, 13, 1, 2, 3], [6, 7, 8, 9]);
    fc.assert(
      fc.property(
        fc.constantFrom(MACHIAVELOX_MELDS, CLASSIC_MELDS),
        fc.integer(),
        ranks,
        (rules, seed, dense) => {
          const { table, own } = randomPosition(rules, seed, {
            table: [3, 10],
            hand: [1, 6],
            ranks: dense,
          });
          const placed = mostPlaced(rules, grid(table.flatMap((m) => m.cards)), grid(own), 1e6);
          expect(placed).toBe(bruteForce(rules, table, own).placed);
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);

  it("told that no arrangement places more than some count at or above the most, still finds the most", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(MACHIAVELOX_MELDS, CLASSIC_MELDS),
        fc.integer(),
        fc.nat(3),
        (rules, seed, above) => {
          const { table, own } = randomPosition(rules, seed, { table: [3, 10], hand: [2, 7] });
          const most = bruteForce(rules, table, own).placed;
          const placed = mostPlaced(
            rules,
            grid(table.flatMap((m) => m.cards)),
            grid(own),
            1e6,
            most + above,
          );
          expect(placed).toBe(most);
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);

  it("on a small budget, is the brute force's or says the position is too complex, never another count", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(MACHIAVELOX_MELDS, CLASSIC_MELDS),
        fc.integer(),
        fc.constantFrom(5, 20, 60),
        (rules, seed, budget) => {
          const { table, own } = randomPosition(rules, seed, { table: [3, 10], hand: [1, 6] });
          let placed: number | null = null;
          try {
            placed = mostPlaced(rules, grid(table.flatMap((m) => m.cards)), grid(own), budget);
          } catch (error) {
            if (!(error instanceof TooComplexError)) throw error;
          }
          if (placed !== null) expect(placed).toBe(bruteForce(rules, table, own).placed);
        },
      ),
      { numRuns: 150 },
    );
  }, 60_000);

  it("by the relaxation count by count and the reduced search, is the brute force's too, after any steps", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(MACHIAVELOX_MELDS, CLASSIC_MELDS),
        fc.integer(),
        fc.constantFrom(undefined, [12, 13, 1, 2], [11, 12, 13, 1, 2, 3], [6, 7, 8, 9]),
        fc.constantFrom(0, 20, 1000),
        fc.boolean(),
        (rules, seed, dense, steps, fromNone) => {
          const { table, own } = randomPosition(rules, seed, {
            table: [3, 10],
            hand: [1, 6],
            ranks: dense,
          });
          const most = bruteForce(rules, table, own).placed;
          const melds = table.map((m) => m.cards);
          const least = fromNone ? 0 : most;
          const search = { steps, nodes: Infinity, tries: Infinity };
          const found = mostByRelaxation(rules, melds, own, least, search);
          if (!found.settled) throw new Error("unsettled with every choice allowed");
          expect(found.most).toBe(most);
          // The count's relaxation, when it settled it, holds an arrangement placing that many.
          if (found.relaxation) {
            const { placed } = score(melds, found.relaxation.arrangement()!, own);
            expect(placed).toBe(most);
          }
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);

  it("by the relaxation on a short search, either settles the count or rules out only counts above it", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(MACHIAVELOX_MELDS, CLASSIC_MELDS),
        fc.integer(),
        fc.constantFrom(0, 20, 300),
        fc.constantFrom(1, 10, 100),
        (rules, seed, steps, nodes) => {
          const { table, own } = randomPosition(rules, seed, { table: [3, 10], hand: [1, 6] });
          const most = bruteForce(rules, table, own).placed;
          const melds = table.map((m) => m.cards);
          const found = mostByRelaxation(rules, melds, own, 0, { steps, nodes, tries: 1 });
          if (found.settled) expect(found.most).toBe(most);
          else expect(found.atMost).toBeGreaterThanOrEqual(most);
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);
});
