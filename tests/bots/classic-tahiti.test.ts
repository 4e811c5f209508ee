// The hard classic bot and the Hint in Tahiti games (classic §8): jokers from
// the hand and on the table (the joker swap), and the face-up cards, through
// the real classic engine.

import { describe, expect, it } from "vitest";
import { classicViewFor } from "@/engine/classic";
import { classicHint } from "@/bots/classic/hint";
import { game, names, tableOf } from "../engine/classic-helpers";
import { botTurn, followHint } from "./helpers";

const TAHITI = { variants: ["tahiti" as const] };
const OPPONENT = "2C 4D 6S 9C JD KS";

describe("classic §8 Tahiti: the hard bot", () => {
  it("classic §8 holding the real card, the hard bot swaps it for the joker and uses the joker elsewhere", () => {
    const start = game({
      hands: ["6H 9S 10S 2C", OPPONENT],
      table: ["5H JK 7H"],
      stock: "3D 4D",
      options: TAHITI,
    });
    const { state, sent } = botTurn(start, "hard");
    expect(tableOf(state).sort()).toEqual(["10S 9S JK", "5H 6H 7H"]);
    expect(names(state.hands[0]!)).toBe("2C");
    expect(sent.at(-1)).toEqual({ do: "end" });
  });

  it("classic §8 the hard bot plays a joker from its hand where it places the most cards", () => {
    const start = game({
      hands: ["JK 9H 3C", OPPONENT],
      table: ["5H 6H 7H"],
      stock: "3D 4D",
      options: TAHITI,
    });
    const { state } = botTurn(start, "hard");
    expect(tableOf(state)).toEqual(["5H 6H 7H 9H JK"]);
    expect(names(state.hands[0]!)).toBe("3C");
  });

  it("classic §8 the hard bot uses face-up cards to place its own, and leaves the others face up", () => {
    const start = game({
      hands: ["7H 3C", OPPONENT],
      faceUp: "7S 7D KC",
      stock: "3D 4D",
      options: TAHITI,
    });
    const { state } = botTurn(start, "hard");
    expect(tableOf(state)).toEqual(["7D 7H 7S"]);
    expect(names(state.faceUp)).toBe("KC");
  });
});

describe("classic §8 Tahiti: the Hint", () => {
  it("classic §8 the hint swaps the joker and uses a face-up card, and its steps, followed, build its target", () => {
    const start = game({
      hands: ["6H 10S 3C", OPPONENT],
      table: ["5H JK 7H"],
      faceUp: "9S KD",
      stock: "3D 4D",
      options: TAHITI,
    });
    const result = classicHint(classicViewFor(start, 0));
    if (!result.ok) throw new Error(result.error.reason);
    const { hint } = result;
    expect(names(hint.placed)).toBe("10S 6H");
    expect(hint.moved).toBe(1);
    const state = followHint(start, hint.plan);
    expect(tableOf(state).sort()).toEqual(hint.plan.target.map(names).sort());
    expect(names(state.faceUp)).toBe("KD");
    expect(state.turn).toBe(1);
  });
});
