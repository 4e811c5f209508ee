import { describe, expect, it } from "vitest";
import { cards } from "@/engine/cards";
import { viewFor } from "@/engine/views";
import { NEW_MELD } from "@/bots/plan";
import { hint } from "@/server/bots/thinking";
import { accept, laidOut } from "../bots/helpers";

const BUDGET = 400_000;

describe("the Hint's answer from a seat's own view", () => {
  it("§5.3 the 9♦ with two 6-7-8-9 runs: both nines join it in a new set, only the melds that change are shown", () => {
    const state = laidOut({
      hands: ["9D 5S"],
      table: ["6H 7H 8H 9H", "6C 7C 8C 9C", "2S 3S 4S"],
      laid: [true],
    });
    const answer = hint({ type: "hint", view: viewFor(state, 0), budget: BUDGET });
    if (answer.kind !== "placement") throw new Error(`expected a placement, got ${answer.kind}`);
    expect(answer.placed.sort()).toEqual(cards("9D 5S").sort());
    expect(answer.moved).toBe(2);
    expect(answer.eliminates).toBe(false);
    expect(answer.melds.map((m) => [...m.cards].sort((a, b) => a - b))).toEqual(
      expect.arrayContaining([
        cards("6H 7H 8H").sort((a, b) => a - b),
        cards("9H 9D 9C").sort((a, b) => a - b),
      ]),
    );
    // The new set is a new meld; 2-3-4♠ took the 5♠ and shows, untouched melds do not.
    expect(answer.melds.some((m) => m.id >= NEW_MELD)).toBe(true);
    expect(answer.melds).toHaveLength(4);
    // A play with moves: both own cards are declared first (§5.3).
    expect(answer.steps.slice(0, 2)).toEqual(
      expect.arrayContaining(answer.placed.map((card) => ({ do: "stage", card }))),
    );
  });

  it("§5.3 with cards already declared, the plan starts from the staging area", () => {
    let state = laidOut({ hands: ["9D 4C"], table: ["6H 7H 8H 9H", "6C 7C 8C 9C"], laid: [true] });
    state = accept(state, 0, { do: "stage", card: cards("4C")[0]! }, 1);
    const answer = hint({ type: "hint", view: viewFor(state, 0), budget: BUDGET });
    if (answer.kind !== "placement") throw new Error(`expected a placement, got ${answer.kind}`);
    // The 4♣ fits nowhere: it goes back to the hand; the 9♦ is declared next to it.
    expect(answer.steps.slice(0, 2)).toEqual([
      { do: "unstage", card: cards("4C")[0] },
      { do: "stage", card: cards("9D")[0] },
    ]);
  });

  it("§8 a placement that empties the hand of a player who never laid a meld of their own is flagged: it eliminates", () => {
    const state = laidOut({ hands: ["9D"], table: ["6H 7H 8H 9H", "6C 7C 8C 9C"], laid: [false] });
    const answer = hint({ type: "hint", view: viewFor(state, 0), budget: BUDGET });
    expect(answer).toMatchObject({ kind: "placement", placed: cards("9D"), eliminates: true });
  });

  it("no own card fits: no placement; a seat out of the hand cannot play", () => {
    const state = laidOut({ hands: ["2H 9S"], table: ["6C 7C 8C"], laid: [true] });
    expect(hint({ type: "hint", view: viewFor(state, 0), budget: BUDGET })).toEqual({
      kind: "none",
    });
    const left = accept(state, 0, { do: "leave" }, 1);
    expect(hint({ type: "hint", view: viewFor(left, 0), budget: BUDGET })).toEqual({
      kind: "cannot-play",
    });
  });

  it("a search beyond its budget of states says the position is too complex, never a lesser answer", () => {
    // Two own cards placed with one table card moved is the best: the greedy
    // arrangement does not find it, and neither the relaxation's bound nor
    // an arrangement of its own settles it, so a search is needed (a position
    // the relaxation settles answers even with a budget of one state).
    const state = laidOut({
      hands: ["3H 5S JC 2D 3S"],
      table: ["5H 6H 7H", "3D 4D 5D 6D 7D"],
      laid: [true],
    });
    expect(hint({ type: "hint", view: viewFor(state, 0), budget: 1 })).toEqual({
      kind: "too-complex",
    });
    const answer = hint({ type: "hint", view: viewFor(state, 0), budget: BUDGET });
    if (answer.kind !== "placement") throw new Error(`expected a placement, got ${answer.kind}`);
    expect(answer.placed).toHaveLength(2);
    expect(answer.moved).toBe(1);
  });
});
