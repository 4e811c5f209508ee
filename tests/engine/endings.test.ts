import { describe, expect, it } from "vitest";
import { nextDeadline } from "@/engine/engine";
import { spectatorView, viewFor } from "@/engine/views";
import { A, B, C, card, hand, names, ofType, play, refusal, tick } from "./helpers";

const tied = () => hand({ hands: ["2H 9S", "3D KC", "4S 5S 6S"], table: ["10C JC QC"] });

describe("§10 other endings", () => {
  it("§10.1 the final silence counts everyone's cards and the fewest wins", () => {
    const { state, events } = tick(hand({ hands: ["2H", "3S 4S", "5D 6D 7D"] }), 120);
    expect(ofType(events, "silence")[0]!.counts).toEqual([1, 2, 3]);
    expect(ofType(events, "handOver")[0]).toMatchObject({ reason: "silence", winner: A });
    expect(state.outcome!.scores).toEqual([55, 0, 0]);
  });

  it("§10.1 open plays are judged at the silence before the count: cards on trial do not escape it", () => {
    let state = hand({ hands: ["2H", "3S 4S 9D", "5D 6D 7D"], table: ["4C 5C 6C"] });
    state = play(state, B, { do: "add", card: card("9D"), meld: 1 }, 100);
    state = play(state, B, { do: "add", card: card("3S"), meld: 1 }, 101);
    state = tick(state, 120).state;
    expect(state.outcome).toMatchObject({ reason: "silence", winner: A });
    expect(names(state.players[B]!.hand)).toBe(names([card("3S"), card("4S"), card("9D")]));
  });

  it("§10.2 the tied players' cards form one shared pile, public in every view; the third player's hand stays hidden", () => {
    const { state, events } = tick(tied(), 120);
    expect(ofType(events, "tiebreak")[0]).toMatchObject({ seats: [A, B], deadline: 240_000 });
    const view = viewFor(state, C);
    expect(names(view.tiebreak!.pile)).toBe(names(["2H", "9S", "3D", "KC"].map((c) => card(c))));
    expect(view.tiebreak!.counts).toEqual([2, 2]);
    expect(viewFor(state, A).seats[C]!.handCount).toBe(3);
    expect(JSON.stringify(viewFor(state, A))).not.toContain(`"hand":[${card("4S")}`);
    expect(spectatorView(state).you).toBeNull();
  });

  it("§10.2 during the tie-break the next deadline is its end (or a play's 40 s); no inactivity runs", () => {
    let state = tick(tied(), 120).state;
    expect(nextDeadline(state)).toBe(240_000);
    state = play(state, A, { do: "stage", card: card("2H") }, 130);
    expect(nextDeadline(state)).toBe(170_000);
    expect(viewFor(state, B).inactivityAt).toBeNull();
  });

  it("§10.2 only the tied players take part: the third can do nothing until the hand ends", () => {
    const state = tick(tied(), 120).state;
    expect(refusal(state, C, { do: "add", card: card("4S"), meld: 1 }, 121).code).toBe(
      "not-in-tiebreak",
    );
  });

  it("§10.2 with no card placed in 2 minutes the hand is a DRAW between the tied players", () => {
    const { state, events } = tick(tied(), 240);
    expect(ofType(events, "handOver")[0]).toMatchObject({
      reason: "draw",
      winner: null,
      draw: [A, B],
    });
    expect(state.outcome!.scores).toEqual([46, 46, 0]);
  });
});
