import { describe, expect, it } from "vitest";
import { pointsOf } from "@/engine/outcome";
import { scoreLinesOf, spectatorView, viewFor } from "@/engine/views";
import { A, B, C, card, hand, play, tick } from "./helpers";

/** A goes out by adding 7C, with 2 cards left in the stock and 3 in the others' hands. */
const goesOutWithTwoInStock = () =>
  play(
    hand({
      stocks: ["2C 3C"],
      hands: ["7C", "KS QS", "5H"],
      table: ["4C 5C 6C"],
      achieved: [{ drawn: true, laidMeld: true }],
    }),
    A,
    { do: "add", card: card("7C"), meld: 1 },
    1,
  );

describe("§12 scoring", () => {
  it("§12 the winner earns 50 − own stock + the opponents' cards; no bonus with cards left in the stock", () => {
    const state = goesOutWithTwoInStock();
    expect(state.outcome!.scores).toEqual([50 - 2 + 3, 0, 0]);
  });

  it("§12 eliminated and left players score −15, and their cards count for the winner", () => {
    let state = hand({ hands: ["2H 3H", "4S", "5D 6D"] });
    state = play(state, A, { do: "stop" }, 1);
    state = play(state, A, { do: "giveup" }, 2);
    state = play(state, B, { do: "leave" }, 3);
    // C survives: 50 − 0 + A's 2 cards + B's 1 card.
    expect(state.outcome).toMatchObject({ reason: "survivor", winner: C, scores: [-15, -15, 53] });
  });

  it("§12 the same formula applies to whoever wins by the final silence", () => {
    const state = tick(hand({ hands: ["2H", "3S 4S", "5D 6D 7D"] }), 120).state;
    expect(state.outcome!.scores).toEqual([50 + 2 + 3, 0, 0]);
  });

  it("§12 in a draw each tied player scores 50 − the shared pile, never below −15; a third player scores 0", () => {
    const state = tick(hand({ hands: ["2H 9S", "3D KC", "4S 5S 6S"] }), 240).state;
    expect(state.outcome!.scores).toEqual([46, 46, 0]);
  });

  it("§12 the points of the hand are in every seat's view once it is over", () => {
    const state = tick(hand({ hands: ["2H", "3S 4S", "5D 6D 7D"] }), 120).state;
    expect(viewFor(state, B).outcome).toMatchObject({ winner: A, scores: [55, 0, 0] });
  });

  it("§12 the end of the hand shows how the points came about, from what every seat sees", () => {
    const won = goesOutWithTwoInStock();
    expect(scoreLinesOf(viewFor(won, B))).toEqual([
      { kind: "winner", base: 50, stock: 2, others: 3, bonus: 0 },
      { kind: "none" },
      { kind: "none" },
    ]);
    let left = hand({ hands: ["2H 3H", "4S", "5D 6D"] });
    left = play(left, A, { do: "stop" }, 1);
    left = play(left, A, { do: "giveup" }, 2);
    left = play(left, B, { do: "leave" }, 3);
    const draw = tick(hand({ hands: ["2H 9S", "3D KC", "4S 5S 6S"] }), 240).state;
    for (const state of [won, left, draw]) {
      const lines = scoreLinesOf(spectatorView(state))!;
      expect(lines.map(pointsOf)).toEqual(state.outcome!.scores);
    }
    expect(scoreLinesOf(spectatorView(draw))![0]).toEqual({ kind: "draw", pile: 4 });
  });
});
