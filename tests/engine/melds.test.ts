import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { cardName, cards, CARD_COUNT, rankOf, suitOf } from "@/engine/cards";
import {
  checkMeld,
  CLASSIC_MELDS,
  isValidMeld,
  MACHIAVELOX_MELDS,
  splitLongRun,
} from "@/engine/melds";

const mx = (literal: string) => isValidMeld(MACHIAVELOX_MELDS, cards(literal));
const classic = (literal: string) => isValidMeld(CLASSIC_MELDS, cards(literal));
const ordered = (literal: string) => {
  const check = checkMeld(MACHIAVELOX_MELDS, cards(literal));
  return check.ok ? check.ordered.map(cardName).join(" ") : check.reason;
};

describe("§3.1 the run", () => {
  it("§3.1 three or more consecutive cards of the same suit are a run", () => {
    expect(mx("5H 6H 7H")).toBe(true);
    expect(mx("5H 6H 7H 8H 9H")).toBe(true);
    expect(mx("5H 6H")).toBe(false);
    expect(mx("5H 6H 7S")).toBe(false);
    expect(mx("5H 6H 8H")).toBe(false);
  });

  it("§3.1 ascending and descending sequences are the same meld", () => {
    expect(ordered("7H 6H 5H")).toBe("5H 6H 7H");
    expect(ordered("6H 7H 5H")).toBe("5H 6H 7H");
  });

  it("§3.1 the Ace bridges the King and the 2: Q K A 2 3 is a run", () => {
    expect(mx("QS KS AS 2S 3S")).toBe(true);
    expect(ordered("2S AS KS QS 3S")).toBe("QS KS AS 2S 3S");
    expect(mx("KS AS 2S")).toBe(true);
    expect(mx("AS 2S 3S")).toBe(true);
    expect(mx("QS KS AS")).toBe(true);
  });

  it("§3.1 a run may grow beyond 13 cards because the Ace makes it continuous", () => {
    expect(mx("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS")).toBe(true);
    expect(ordered("JC QC KC AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC")).toBe(
      "JC QC KC AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC",
    );
    expect(mx("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 3S")).toBe(false);
  });

  it("§3.1 beyond 10 cards a run is split into two runs as equal as possible, both valid", () => {
    const check = checkMeld(MACHIAVELOX_MELDS, cards("2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD"));
    if (!check.ok) throw new Error(check.reason);
    const parts = splitLongRun(MACHIAVELOX_MELDS, check.ordered);
    expect(parts.map((p) => p.map(cardName).join(" "))).toEqual([
      "2D 3D 4D 5D 6D",
      "7D 8D 9D 10D JD QD",
    ]);
    expect(parts.every((p) => mx(p.map(cardName).join(" ")))).toBe(true);
    expect(splitLongRun(MACHIAVELOX_MELDS, cards("2D 3D 4D 5D 6D 7D 8D 9D 10D JD"))).toHaveLength(
      1,
    );
  });

  it("§3.2 two identical cards never make a run", () => {
    expect(mx("7H 7H 8H 9H")).toBe(false);
  });
});

describe("§3.2 the set", () => {
  it("§3.2 three or four cards of one value in different suits are a set", () => {
    expect(mx("7H 7S 7D")).toBe(true);
    expect(mx("7H 7S 7D 7C")).toBe(true);
    expect(mx("7H 7S")).toBe(false);
  });

  it("§3.2 7H 7H 7S is not a valid meld: the suits must all differ", () => {
    expect(mx("7H 7H 7S")).toBe(false);
    const check = checkMeld(MACHIAVELOX_MELDS, cards("7H 7H 7S"));
    expect(check.ok ? "" : check.reason).toMatch(/different suits/);
  });

  it("§3.2 a set never has more than 4 cards", () => {
    expect(mx("7H 7S 7D 7C 7H")).toBe(false);
  });
});

describe("classic melds (Ace low or high, no corner)", () => {
  it("classic: A-2-3 and Q-K-A are runs, K-A-2 turns the corner and is not", () => {
    expect(classic("AS 2S 3S")).toBe(true);
    expect(classic("QS KS AS")).toBe(true);
    expect(classic("KS AS 2S")).toBe(false);
    const check = checkMeld(CLASSIC_MELDS, cards("KS AS 2S"));
    expect(check.ok ? "" : check.reason).toMatch(/corner/);
  });

  it("classic: runs are never split and never repeat a card", () => {
    expect(classic("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")).toBe(true);
    expect(classic("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")).toBe(false);
    expect(
      splitLongRun(CLASSIC_MELDS, cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")),
    ).toHaveLength(1);
  });
});

describe("§3.3 in general", () => {
  const cardSet = fc.uniqueArray(fc.integer({ min: 0, max: CARD_COUNT - 1 }), {
    minLength: 0,
    maxLength: 14,
  });

  it("§3.3 every valid meld has at least 3 cards, and is one suit or one value", () => {
    fc.assert(
      fc.property(cardSet, (group) => {
        for (const rules of [MACHIAVELOX_MELDS, CLASSIC_MELDS]) {
          const check = checkMeld(rules, group);
          if (!check.ok) continue;
          expect(group.length).toBeGreaterThanOrEqual(3);
          const oneSuit = group.every((c) => suitOf(c) === suitOf(group[0]!));
          const oneRank = group.every((c) => rankOf(c) === rankOf(group[0]!));
          expect(oneSuit || oneRank).toBe(true);
          expect([...check.ordered].sort((a, b) => a - b)).toEqual(
            [...group].sort((a, b) => a - b),
          );
        }
      }),
    );
  });

  it("§3.1 every classic run is also a Machiavelox run, and validity ignores the order of the cards", () => {
    fc.assert(
      fc.property(cardSet, (group) => {
        if (isValidMeld(CLASSIC_MELDS, group))
          expect(isValidMeld(MACHIAVELOX_MELDS, group)).toBe(true);
        expect(isValidMeld(MACHIAVELOX_MELDS, [...group].reverse())).toBe(
          isValidMeld(MACHIAVELOX_MELDS, group),
        );
      }),
    );
  });
});
