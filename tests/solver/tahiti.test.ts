// The exact search for Tahiti positions (classic §8): jokers, at most one per
// combination, and face-up cards usable at will; its optimum against HiGHS's,
// and its answers played through the classic engine.

import fc from "fast-check";
import loadHighs from "highs";
import { describe, expect, it } from "vitest";
import { classicName } from "@/engine/classic";
import { solveTahiti, type TahitiHint } from "@/solver";
import { PLACED_WEIGHT } from "@/solver/bound";
import {
  standsInEngine,
  tahitiPosition,
  tahitiProgramme,
} from "../../bench/solver-tahiti-positions";
import { resolver } from "../engine/classic-helpers";

const names = (cards: readonly number[]) => cards.map(classicName).join(" ");

/** The search on a table, a hand and face-up cards given as literals ("5H JK 7H"). */
function solve(spec: { table?: string[]; own: string; faceUp?: string }): TahitiHint {
  const resolve = resolver();
  const table = (spec.table ?? []).map((cards, i) => ({ id: i + 1, cards: resolve(cards) }));
  const result = solveTahiti({
    ace: "low-or-high",
    table,
    own: resolve(spec.own),
    faceUp: resolve(spec.faceUp ?? ""),
  });
  if (!result.ok) throw new Error(result.error.reason);
  return result.hint;
}

describe("classic §8 Tahiti: jokers", () => {
  it("classic §8 a joker stands for any card: it fills a run's gap", () => {
    const hint = solve({ table: ["5H 6H 7H"], own: "JK 9H 2C" });
    expect(names(hint.placed)).toBe("JK 9H");
    expect(hint.moved).toBe(0);
    expect(hint.target.map(names)).toEqual(["5H 6H 7H JK 9H"]);
  });

  it("classic §8 a combination may contain only one joker", () => {
    expect(solve({ own: "JK JK 5H" }).placed).toEqual([]);
    expect(names(solve({ own: "JK 5H 6H" }).placed)).toBe("JK 5H 6H");
  });

  it("classic §8 a joker completes a set of three as its fourth card, never a fifth", () => {
    expect(names(solve({ table: ["8S 8H 8D"], own: "JK" }).placed)).toBe("JK");
    expect(solve({ table: ["8S 8H 8D 8C"], own: "JK" }).placed).toEqual([]);
  });

  it("classic §8 holding the real card, you swap it for the joker and use the joker elsewhere", () => {
    const hint = solve({ table: ["5H JK 7H"], own: "6H 9S 10S" });
    expect(names(hint.placed)).toBe("6H 9S 10S");
    expect(hint.moved).toBe(1);
    expect(hint.target.map(names).sort()).toEqual(["5H 6H 7H", "9S 10S JK"]);
  });
});

describe("classic §8 Tahiti: face-up cards", () => {
  it("classic §8 face-up cards can be used in a combination", () => {
    const hint = solve({ own: "7H", faceUp: "7S 7D KC" });
    expect(names(hint.placed)).toBe("7H");
    expect(names(hint.fromFaceUp)).toBe("7S 7D");
    expect(hint.target.map(names)).toEqual(["7S 7H 7D"]);
  });

  it("classic §8 face-up cards need not be used: alone they never make a play", () => {
    const hint = solve({ table: ["5H 6H 7H"], own: "8H", faceUp: "KS KH KD" });
    expect(names(hint.placed)).toBe("8H");
    expect(hint.fromFaceUp).toEqual([]);
    expect(solve({ own: "2C", faceUp: "KS KH KD" }).target).toEqual([]);
  });
});

describe("the Tahiti search's bad input", () => {
  it("a card twice, a bad id or an invalid combination is refused with its reason", () => {
    const bad = (input: Parameters<typeof solveTahiti>[0]) => {
      const result = solveTahiti(input);
      return result.ok ? "ok" : result.error.code;
    };
    expect(bad({ ace: "low-or-high", table: [], own: [104, 104] })).toBe("duplicate-card");
    expect(bad({ ace: "low-or-high", table: [], own: [108] })).toBe("bad-card");
    expect(bad({ ace: "low-or-high", table: [{ id: 1, cards: [104, 105, 3] }], own: [] })).toBe(
      "invalid-meld",
    );
    expect(bad({ ace: "low-or-high", table: [], own: [], budget: 0 })).toBe("too-complex");
  });
});

describe("the Tahiti search is exact", () => {
  it("its optimum is the integer programme's (HiGHS) on seeded positions with jokers and face-up cards", async () => {
    const highs = await loadHighs();
    for (let n = 0; n < 10; n++) {
      const position = tahitiPosition(n, 7, [4, 12]);
      const result = solveTahiti({ ace: "low-or-high", ...position });
      if (!result.ok) throw new Error(`position ${n}: ${result.error.reason}`);
      const { hint } = result;
      const tableCards = position.table.reduce((sum, m) => sum + m.cards.length, 0);
      const ilp = highs.solve(tahitiProgramme(position), { output_flag: false, mip_rel_gap: 0 });
      expect(hint.placed.length * PLACED_WEIGHT + tableCards - hint.moved, `position ${n}`).toBe(
        Math.round(ilp.ObjectiveValue),
      );
    }
  });

  it("any answer, played through the classic engine as one turn, is a table that stands", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seed) => {
        const position = tahitiPosition(seed, 3, [3, 12]);
        const result = solveTahiti({ ace: "low-or-high", ...position });
        if (!result.ok) return result.error.code === "too-complex";
        const { placed, target } = result.hint;
        const onTable = target.flat();
        return (
          standsInEngine(position, target, placed.length) &&
          position.table.every((m) => m.cards.every((c) => onTable.includes(c))) &&
          placed.every((c) => position.own.includes(c))
        );
      }),
      { numRuns: 60 },
    );
  });
});
