import { describe, expect, it } from "vitest";
import { nextDeadline } from "@/engine/engine";
import { openingOrderDifference } from "./chain-order";
import { A, B, card, hand, names, play, refusal, run, sorted, tableOf } from "./helpers";

const declared = () => {
  let state = hand({ hands: ["8H", "KD", "QS"], table: ["9H 9C 9D 9S", "10H JH QH"] });
  state = play(state, A, { do: "stage", card: card("8H") }, 1);
  state = play(state, B, { do: "stage", card: card("KD") }, 2);
  return state;
};

describe("§6 conflicts", () => {
  it("§6 taking a table card requires declared cards, exactly like moving it", () => {
    const state = hand({ table: ["9H 9C 9D 9S"] });
    expect(refusal(state, A, { do: "take", card: card("9H"), meld: 1 }, 1).code).toBe(
      "not-declared",
    );
  });

  it("§6 while you hold a card nobody can take it from you, and you cannot hold two", () => {
    let state = play(declared(), A, { do: "take", card: card("9H"), meld: 1 }, 3);
    expect(refusal(state, B, { do: "take", card: card("9H"), meld: 1 }, 4).code).toBe(
      "held-by-other",
    );
    expect(refusal(state, A, { do: "take", card: card("9C"), meld: 1 }, 4).code).toBe(
      "holding-another",
    );
    state = play(state, B, { do: "take", card: card("9C"), meld: 1 }, 4);
    expect(state.players.map((p) => p.hold?.card ?? null)).toEqual([card("9H"), card("9C"), null]);
  });

  it("§6 a held card becomes free for everyone again after 10 seconds", () => {
    const state = play(declared(), A, { do: "take", card: card("9H"), meld: 1 }, 3);
    expect(nextDeadline(state)).toBe(13_000);
    expect(refusal(state, B, { do: "take", card: card("9H"), meld: 1 }, 12.999).code).toBe(
      "held-by-other",
    );
    const { state: after, events } = run(state, B, { do: "take", card: card("9H"), meld: 1 }, 13);
    expect(events[0]).toMatchObject({ type: "released", seat: A, reason: "expired", at: 13_000 });
    expect(after.players[B]!.hold?.card).toBe(card("9H"));
  });

  it("§6 nobody can block a card by holding it without doing anything: once its 10 s run out, its holder cannot take it straight back", () => {
    const state = play(declared(), A, { do: "take", card: card("9H"), meld: 1 }, 3);
    const take = { do: "take", card: card("9H"), meld: 1 } as const;
    expect(refusal(state, A, take, 13)).toEqual({
      code: "let-go",
      reason:
        "you let go of 9H without moving it: place or move another card before taking it again (§6)",
    });
    expect(refusal(state, A, { do: "move", card: card("9H"), from: 1, to: 2 }, 13).code).toBe(
      "let-go",
    );
    // Nobody else waits: the card is free for everyone else at that very instant.
    expect(play(state, B, take, 13).players[B]!.hold?.card).toBe(card("9H"));
  });

  it("§6 nor by letting go of it and taking it again, or by withdrawing the declaration and declaring again", () => {
    const take = { do: "take", card: card("9H"), meld: 1 } as const;
    let state = play(declared(), A, take, 3);
    state = play(state, A, { do: "release" }, 4);
    expect(refusal(state, A, take, 4).code).toBe("let-go");
    state = play(declared(), A, take, 3);
    state = play(state, A, { do: "unstage", card: card("8H") }, 4);
    state = play(state, A, { do: "stage", card: card("8H") }, 4);
    expect(refusal(state, A, take, 4).code).toBe("let-go");
  });

  it("§6 having done something else — put another card somewhere — the former holder may take it again", () => {
    let state = hand({ hands: ["8H KD"], table: ["9H 9C 9D 9S", "10H JH QH", "KS KH KC"] });
    state = play(state, A, { do: "stage", card: card("8H") }, 1);
    state = play(state, A, { do: "stage", card: card("KD") }, 1);
    const take = { do: "take", card: card("9H"), meld: 1 } as const;
    state = play(state, A, take, 2);
    expect(refusal(state, A, take, 12).code).toBe("let-go");
    state = play(state, A, { do: "place", card: card("KD"), to: 3 }, 13);
    expect(play(state, A, take, 14).players[A]!.hold?.card).toBe(card("9H"));
  });

  it("§6 once someone else has held or moved the card, its former holder may take it like anyone", () => {
    const take = { do: "take", card: card("9H"), meld: 1 } as const;
    let state = play(declared(), A, take, 3);
    state = play(state, B, take, 13);
    state = play(state, B, { do: "release" }, 14);
    expect(refusal(state, B, take, 14).code).toBe("let-go");
    expect(play(state, A, take, 15).players[A]!.hold?.card).toBe(card("9H"));
  });

  it("§6/§9 during a freeze nothing changes: only the caller acts, and may take back a card whose 10 s ran out", () => {
    let state = hand({ hands: ["8H"], table: ["9H 9C 9D 9S", "10H JH QH"] });
    state = play(state, A, { do: "stop" }, 1);
    const take = { do: "take", card: card("9H"), meld: 1 } as const;
    state = play(state, A, take, 2);
    const { state: after, events } = run(state, A, take, 12);
    expect(events[0]).toMatchObject({ type: "released", seat: A, reason: "expired" });
    expect(after.players[A]!.hold?.card).toBe(card("9H"));
  });

  it("§6 a card moved where it cannot go drops back and changes nothing", () => {
    const state = hand({ hands: ["8H"], table: ["9H 9C 9D 9S", "KS KH KD"] });
    const staged = play(state, A, { do: "stage", card: card("8H") }, 1);
    const rejection = refusal(staged, A, { do: "move", card: card("9H"), from: 1, to: 2 }, 2);
    expect(rejection).toEqual({
      code: "cannot-go-there",
      reason: "9H cannot go into meld 2: it drops back (§6)",
    });
  });

  it("§6 the fit of a moved card ignores other players' cards on trial in the target meld", () => {
    let state = hand({ hands: ["8H", "", "JS"], table: ["9H 9C 9D 9S", "10H JH QH"] });
    state = play(state, 2, { do: "add", card: card("JS"), meld: 2 }, 1);
    state = play(state, A, { do: "stage", card: card("8H") }, 2);
    state = play(state, A, { do: "move", card: card("9H"), from: 1, to: 2 }, 3);
    expect(tableOf(state)[1]).toBe(sorted("9H 10H JH QH JS"));
  });

  it("§6 the fastest wins: the second player to want a moved card is refused", () => {
    let state = play(declared(), A, { do: "move", card: card("9H"), from: 1, to: 2 }, 3);
    expect(refusal(state, B, { do: "take", card: card("9H"), meld: 1 }, 3).code).toBe(
      "card-not-here",
    );
    state = play(state, B, { do: "take", card: card("9H"), meld: 2 }, 4);
    expect(state.players[B]!.hold?.card).toBe(card("9H"));
  });

  it("§6 ping-pong: the third return reserves the card for the player whose play started first", () => {
    let state = declared();
    state = play(state, A, { do: "move", card: card("9H"), from: 1, to: 2 }, 3);
    state = play(state, B, { do: "move", card: card("9H"), from: 2, to: 1 }, 4);
    state = play(state, A, { do: "move", card: card("9H"), from: 1, to: 2 }, 5);
    expect(state.reserved).toEqual([]);
    const { state: after, events } = run(
      state,
      B,
      { do: "move", card: card("9H"), from: 2, to: 1 },
      6,
    );
    expect(events.find((e) => e.type === "reserved")).toMatchObject({ card: card("9H"), seat: A });
    expect(refusal(after, B, { do: "take", card: card("9H"), meld: 1 }, 7).code).toBe("reserved");
    const ended = play(after, A, { do: "cancel" }, 8);
    expect(ended.reserved).toEqual([]);
  });

  it("§6 a card reserved for you after ping-pong blocks nobody: you may let go of it and take it again", () => {
    let state = declared();
    for (const [seat, from, to, at] of [
      [A, 1, 2, 3],
      [B, 2, 1, 4],
      [A, 1, 2, 5],
      [B, 2, 1, 6],
    ] as const)
      state = play(state, seat, { do: "move", card: card("9H"), from, to }, at);
    const take = { do: "take", card: card("9H"), meld: 1 } as const;
    state = play(state, A, take, 7);
    state = play(state, A, { do: "release" }, 8);
    expect(play(state, A, take, 8).players[A]!.hold?.card).toBe(card("9H"));
  });

  it("§6 ping-pong: the others must give it up — the winner's finished play stands when a loser gives up later", () => {
    for (const bFirst of [false, true]) {
      // A's play started first; B moves the 9♥ first or second, and it ends reserved for A.
      let state = declared();
      [2, 1, 2, 1].forEach((to, i) => {
        const seat = i % 2 === (bFirst ? 0 : 1) ? B : A;
        state = play(state, seat, { do: "move", card: card("9H"), from: 3 - to, to }, 3 + i);
      });
      expect(state.reserved).toMatchObject([{ card: card("9H"), seat: A }]);
      state = play(state, A, { do: "move", card: card("9H"), from: 1, to: 2 }, 8);
      state = play(state, A, { do: "place", card: card("8H"), to: 2 }, 9);
      expect(state.players[A]!.play).toBeNull();
      expect(openingOrderDifference(state)).toBeNull();
      const { state: after, events } = run(state, B, { do: "unstage", card: card("KD") }, 10);
      expect(tableOf(after)).toEqual([sorted("9C 9D 9S"), sorted("8H 9H 10H JH QH")]);
      expect(events.filter((e) => e.type === "undone").map((e) => e.seat)).toEqual([B]);
      expect(names(after.players[B]!.hand)).toBe(sorted("KD"));
      // A's play, still within the chain's reach, keeps one move of the 9♥: from where it was to where A put it.
      const moves = after.log.filter((s) => s.card === card("9H"));
      expect(moves.map((s) => [s.seat, s.from, s.to])).toEqual([[A, 1, 2]]);
    }
  });

  it("§6 a card moved back and forth by one player alone is no ping-pong", () => {
    let state = declared();
    for (const [from, to, at] of [
      [1, 2, 3],
      [2, 1, 4],
      [1, 2, 5],
      [2, 1, 6],
      [1, 2, 7],
    ] as const)
      state = play(state, A, { do: "move", card: card("9H"), from, to }, at);
    expect(state.reserved).toEqual([]);
  });
});
