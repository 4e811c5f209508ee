import { describe, expect, it } from "vitest";
import { A, B, C, card, hand, names, play, run, sorted, tableOf } from "./helpers";

// Seat B keeps its play open with a junk 2D on meld 2, so its other cards stay on trial.
const keepOpen = { do: "add", card: card("2D"), meld: 2 } as const;

describe("§5.4 when the play ends", () => {
  it("§5.4 only the melds the play touched are judged, not the whole table", () => {
    let state = hand({ hands: ["7C", "2D"], table: ["4C 5C 6C", "9H 10H JH"] });
    state = play(state, B, keepOpen, 1);
    const { state: after, events } = run(state, A, { do: "add", card: card("7C"), meld: 1 }, 2);
    expect(events.find((e) => e.type === "playEnded")).toMatchObject({
      seat: A,
      outcome: "confirmed",
    });
    expect(tableOf(after)).toEqual([sorted("4C 5C 6C 7C"), sorted("9H 10H JH 2D")]);
  });

  it("§5.4 a card on trial does not count against you", () => {
    let state = hand({ hands: ["7C", "JS"], table: ["4C 5C 6C"] });
    state = play(state, B, { do: "add", card: card("JS"), meld: 1 }, 1);
    state = play(state, A, { do: "add", card: card("7C"), meld: 1 }, 2);
    expect(state.players[A]!.play).toBeNull();
    state = play(state, B, { do: "end" }, 3);
    expect(tableOf(state)).toEqual([sorted("4C 5C 6C 7C")]);
    expect(names(state.players[B]!.hand)).toBe("JS");
  });

  it("§5.4 a card on trial does not count in your favour unless you needed it", () => {
    let state = hand({ hands: ["8C", "7C 2D"], table: ["4C 5C 6C", "9H 10H JH"] });
    state = play(state, B, keepOpen, 1);
    state = play(state, B, { do: "add", card: card("7C"), meld: 1 }, 2);
    state = play(state, A, { do: "add", card: card("8C"), meld: 1 }, 3);
    expect(state.players[A]!.play).toBeNull();
    expect(tableOf(state)[0]).toBe(sorted("4C 5C 6C 7C 8C"));
  });

  it("§5.4 what is judged is the state your last move produced: later cards cannot spoil it", () => {
    let state = hand({ hands: ["7C 2D", "", "QD"], table: ["4C 5C 6C", "9H 10H JH"] });
    state = play(state, A, { do: "add", card: card("2D"), meld: 2 }, 1);
    state = play(state, A, { do: "add", card: card("7C"), meld: 1 }, 2);
    state = play(state, C, { do: "add", card: card("QD"), meld: 1 }, 3);
    const { state: after, events } = run(state, A, { do: "end" }, 4);
    expect(events.find((e) => e.type === "playEnded")).toMatchObject({ outcome: "partly undone" });
    expect(tableOf(after)).toEqual([sorted("4C 5C 6C 7C QD"), sorted("9H 10H JH")]);
    expect(names(after.players[A]!.hand)).toBe("2D");
  });

  it("§5.4 invalid work falls and goes back to the hand; the melds go back to how they were", () => {
    let state = hand({ hands: ["9D"], table: ["6H 7H 8H 9H", "KS KH KD"] });
    state = play(state, A, { do: "stage", card: card("9D") }, 1);
    state = play(state, A, { do: "move", card: card("9H"), from: 1, to: "new" }, 2);
    state = play(state, A, { do: "place", card: card("9D"), to: 3 }, 3);
    state = play(state, A, { do: "end" }, 4);
    expect(tableOf(state)).toEqual([sorted("6H 7H 8H 9H"), sorted("KS KH KD")]);
    expect(names(state.players[A]!.hand)).toBe("9D");
  });

  it("§5.4 when the 40 seconds run out the play ends by itself with the same criterion", () => {
    let state = hand({ hands: ["7C 2D", "", "KS"], table: ["4C 5C 6C", "9H 10H JH"] });
    state = play(state, A, { do: "add", card: card("2D"), meld: 2 }, 0);
    state = play(state, A, { do: "add", card: card("7C"), meld: 1 }, 1);
    const { state: after, events } = run(state, C, { do: "stage", card: card("KS") }, 40);
    expect(events.find((e) => e.type === "playEnded")).toMatchObject({
      seat: A,
      reason: "time",
      outcome: "partly undone",
    });
    expect(tableOf(after)).toEqual([sorted("4C 5C 6C 7C"), sorted("9H 10H JH")]);
  });
});
