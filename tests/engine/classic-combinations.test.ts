// Classic §2 "Sets and runs", with the Ace rule as a game setting and Tahiti's jokers (§8).

import { describe, expect, it } from "vitest";
import { type AceRule, checkCombination, classicName } from "@/engine/classic";
import { resolver } from "./classic-helpers";

const check = (literal: string, ace: AceRule = "low-or-high") =>
  checkCombination(resolver()(literal), ace);
const valid = (literal: string, ace?: AceRule) => check(literal, ace).ok;
const reason = (literal: string, ace?: AceRule) => {
  const result = check(literal, ace);
  return result.ok ? null : result.reason;
};

describe("classic §2 sets and runs", () => {
  it("classic §2 a set is three or four cards of the same rank in different suits", () => {
    expect(valid("7H 7D 7S")).toBe(true);
    expect(valid("7H 7D 7S 7C")).toBe(true);
    expect(valid("7H 7D")).toBe(false);
    expect(reason("7H 7D 7S 7C 7H")).toMatch(/two 7♥ in one set|at most 4/);
  });

  it("classic §2 the same card never twice in one combination: 7♥ 7♥ 7♠ is not a set", () => {
    expect(reason("7H 7H 7S")).toBe("two 7♥ in one set");
    expect(reason("QH QH QC")).toBe("two Q♥ in one set");
  });

  it("classic §2 a run is three or more cards of one suit in order, in any order on the table", () => {
    expect(valid("3S 4S 5S")).toBe(true);
    expect(valid("5S 3S 4S")).toBe(true);
    expect(valid("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")).toBe(true);
    expect(reason("5H 7H 9H")).toBe("5♥ 7♥ 9♥ is not a run: the ranks are not consecutive");
    expect(reason("7H 8H 8H")).toBe("two 8♥ in one run");
    expect(reason("7H 8S 9H")).toBe("7♥ 8♠ 9♥ is neither a set (one rank) nor a run (one suit)");
  });

  it("classic §2 the Ace is low (A-2-3) or high (Q-K-A), but K-A-2 is not a run", () => {
    expect(valid("AS 2S 3S")).toBe(true);
    expect(valid("QS KS AS")).toBe(true);
    expect(reason("KS AS 2S")).toBe("K-A-2 is not a run: it turns the corner");
  });

  it("classic §2 a combination needs at least three cards", () => {
    expect(reason("7H 8H")).toBe("a combination needs at least 3 cards: 7♥ 8♥");
    expect(reason("")).toBe("a combination needs at least 3 cards: empty");
  });

  it("classic §2 a valid run reads in order from its low end, the Ace after the King when high", () => {
    const run = check("AS KS QS");
    expect(run.ok && run.ordered.map(classicName)).toEqual(["QS", "KS", "AS"]);
  });
});

describe("house option: the Ace rule", () => {
  it("Ace low only: A-2-3 is a run, Q-K-A is not", () => {
    expect(valid("AS 2S 3S", "low")).toBe(true);
    expect(reason("QS KS AS", "low")).toBe(
      "the Ace is low only in this game: Q♠ K♠ A♠ is not a run",
    );
  });

  it("round the corner: K-A-2 is a run, but a run still holds each rank once (at most 13 cards)", () => {
    expect(valid("KS AS 2S", "corner")).toBe(true);
    expect(valid("JS QS KS AS 2S 3S", "corner")).toBe(true);
    expect(valid("KS AS 3S", "corner")).toBe(false);
    expect(reason("KS AS 2S AS", "corner")).toBe("two A♠ in one run");
  });
});

describe("classic §8 Tahiti: jokers", () => {
  it("classic §8 a joker stands for the card a combination lacks, in a set or a run", () => {
    expect(valid("7H 7D JK")).toBe(true);
    expect(valid("7H 7D 7S JK")).toBe(true);
    expect(valid("5H JK 7H")).toBe(true);
    expect(valid("QS KS JK")).toBe(true);
    expect(valid("5H 8H JK")).toBe(false);
    expect(reason("7H 7D 7S 7C JK")).toBe("a set has at most 4 cards: 7♥ 7♦ 7♠ 7♣ joker");
  });

  it("classic §8 a combination may contain only one joker", () => {
    expect(reason("7H JK JK")).toBe("only one joker per combination: 7♥ joker joker");
  });

  it("classic §8 with Thirty-Six a joker counts as the card it stands for (the most it can)", () => {
    const run = check("5H 6H JK");
    expect(run.ok && run.points).toBe(5 + 6 + 7);
    const high = check("QH KH JK");
    expect(high.ok && high.points).toBe(30);
    const set = check("KH KD JK");
    expect(set.ok && set.points).toBe(30);
    const ordered = check("5H JK 7H");
    expect(ordered.ok && ordered.ordered.map(classicName)).toEqual(["5H", "JK", "7H"]);
  });
});
