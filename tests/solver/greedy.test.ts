// The incumbent and the bound on moves (src/solver/greedy.ts): the incumbent is
// a valid arrangement, the bound never passes the brute force's fewest moves.

import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { cards } from "@/engine/cards";
import { CLASSIC_MELDS, isValidMeld, MACHIAVELOX_MELDS } from "@/engine/melds";
import { fewestMoved, greedyArrangement, isTriple } from "@/solver/greedy";
import { randomPosition } from "../../bench/solver-positions";
import { bruteForce } from "./brute-force";

/** Table melds and own cards from one literal, so that a repeated name is the other copy. */
function position(table: string[], own: string): { table: number[][]; own: number[] } {
  const all = cards([...table, own].join(" "));
  let next = 0;
  const melds = table.map((meld) => all.slice(next, (next += cards(meld).length)));
  return { table: melds, own: all.slice(next) };
}

describe("the incumbent and the bound on moves", () => {
  it("§3 the greedy's own check of three cards agrees with the engine's on every three cards", () => {
    for (const rules of [MACHIAVELOX_MELDS, CLASSIC_MELDS])
      for (let a = 0; a < 104; a++)
        for (let b = a + 1; b < 104; b++)
          for (let c = b + 1; c < 104; c++) {
            if (isTriple(rules, a, b, c) !== isValidMeld(rules, [a, b, c]))
              expect.fail(`${rules.id}: ${a} ${b} ${c}`);
          }
  });

  it("§5.3 a 9♦ beside two 6-7-8-9 runs needs two moves, and the incumbent finds them", () => {
    const table = [cards("6H 7H 8H 9H"), cards("6C 7C 8C 9C")];
    const own = cards("9D");
    expect(fewestMoved(table, own, 1)).toBe(2);
    const incumbent = greedyArrangement(MACHIAVELOX_MELDS, table, own);
    expect(incumbent.placed).toBe(1);
    expect(incumbent.kept).toBe(6);
  });

  it("§5.2 a card that extends a run needs no move", () => {
    expect(fewestMoved([cards("5C 6C 7C")], cards("8C"), 1)).toBe(0);
  });

  it("§5.2 a card beyond a run's own card does not extend it: 3♠ 4♠ beside 4-5-6♠ need a 2♠ moved", () => {
    const { table, own } = position(["4S 5S 6S", "2S 2H 2D 2C"], "3S 4S");
    expect(fewestMoved(table, own, 2)).toBe(1);
  });

  it("§5.3 a table card moved stays on the table: a 10♦ swapped into a full set of tens must meld elsewhere", () => {
    const { table, own } = position(["10C 10S 10H 10D", "8H 8S 8D 8C", "9D 9S 9H 9C"], "10D");
    // 8♦ 9♦ 10♦ from the two other sets of four.
    expect(fewestMoved(table, own, 1)).toBe(2);
  });

  it("§5.3 a run of three that gives up an end needs own cards to stay a meld", () => {
    const { table, own } = position(["JC QC KC", "6C 7C 8C 9C 10C", "AC AS AH AD"], "QC");
    // The J♣ for 10♣ J♣ Q♣ leaves Q♣ K♣, which takes the A♣ of the set: two moves.
    expect(fewestMoved(table, own, 1)).toBe(2);
  });

  it("the incumbent keeps every table card in a valid meld; the bound never passes the optimum's moves", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(MACHIAVELOX_MELDS, CLASSIC_MELDS),
        fc.integer(),
        fc.constantFrom(undefined, [12, 13, 1, 2], [6, 7, 8, 9]),
        (rules, seed, ranks) => {
          const position = randomPosition(rules, seed, { table: [3, 10], hand: [1, 5], ranks });
          const table = position.table.map((m) => m.cards);
          const incumbent = greedyArrangement(rules, table, position.own);
          const laid = new Set(incumbent.melds.flat());
          for (const card of table.flat()) expect(laid.has(card)).toBe(true);
          for (const meld of incumbent.melds) {
            expect(isValidMeld(rules, meld)).toBe(true);
            expect(meld.length).toBeLessThanOrEqual(rules.maxRunLength);
          }
          const best = bruteForce(rules, position.table, position.own);
          expect(incumbent.placed).toBeLessThanOrEqual(best.placed);
          expect(fewestMoved(table, position.own, best.placed)).toBeLessThanOrEqual(best.moved);
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);
});
