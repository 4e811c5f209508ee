import { describe, expect, it } from "vitest";
import { spectatorView, viewFor } from "@/engine/views";
import { A, B, C, card, hand, play } from "./helpers";

function busy() {
  let state = hand({
    hands: ["7C 8H 2D", "KD QS", "JS"],
    stocks: ["AS 2S", "3S", ""],
    table: ["4C 5C 6C", "9H 9C 9D 9S", "10H JH QH"],
    removed: "KC QC",
  });
  state = play(state, A, { do: "add", card: card("2D"), meld: 3 }, 1);
  state = play(state, A, { do: "add", card: card("7C"), meld: 1 }, 2);
  state = play(state, B, { do: "stage", card: card("KD") }, 3);
  state = play(state, B, { do: "take", card: card("9H"), meld: 2 }, 4);
  state = play(state, C, { do: "add", card: card("JS"), meld: 1 }, 5);
  return state;
}

describe("per-seat views", () => {
  it("a seat sees its own hand and stock count, the others' hand and stock counts only", () => {
    const view = viewFor(busy(), A);
    expect(view.you).toEqual({
      seat: A,
      hand: [card("8H")],
      staging: [],
      stockCount: 2,
      achieved: { drawn: false, laidMeld: false },
    });
    expect(view.seats.map((s) => [s.handCount, s.stockCount])).toEqual([
      [1, 2],
      [1, 1],
      [0, 0],
    ]);
    expect(JSON.stringify(view)).not.toContain(`"hand":[${card("QS")}]`);
  });

  it("§4 the others' staging areas are public", () => {
    expect(viewFor(busy(), C).seats[B]!.staging).toEqual([card("KD")]);
    expect(spectatorView(busy()).seats[B]!.staging).toEqual([card("KD")]);
  });

  it("§1 the 2 removed cards are visible to everyone", () => {
    expect(spectatorView(busy()).removed).toEqual([card("KC"), card("QC")]);
  });

  it("§5.4/§6 the table shows cards on trial, holds and each open play's area", () => {
    const view = spectatorView(busy());
    const clubs = view.table.find((m) => m.id === 1)!;
    expect(clubs.valid).toBe(false);
    expect(clubs.cards.map((c) => [c.card, c.onTrialFor])).toEqual([
      [card("JS"), C],
      [card("4C"), null],
      [card("5C"), null],
      [card("6C"), null],
      [card("7C"), A],
    ]);
    expect(clubs.openPlays).toEqual([A, C]);
    const nines = view.table.find((m) => m.id === 2)!;
    expect(nines.cards.find((c) => c.card === card("9H"))!.heldBy).toBe(B);
    expect(view.seats[B]!.holding).toBe(card("9H"));
  });

  it("§3.1 a valid meld reads in order, a run from its low end through the Ace", () => {
    const state = hand({ table: ["2S AS KS QS 3S"] });
    expect(spectatorView(state).table[0]!.cards.map((c) => c.card)).toEqual(
      ["QS", "KS", "AS", "2S", "3S"].map((n) => card(n)),
    );
  });

  it("§5.5 a finished play's melds are marked not yet safe", () => {
    let state = hand({ hands: ["7C"], table: ["4C 5C 6C", "9H 9C 9D"] });
    state = play(state, A, { do: "add", card: card("7C"), meld: 1 }, 1);
    const view = spectatorView(state);
    expect(view.table.map((m) => m.notYetSafe)).toEqual([true, false]);
    expect(view.plays).toEqual([
      { id: 1, seat: A, open: false, start: 1000, deadline: 41_000, safeAt: 41_000, melds: [1] },
    ]);
  });
});
