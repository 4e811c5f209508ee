import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { type CardId, cards } from "@/engine/cards";
import { CLASSIC_MELDS, isValidMeld, MACHIAVELOX_MELDS, type MeldRules } from "@/engine/melds";
import { PATIENT, PLACED_WEIGHT, Relaxation, SLOW, STEADY } from "@/solver/bound";
import { score } from "@/solver/greedy";
import { searchReduced } from "@/solver/reduced";
import { benchPosition, randomPosition } from "../../bench/solver-positions";
import { smallPosition } from "./brute-force";

const BOTH = [MACHIAVELOX_MELDS, CLASSIC_MELDS];

/** With enough steps the bound is the optimum's value: at least it, less than one above. */
function expectReaches(table: string[], own: string, optimum: number) {
  for (const rules of BOTH) {
    const bound = new Relaxation(rules, table.map(cards), cards(own)).lower(0, optimum + 1, 3000);
    expect(bound).toBeGreaterThanOrEqual(optimum - 1e-6);
    expect(bound).toBeLessThan(optimum + 1);
  }
}

/**
 * The relaxation's `found` as cards: every table card once, own cards at most
 * once, in valid melds, worth at least what it says.
 */
function expectFound(
  rules: MeldRules,
  relaxation: Relaxation,
  melds: readonly (readonly CardId[])[],
  own: readonly CardId[],
) {
  const arrangement = relaxation.arrangement()!;
  const laid = arrangement.flat();
  expect(new Set(laid).size).toBe(laid.length);
  for (const card of melds.flat()) expect(laid).toContain(card);
  for (const card of laid) expect([...melds.flat(), ...own]).toContain(card);
  for (const meld of arrangement) {
    expect(isValidMeld(rules, meld)).toBe(true);
    expect(meld.length).toBeLessThanOrEqual(rules.maxRunLength);
  }
  const { placed, kept } = score(melds, arrangement, own);
  expect(placed * PLACED_WEIGHT + kept).toBeGreaterThanOrEqual(relaxation.found!.worth);
}

describe("the relaxation's bound on what an arrangement is worth", () => {
  it("§5.3 the K/Q/J sets and an A♣: the bound reaches the optimum, 128 + 3 kept", () => {
    expectReaches(["KH KD KC", "QH QD QC", "JH JD JC"], "AC", PLACED_WEIGHT + 3);
  });

  it("§5.3 two 6-7-8-9 runs and a 9♦: the bound reaches the optimum, 128 + 6 kept", () => {
    expectReaches(["6H 7H 8H 9H", "6C 7C 8C 9C"], "9D", PLACED_WEIGHT + 6);
  });

  it("with the proven count of own cards placed, it no longer trades half an own card for kept ones", () => {
    // Bench position 17 (classic): 16 own cards placed, 50 table cards kept.
    // Its relaxation places 16.5 cards and keeps fewer, 64 above the optimum.
    const { table, own } = benchPosition(17);
    const optimum = 16 * PLACED_WEIGHT + 50;
    const melds = table.map((m) => m.cards);
    const free = new Relaxation(CLASSIC_MELDS, melds, own).lower(optimum, 0, 3000);
    const counted = new Relaxation(CLASSIC_MELDS, melds, own, 16).lower(optimum, 0, 3000);
    expect(free).toBeGreaterThanOrEqual(optimum + 60);
    expect(counted).toBeGreaterThanOrEqual(optimum);
    expect(counted).toBeLessThan(optimum + 4);
  });

  it("its branch and bound proves bench position 17 holds nothing above its optimum, where the relaxation alone leaves a gap", () => {
    const { table, own } = benchPosition(17);
    const optimum = 16 * PLACED_WEIGHT + 50;
    const relaxation = new Relaxation(
      CLASSIC_MELDS,
      table.map((m) => m.cards),
      own,
      16,
    );
    expect(relaxation.lower(optimum, 0, 3000)).toBeGreaterThanOrEqual(optimum + 1);
    expect(relaxation.excludes(optimum + 1, 64, 1500)).toBe(true);
    expect(relaxation.excludes(optimum, 64, 1500)).toBe(false);
  });

  it("its branch and bound never excludes what the optimum is worth", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BOTH),
        fc.integer(),
        fc.constantFrom(undefined, [12, 13, 1, 2], [11, 12, 13, 1, 2, 3], [6, 7, 8, 9]),
        fc.constantFrom(1, 8, 64),
        fc.constantFrom(10, 300),
        fc.constantFrom(3, 50, Infinity),
        (rules, seed, ranks, nodes, steps, leafNodes) => {
          const { table, own, best, optimum } = smallPosition(rules, seed, ranks);
          const relaxation = new Relaxation(
            rules,
            table.map((m) => m.cards),
            own,
            best.placed,
          );
          relaxation.lower(optimum, 0, steps);
          expect(relaxation.excludes(optimum, nodes, steps)).toBe(false);
          // With the reduced search at its nodes, sure or not, too.
          const leaf = (goal: number) => searchReduced(relaxation, goal, leafNodes);
          expect(relaxation.excludes(optimum, nodes, steps, leaf)).toBe(false);
          // And it leaves the relaxation's prices as they were.
          const again = relaxation.bound;
          relaxation.excludes(optimum + 1, nodes, steps);
          expect(relaxation.bound).toBe(again);
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);

  it("§5.3 a step's own choice that is an arrangement is kept: the K/Q/J runs with the A♣", () => {
    const table = ["KH KD KC", "QH QD QC", "JH JD JC"].map(cards);
    const relaxation = new Relaxation(MACHIAVELOX_MELDS, table, cards("AC"), 1);
    relaxation.lower(0, PLACED_WEIGHT + 3 + 1, 3000);
    const melds = relaxation.arrangement()!;
    expect(melds.flat().sort((a, b) => a - b)).toEqual(
      [...table.flat(), ...cards("AC")].sort((a, b) => a - b),
    );
    expect(score(table, melds, cards("AC"))).toMatchObject({ placed: 1, kept: 3 });
  });

  it("its arrangements use every table card once, own cards at most once, in valid melds worth what it says", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BOTH),
        fc.integer(),
        fc.constantFrom(undefined, [12, 13, 1, 2], [11, 12, 13, 1, 2, 3], [6, 7, 8, 9]),
        fc.constantFrom(20, 500),
        (rules, seed, ranks, steps) => {
          const { table, own } = randomPosition(rules, seed, {
            table: [3, 12],
            hand: [1, 6],
            ranks,
          });
          const melds = table.map((m) => m.cards);
          const relaxation = new Relaxation(rules, melds, own);
          relaxation.lower(0, 0, steps);
          if (relaxation.found) expectFound(rules, relaxation, melds, own);
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);

  it("its reduced search finds an arrangement worth the optimum and proves none is worth more, at any prices", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BOTH),
        fc.integer(),
        fc.constantFrom(undefined, [12, 13, 1, 2], [11, 12, 13, 1, 2, 3], [6, 7, 8, 9]),
        fc.constantFrom(0, 20, 500),
        fc.boolean(),
        (rules, seed, ranks, steps, counted) => {
          const { table, own, best, optimum } = smallPosition(rules, seed, ranks);
          const melds = table.map((m) => m.cards);
          const relaxation = new Relaxation(rules, melds, own, counted ? best.placed : null);
          relaxation.lower(optimum, 0, steps);
          expect(searchReduced(relaxation, optimum + 1, Infinity)).toBe("none");
          expect(searchReduced(relaxation, optimum, Infinity)).toBe("found");
          expectFound(rules, relaxation, melds, own);
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);

  it("at the first cap its bound leaves open on bench position 297, the reduced search finds the optimum", () => {
    // Classic: 25 own cards placed, 2 table cards moved. The rank
    // programme outgrew its budget there, and a narrowed search of 50,000
    // states took seconds to find the arrangement.
    const { table, own } = benchPosition(297);
    const melds = table.map((m) => m.cards);
    const optimum = 25 * PLACED_WEIGHT + melds.flat().length - 2;
    const relaxation = new Relaxation(CLASSIC_MELDS, melds, own, 25);
    // Its steps aimed, as the solver's are, at what the count is worth.
    expect(relaxation.lower(25 * PLACED_WEIGHT, 0, 3000)).toBeLessThan(optimum + 1);
    expect(searchReduced(relaxation, optimum, 20_000)).toBe("found");
    expectFound(CLASSIC_MELDS, relaxation, melds, own);
    expect(searchReduced(relaxation, optimum + 1, 20_000)).toBe("none");
  });

  it("is never below the optimum, however few steps it takes, at any pace", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BOTH),
        fc.integer(),
        fc.constantFrom(undefined, [12, 13, 1, 2], [11, 12, 13, 1, 2, 3], [6, 7, 8, 9]),
        fc.constantFrom(1, 20, 500),
        fc.integer({ min: 0, max: 1000 }),
        fc.constantFrom([STEADY], [PATIENT], [SLOW], [STEADY, SLOW]),
        (rules, seed, ranks, steps, target, paces) => {
          const { table, own, optimum } = smallPosition(rules, seed, ranks);
          const melds = table.map((m) => m.cards);
          const relaxation = new Relaxation(rules, melds, own);
          // The solver's slower steps go on from the steady ones' prices.
          let bound = Infinity;
          for (const pace of paces) bound = relaxation.lower(target, 0, steps, pace);
          // The solver rounds the bound up by 1e-6 before it takes its floor.
          expect(Math.floor(bound + 1e-6)).toBeGreaterThanOrEqual(optimum);
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);
});
