import { describe, expect, it } from "vitest";
import { eventsFor } from "@/engine/engine-events";
import { A, B, card, hand, names, play, refusal, run, sorted } from "./helpers";

describe("§4 the hand, the draw stock, the staging area", () => {
  it("§4 you draw one card at a time from the top of your own stock", () => {
    let state = hand({ stocks: ["7H 8H 9H", "2C"] });
    state = play(state, A, { do: "draw" }, 1);
    state = play(state, A, { do: "draw" }, 2);
    expect(names(state.players[A]!.hand)).toBe(sorted("7H 8H"));
    expect(names(state.players[A]!.stock)).toBe("9H");
    expect(state.players[B]!.stock).toHaveLength(1);
    expect(state.players[A]!.achieved.drawn).toBe(true);
  });

  it("§4 once your stock is empty you can no longer add cards to your hand", () => {
    const state = hand({});
    expect(refusal(state, A, { do: "draw" }, 1).code).toBe("stock-empty");
  });

  it("§4 a drawn card's identity is seen only by the drawer", () => {
    const { events } = run(hand({ stocks: ["7H"] }), A, { do: "draw" }, 1);
    expect(eventsFor(events, A)[0]).toMatchObject({ type: "drew", card: card("7H") });
    expect(eventsFor(events, B)[0]).toMatchObject({ type: "drew", card: null });
    expect(eventsFor(events, null)[0]).toMatchObject({ type: "drew", card: null });
  });

  it("§4 the staging area is part of your hand: staging and unstaging keep the cards yours", () => {
    let state = hand({ hands: ["7H 8H"] });
    state = play(state, A, { do: "stage", card: card("7H") }, 1);
    expect(names(state.players[A]!.staging)).toBe("7H");
    expect(names(state.players[A]!.hand)).toBe("8H");
    state = play(state, A, { do: "unstage", card: card("7H") }, 2);
    expect(names(state.players[A]!.hand)).toBe(sorted("7H 8H"));
  });

  it("§4 nobody may touch another player's staging area", () => {
    const state = play(hand({ hands: ["7H", "8H"] }), A, { do: "stage", card: card("7H") }, 1);
    expect(refusal(state, B, { do: "unstage", card: card("7H") }, 2).code).toBe("card-not-here");
    expect(refusal(state, B, { do: "place", card: card("7H"), to: "new" }, 2).code).toBe(
      "card-not-here",
    );
    expect(refusal(state, B, { do: "stage", card: card("7H") }, 2).code).toBe("card-not-here");
  });

  it("§5.3 you cannot draw from your stock while your staging area holds cards", () => {
    const state = play(
      hand({ hands: ["7H"], stocks: ["8H"] }),
      A,
      { do: "stage", card: card("7H") },
      1,
    );
    expect(refusal(state, A, { do: "draw" }, 2).code).toBe("staging-not-empty");
  });
});
