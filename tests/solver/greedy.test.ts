// The incumbent and the bound on moves (src/solver/greedy.ts): the incumbent is
// a valid arrangement, the bound never passes the brute force's fewest moves;
// and the passes at no move, one or two (withinMoves, src/solver/search.ts).

import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { cards, rankOf } from "@/engine/cards";
import {
  checkMeld,
  CLASSIC_MELDS,
  isValidMeld,
  MACHIAVELOX_MELDS,
  type MeldRules,
} from "@/engine/melds";
import type { OriginalMeld } from "@/solver/layout";
import { withinMoves } from "@/solver/search";
import { fewestMoved, greedyArrangement, isTriple, score, touchedMelds } from "@/solver/greedy";
import { randomPosition } from "../../bench/solver-positions";
import { bruteForce } from "./brute-force";

/** Table melds and own cards from one literal, so that a repeated name is the other copy. */
function position(table: string[], own: string): { table: number[][]; own: number[] } {
  const all = cards([...table, own].join(" "));
  let next = 0;
  const melds = table.map((meld) => all.slice(next, (next += cards(meld).length)));
  return { table: melds, own: all.slice(next) };
}

const toTable = (melds: number[][]) => melds.map((cards, i) => ({ id: i + 1, cards }));

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

  it("§5.3 a card moved from one meld may complete what another has left: 6♣ 7♣ need two moves", () => {
    const { table, own } = position(["8C 8S 8H", "5D 6D 7D 8D", "5S 6S 7S 8S"], "6C 7C 8H");
    // 8♣ goes to 6♣ 7♣, and the 8♦ of the run takes its place in the set.
    expect(fewestMoved(table, own, 2)).toBe(2);
  });

  it("§5.3 a run that gives up two cards may keep the third in a set", () => {
    const { table, own } = position(
      ["5H 5S 5D", "6C 7C 8C", "5C 5S 5H 5D", "8H 8S 8D"],
      "6S 7H 7D 6H 5C",
    );
    // 6♠ 6♥ 6♣, 7♥ 7♦ 7♣ and the 8♣ to the set of eights: two moves.
    expect(fewestMoved(table, own, 5)).toBe(2);
  });

  it("§5.3 a set that gives up two cards may keep the third in a run", () => {
    const { table, own } = position(["6H 6S 6D", "6C 6S 6H"], "7S 5S 8H 5D 7D 7H");
    // 6♥ 7♥ 8♥ keeps the first set's 6♥; its 6♠ and 6♦ go to 5-6-7 runs.
    expect(fewestMoved(table, own, 6)).toBe(2);
    expect(bruteForce(MACHIAVELOX_MELDS, toTable(table), own)).toEqual({ placed: 6, moved: 2 });
  });

  it("§5.3 three moves at least when no two cards moved can place the goal's cards", () => {
    const { table, own } = position(["7D 7S 7H 7C", "6C 7C 8C", "6H 6S 6D"], "8S 9C");
    // 6♠ 7♠ 8♠ takes the 7♠ of the four and the 6♠ of the three, whose
    // place the 6♣ of the run takes; 7♣ 8♣ 9♣ keeps the rest.
    expect(fewestMoved(table, own, 2)).toBe(3);
    expect(bruteForce(CLASSIC_MELDS, toTable(table), own)).toEqual({ placed: 2, moved: 3 });
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

  it("the bound never passes the optimum's moves on tables of a few ranks, where cards compete", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(MACHIAVELOX_MELDS, CLASSIC_MELDS),
        fc.integer(),
        fc.constantFrom([5, 6, 7, 8], [6, 7, 8, 9, 10], [12, 13, 1, 2]),
        (rules, seed, ranks) => {
          const position = randomPosition(rules, seed, { table: [6, 12], hand: [1, 6], ranks });
          const best = bruteForce(rules, position.table, position.own);
          const table = position.table.map((m) => m.cards);
          const bound = fewestMoved(table, position.own, best.placed);
          expect(bound).toBeLessThanOrEqual(best.moved);
          // A set's cards come in no particular order.
          const turned = table.map((m) =>
            rankOf(m[0]!) === rankOf(m.at(-1)!) ? m.toReversed() : m,
          );
          expect(fewestMoved(turned, position.own, best.placed)).toBe(bound);
        },
      ),
      { numRuns: 2000 },
    );
  }, 60_000);
});

/** The table's melds as the solver reads them: each checked, in reading order. */
function originals(rules: MeldRules, table: readonly (readonly number[])[]): OriginalMeld[] {
  return table.map((cards) => {
    const check = checkMeld(rules, cards);
    if (!check.ok) throw new Error(check.reason);
    return { kind: check.kind, cards: check.ordered };
  });
}

describe("the passes at no move, one or two, over the melds such an arrangement can change", () => {
  it("§5.2 with nothing moved, own cards extend runs and fill sets; melds none can join stay as they are", () => {
    const { table, own } = position(["4S 5S 6S", "KC KD KH KS", "9H 10H JH", "7D 7C 7H"], "7S 8S");
    const melds = originals(MACHIAVELOX_MELDS, table);
    const found = withinMoves(MACHIAVELOX_MELDS, melds, own, 2, 0, 10_000);
    expect(found).toMatchObject({ placed: 2, kept: 13 });
    // 7♠ 8♠ go on the run, not 7♠ to the sevens: 8♠ would be left out.
    expect(found!.melds).toContainEqual(cards("4S 5S 6S 7S 8S"));
    expect(found!.melds).toContainEqual(melds[1]!.cards);
    expect(found!.melds).toContainEqual(melds[2]!.cards);
    expect(found!.melds).toContainEqual(melds[3]!.cards);
    expect(score(table, found!.melds, own).kept).toBe(13);
  });

  it("§5.3 none where the card can only go down by moving others: a 9♦ beside two 6-7-8-9 runs", () => {
    const table = [cards("6H 7H 8H 9H"), cards("6C 7C 8C 9C")];
    expect(
      withinMoves(
        MACHIAVELOX_MELDS,
        originals(MACHIAVELOX_MELDS, table),
        cards("9D"),
        1,
        0,
        10_000,
      ),
    ).toBeNull();
  });

  it("§5.3 with one card moved, a set of four lends its K♠ to J♠ Q♠; the other melds stay as they are", () => {
    const { table, own } = position(["KS KH KD KC", "5H 6H 7H", "9C 9D 9S"], "QS JS");
    const melds = originals(CLASSIC_MELDS, table);
    expect(withinMoves(CLASSIC_MELDS, melds, own, 2, 0, 10_000)).toBeNull();
    const found = withinMoves(CLASSIC_MELDS, melds, own, 2, 1, 10_000);
    expect(found).toMatchObject({ placed: 2, kept: 9 });
    expect(found!.melds).toContainEqual(melds[1]!.cards);
    expect(found!.melds).toContainEqual(melds[2]!.cards);
    expect(score(table, found!.melds, own).kept).toBe(9);
  });

  it("§3.1 with one card moved, a run of ten gives up its A♠ to the aces so that a J♠ fits at its other end", () => {
    const { table, own } = position(["AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", "AH AD AC"], "JS");
    const melds = originals(MACHIAVELOX_MELDS, table);
    expect(withinMoves(MACHIAVELOX_MELDS, melds, own, 1, 0, 10_000)).toBeNull();
    const found = withinMoves(MACHIAVELOX_MELDS, melds, own, 1, 1, 10_000);
    expect(found).toMatchObject({ placed: 1, kept: 12 });
  });

  it("§5.3 none with one card moved where the 9♦ needs both nines of two 6-7-8-9 runs", () => {
    const table = [cards("6H 7H 8H 9H"), cards("6C 7C 8C 9C")];
    const melds = originals(MACHIAVELOX_MELDS, table);
    expect(withinMoves(MACHIAVELOX_MELDS, melds, cards("9D"), 1, 1, 10_000)).toBeNull();
  });

  it("§5.3 with two cards moved, the 9♦ takes the nines of two 6-7-8-9 runs; melds no move can use stay as they are", () => {
    const { table, own } = position(
      ["6H 7H 8H 9H", "6C 7C 8C 9C", "KS KH KD KC", "2S 3S 4S"],
      "9D",
    );
    const melds = originals(MACHIAVELOX_MELDS, table);
    expect(touchedMelds(table, own, 1, 2)).toEqual([true, true, false, false]);
    expect(withinMoves(MACHIAVELOX_MELDS, melds, own, 1, 1, 10_000)).toBeNull();
    const found = withinMoves(MACHIAVELOX_MELDS, melds, own, 1, 2, 10_000);
    expect(found).toMatchObject({ placed: 1, kept: 13 });
    expect(found!.melds.map((m) => [...m].sort((a, b) => a - b))).toContainEqual(
      [...cards("9H 9D 9C")].sort((a, b) => a - b),
    );
    expect(found!.melds).toContainEqual(melds[2]!.cards);
    expect(found!.melds).toContainEqual(melds[3]!.cards);
    expect(score(table, found!.melds, own).kept).toBe(13);
  });

  it("each finds an arrangement exactly where the optimum moves that many cards (one or two: where fewer place none), worth the optimum", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(MACHIAVELOX_MELDS, CLASSIC_MELDS),
        fc.integer(),
        fc.constantFrom(undefined, [12, 13, 1, 2], [5, 6, 7, 8]),
        (rules, seed, ranks) => {
          const position = randomPosition(rules, seed, { table: [3, 12], hand: [1, 5], ranks });
          const table = position.table.map((m) => m.cards);
          const best = bruteForce(rules, position.table, position.own);
          // The pass at one move counts on no arrangement moving none, at two on none moving one.
          for (let moves = 0; moves <= Math.min(best.moved, 2); moves++) {
            const melds = originals(rules, table);
            const found = withinMoves(rules, melds, position.own, best.placed, moves, 10_000);
            expect(found !== null).toBe(best.moved === moves);
            if (!found) continue;
            for (const meld of found.melds) expect(isValidMeld(rules, meld)).toBe(true);
            const rescored = score(table, found.melds, position.own);
            expect(rescored.placed).toBe(best.placed);
            expect(rescored.kept).toBe(table.flat().length - moves);
            expect(found.kept).toBe(rescored.kept);
          }
        },
      ),
      { numRuns: 1000 },
    );
  }, 60_000);
});
