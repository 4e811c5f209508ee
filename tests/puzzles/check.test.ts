import { describe, expect, it } from "vitest";
import { cards } from "@/engine/cards";
import { checkAttempt } from "@/puzzles/check";
import type { PuzzlePosition } from "@/puzzles/types";

// Two runs and a nine: the nines make a set, the runs give theirs up (two cards moved).
const [h6, h7, h8, h9, c6, c7, c8, c9, d9, s9] = cards("6H 7H 8H 9H 6C 7C 8C 9C 9D 9S");
const position: PuzzlePosition = {
  rules: "machiavelox",
  table: [
    { id: 1, cards: [h6!, h7!, h8!, h9!] },
    { id: 2, cards: [c6!, c7!, c8!, c9!] },
  ],
  hand: [d9!, s9!],
};
const optimum = { placed: [d9!, s9!], moved: 2 };
const best = [
  [h6!, h7!, h8!],
  [c6!, c7!, c8!],
  [h9!, c9!, d9!, s9!],
];

describe("puzzle checker", () => {
  it("accepts the optimum: every meld valid, the table's cards and the claimed hand cards", () => {
    expect(checkAttempt(position, optimum, { melds: best, placed: [d9!, s9!] })).toEqual({
      ok: true,
      placed: 2,
      moved: 2,
      solved: true,
      bonus: false,
    });
  });

  it("counts a valid table placing fewer as not solved", () => {
    const melds = [
      [h6!, h7!, h8!],
      [c6!, c7!, c8!, c9!],
      [h9!, d9!, s9!],
    ];
    expect(checkAttempt(position, optimum, { melds, placed: [d9!, s9!] })).toMatchObject({
      ok: true,
      solved: true,
      moved: 1,
      bonus: true,
    });
    const fewer = checkAttempt(position, optimum, {
      melds: [...position.table.map((m) => m.cards)],
      placed: [],
    });
    expect(fewer).toMatchObject({ ok: true, placed: 0, solved: false });
  });

  it("refuses an invalid meld", () => {
    const melds = [
      [h6!, h7!],
      [c6!, c7!, c8!, c9!],
      [h8!, h9!, d9!, s9!],
    ];
    expect(checkAttempt(position, optimum, { melds, placed: [d9!, s9!] })).toMatchObject({
      ok: false,
    });
  });

  it("refuses a table that lost a table card", () => {
    const melds = [
      [h6!, h7!, h8!],
      [c6!, c7!, c8!],
      [c9!, d9!, s9!],
    ];
    const verdict = checkAttempt(position, optimum, { melds, placed: [d9!, s9!] });
    expect(verdict).toEqual({ ok: false, reason: "9H left the table" });
  });

  it("refuses cards placed but not claimed, claimed but not placed, or not in the hand", () => {
    expect(checkAttempt(position, optimum, { melds: best, placed: [d9!] })).toMatchObject({
      ok: false,
      reason: "9S is placed but not claimed",
    });
    const table = position.table.map((m) => m.cards);
    expect(checkAttempt(position, optimum, { melds: table, placed: [d9!] })).toMatchObject({
      ok: false,
      reason: "9D is claimed but not on the table",
    });
    const [c10] = cards("10C");
    const melds = [
      [h6!, h7!, h8!, h9!],
      [c6!, c7!, c8!, c9!, c10!],
    ];
    expect(checkAttempt(position, optimum, { melds, placed: [c10!] })).toMatchObject({
      ok: false,
      reason: "10C is not in the hand",
    });
  });

  it("refuses a card twice or a run over the rule set's limit", () => {
    const twice = [...best, [h6!]];
    expect(checkAttempt(position, optimum, { melds: twice, placed: [d9!, s9!] })).toMatchObject({
      ok: false,
      reason: "6H is on the table twice",
    });
    const long = cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS");
    const big: PuzzlePosition = { rules: "machiavelox", table: [], hand: long };
    const verdict = checkAttempt(big, { placed: long, moved: 0 }, { melds: [long], placed: long });
    expect(verdict).toMatchObject({ ok: false, reason: "a run longer than 10 cards" });
  });

  it("judges runs by the puzzle's rule set: classic runs do not turn the corner", () => {
    const corner = cards("QD KD AD 2D");
    const classic: PuzzlePosition = { rules: "classic", table: [], hand: corner };
    const submission = { melds: [corner], placed: corner };
    expect(checkAttempt(classic, { placed: corner, moved: 0 }, submission).ok).toBe(false);
    const mach = { ...classic, rules: "machiavelox" as const };
    expect(checkAttempt(mach, { placed: corner, moved: 0 }, submission).ok).toBe(true);
  });
});
