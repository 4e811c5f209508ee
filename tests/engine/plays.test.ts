import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { apply, nextDeadline } from "@/engine/engine";
import type { HandState } from "@/engine/state";
import { A, B, card, hand, names, play, refusal, run, sorted, tableOf } from "./helpers";

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

describe("§5 the play", () => {
  it("§5 you may have only one open play at a time: more declarations join the open one", () => {
    let state = hand({ hands: ["7H 8H 9H"] });
    state = play(state, A, { do: "stage", card: card("7H") }, 1);
    state = play(state, A, { do: "stage", card: card("8H") }, 5);
    expect(state.plays.filter((p) => p.open)).toHaveLength(1);
    expect(state.plays[0]!.start).toBe(1000);
  });

  it("§5 the 40 seconds start from the first card moved in a direct play", () => {
    let state = hand({ hands: ["2D", "", "KS"], table: ["9H 10H JH"] });
    state = play(state, A, { do: "add", card: card("2D"), meld: 1 }, 3);
    expect(nextDeadline(state)).toBe(43_000);
    state = play(state, 2, { do: "stage", card: card("KS") }, 42.999);
    expect(tableOf(state)).toEqual([sorted("9H 10H JH 2D")]);
    state = play(state, 2, { do: "unstage", card: card("KS") }, 43);
    expect(tableOf(state)).toEqual([sorted("9H 10H JH")]);
    expect(names(state.players[A]!.hand)).toBe("2D");
  });

  it("§5 the 40 seconds start from the declaration in a play with moves", () => {
    const state = play(hand({ hands: ["9D"] }), A, { do: "stage", card: card("9D") }, 2);
    expect(nextDeadline(state)).toBe(42_000);
  });

  it("§5 a play ends by itself when the work is back in order: touched melds valid, staging empty, nothing held", () => {
    let state = hand({ hands: ["7C 8C"], table: ["4C 5C 6C"] });
    const first = run(state, A, { do: "add", card: card("8C"), meld: 1 }, 1);
    expect(first.state.players[A]!.play).not.toBeNull();
    const second = run(first.state, A, { do: "add", card: card("7C"), meld: 1 }, 2);
    state = second.state;
    expect(state.players[A]!.play).toBeNull();
    expect(second.events.at(-1)).toMatchObject({
      type: "playEnded",
      reason: "in order",
      outcome: "confirmed",
    });
  });

  it("§5 a play with declared cards left does not end by itself, even with a valid table", () => {
    let state = hand({ hands: ["7C 8C"], table: ["4C 5C 6C"] });
    state = play(state, A, { do: "stage", card: card("7C") }, 1);
    state = play(state, A, { do: "stage", card: card("8C") }, 1);
    state = play(state, A, { do: "place", card: card("7C"), to: 1 }, 2);
    expect(state.players[A]!.play).not.toBeNull();
    state = play(state, A, { do: "end" }, 3);
    expect(tableOf(state)).toEqual([sorted("4C 5C 6C 7C")]);
    expect(names(state.players[A]!.hand)).toBe("8C");
  });

  it("§5.1 «Lay the meld» lays staged cards all at once, only if valid, and may lay some of them", () => {
    let state = hand({ hands: ["KH KS KD 2C"] });
    for (const c of ["KH", "KS", "KD", "2C"])
      state = play(state, A, { do: "stage", card: card(c) }, 1);
    expect(refusal(state, A, { do: "lay" }, 2).code).toBe("invalid-meld");
    state = play(state, A, { do: "lay", cards: [card("KH"), card("KS"), card("KD")] }, 2);
    expect(tableOf(state)).toEqual([sorted("KH KS KD")]);
    expect(names(state.players[A]!.staging)).toBe("2C");
    state = play(state, A, { do: "unstage", card: card("2C") }, 3);
    expect(state.players[A]!.play).toBeNull();
    expect(state.plays[0]!.laid).toBe(true);
  });

  it("§5.2 you may add hand cards to melds laid by anyone", () => {
    let state = hand({ hands: ["KH KS KD", "KC"] });
    for (const c of ["KH", "KS", "KD"]) state = play(state, A, { do: "stage", card: card(c) }, 1);
    state = play(state, A, { do: "lay" }, 2);
    state = play(state, B, { do: "add", card: card("KC"), meld: 1 }, 3);
    expect(tableOf(state)).toEqual([sorted("KH KS KD KC")]);
  });

  it("§5.3 taking your declared cards back after rearranging ends the play, and its moves are undone entirely", () => {
    let state = hand({ hands: ["9D"], table: ["6H 7H 8H 9H"] });
    state = play(state, A, { do: "stage", card: card("9D") }, 1);
    state = play(state, A, { do: "move", card: card("9H"), from: 1, to: "new" }, 2);
    const { state: after, events } = run(state, A, { do: "unstage", card: card("9D") }, 3);
    expect(tableOf(after)).toEqual([sorted("6H 7H 8H 9H")]);
    expect(events.find((e) => e.type === "playEnded")).toMatchObject({ outcome: "undone" });
  });

  it("§5.3 with the declared cards placed and a wound left, the player can still mend it from the hand", () => {
    let state = hand({ hands: ["9D 9S"], table: ["6H 7H 8H 9H", "6C 7C 8C 9C"] });
    state = play(state, A, { do: "stage", card: card("9D") }, 1);
    state = play(state, A, { do: "move", card: card("9H"), from: 1, to: "new" }, 2);
    state = play(state, A, { do: "place", card: card("9D"), to: 3 }, 3);
    expect(state.players[A]!.play).not.toBeNull();
    state = play(state, A, { do: "add", card: card("9S"), meld: 3 }, 4);
    expect(state.players[A]!.play).toBeNull();
    expect(tableOf(state)).toContain(sorted("9H 9D 9S"));
  });
});

describe("bad input (issue 3)", () => {
  const state = hand({ hands: ["7C"], table: ["4C 5C 6C"] });

  it("malformed commands get a typed rejection with a readable reason", () => {
    expect(refusal(state, A, null, 1)).toEqual({
      code: "malformed",
      reason: "a command must be an object",
    });
    expect(refusal(state, A, { do: "fly" }, 1).reason).toBe('unknown action: "fly"');
    expect(refusal(state, A, { do: "add", card: "7C", meld: 1 }, 1).code).toBe("malformed");
    expect(refusal(state, A, { do: "add", card: 104, meld: 1 }, 1).code).toBe("malformed");
    expect(refusal(state, A, { do: "add", card: 1, meld: 0 }, 1).code).toBe("malformed");
    expect(refusal(state, A, { do: "draw", now: 3 }, 1).reason).toBe('"draw" has no field "now"');
    expect(refusal(state, A, { do: "lay", cards: [] }, 1).code).toBe("malformed");
  });

  it("a seat not in the hand, or a time going backwards, is refused", () => {
    expect(refusal(state, 3, { do: "draw" }, 1).code).toBe("unknown-seat");
    expect(refusal(state, "A", { do: "draw" }, 1).code).toBe("unknown-seat");
    const later = play(state, A, { do: "add", card: card("7C"), meld: 1 }, 5);
    expect(refusal(later, B, { do: "draw" }, 4).code).toBe("bad-time");
  });

  it("an action out of place is refused: giving up with no freeze, ready during a hand, coming back while here", () => {
    expect(refusal(state, A, { do: "giveup" }, 1).code).toBe("no-freeze");
    expect(refusal(state, A, { do: "ready" }, 1).code).toBe("not-between-hands");
    expect(refusal(state, A, { do: "reconnect" }, 1).code).toBe("presence");
  });

  it("the engine never throws on any input and never mutates the state it is given", () => {
    const frozen = deepFreeze(structuredClone(state)) as HandState;
    fc.assert(
      fc.property(fc.anything(), fc.integer({ min: -2, max: 4 }), (command, seat) => {
        apply(frozen, seat, command, 1000);
        apply(frozen, seat, { do: "add", card: command, meld: 1 }, 1000);
      }),
      { numRuns: 300 },
    );
    expect(frozen).toEqual(state);
  });
});
