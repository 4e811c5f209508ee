import { describe, expect, it } from "vitest";
import type { Command } from "@/engine/commands";
import { apply } from "@/engine/engine";
import type { HandState } from "@/engine/state";
import { type HandView, viewFor } from "@/engine/views";
import { applyOptimistic, pendingCommand, withPending } from "@/components/table/optimistic";
import { A, B, card, hand, names, play } from "../engine/helpers";

/** Where every card is in a view: hand, staging, and each meld's cards (by meld id when known). */
function positions(view: HandView, sameIds = true) {
  return {
    hand: names(view.you!.hand),
    staging: names(view.you!.staging),
    table: view.table
      .map((m) => `${sameIds ? m.id : "?"}:${names(m.cards.map((c) => c.card))}`)
      .sort(),
  };
}

/** The optimistic guess must land every card where the engine itself puts it. */
function expectGuessMatchesEngine(state: HandState, command: Command, sameIds = true) {
  const before = viewFor(state, A);
  const guess = applyOptimistic(before, command, state.nextMeldId);
  const result = apply(state, A, command, 1000);
  if (!result.ok) throw new Error(result.rejection.reason);
  expect(positions(guess, sameIds)).toEqual(positions(viewFor(result.state, A), sameIds));
  return guess;
}

const start = () =>
  hand({
    hands: ["7C 8S 8H 8D 2H", "9C"],
    stocks: ["3H 4H", "5H"],
    table: ["4C 5C 6C", "JH QH KH"],
  });

describe("optimistic feedback matches the engine's answer", () => {
  it("§5.3 staging a card moves it from the hand to the staging area", () => {
    expectGuessMatchesEngine(start(), { do: "stage", card: card("8S") });
  });

  it("§5.3 unstaging brings it back", () => {
    const state = play(start(), A, { do: "stage", card: card("8S") }, 0);
    expectGuessMatchesEngine(state, { do: "unstage", card: card("8S") });
  });

  it("§5.2 a direct add puts the hand card into the meld, on trial for the player", () => {
    const guess = expectGuessMatchesEngine(start(), { do: "add", card: card("7C"), meld: 1 });
    const added = guess.table[0]!.cards.find((c) => c.card === card("7C"))!;
    expect(added.onTrialFor).toBe(A);
    expect(guess.table[0]!.openPlays).toEqual([A]);
  });

  it("§5.1 Lay the meld puts every staged card on the table as one new meld", () => {
    let state = start();
    for (const c of ["8S", "8H", "8D"]) state = play(state, A, { do: "stage", card: card(c) }, 0);
    expectGuessMatchesEngine(state, { do: "lay" });
  });

  it("§5.3 placing a staged card into a meld or a free space", () => {
    const state = play(start(), A, { do: "stage", card: card("7C") }, 0);
    expectGuessMatchesEngine(state, { do: "place", card: card("7C"), to: 1 });
    expectGuessMatchesEngine(state, { do: "place", card: card("7C"), to: "new" });
  });

  it("§5.3 moving a table card to another meld or a free space", () => {
    const state = play(start(), A, { do: "stage", card: card("2H") }, 0);
    expectGuessMatchesEngine(state, { do: "move", card: card("KH"), from: 2, to: "new" });
  });

  it("§6 taking a card shows it held by the player", () => {
    const state = play(start(), A, { do: "stage", card: card("2H") }, 0);
    const guess = applyOptimistic(viewFor(state, A), { do: "take", card: card("KH"), meld: 2 }, 9);
    expect(guess.table[1]!.cards.find((c) => c.card === card("KH"))!.heldBy).toBe(A);
    expect(guess.seats[A]!.holding).toBe(card("KH"));
  });

  it("§4 a draw lowers the stock count; the card itself is the server's to reveal", () => {
    const guess = applyOptimistic(viewFor(start(), A), { do: "draw" }, 9);
    expect(guess.you!.stockCount).toBe(1);
    expect(guess.you!.hand).toHaveLength(5);
  });
});

describe("a draw in flight", () => {
  const draw: Command = { do: "draw" };
  const counts = ({ view }: { view: HandView }) => ({
    stock: view.you!.stockCount,
    hand: view.seats[A]!.handCount,
  });

  it("§4 is counted once when the seat's stream brings it before the server's answer", () => {
    const before = viewFor(start(), A);
    const pending = [pendingCommand(before, 1, draw)];
    expect(counts(withPending(before, pending))).toEqual({ stock: 1, hand: 6 });
    const drawn = viewFor(play(start(), A, draw, 0), A);
    expect(counts(withPending(drawn, pending))).toEqual({ stock: 1, hand: 6 });
  });

  it("§4 two draws in flight: each is counted until the view has it", () => {
    const before = viewFor(start(), A);
    const first = pendingCommand(before, 1, draw);
    const second = pendingCommand(withPending(before, [first]).view, 2, draw);
    const pending = [first, second];
    expect(counts(withPending(before, pending))).toEqual({ stock: 0, hand: 7 });
    let state = play(start(), A, draw, 0);
    expect(counts(withPending(viewFor(state, A), pending))).toEqual({ stock: 0, hand: 7 });
    state = play(state, A, draw, 0);
    expect(counts(withPending(viewFor(state, A), pending))).toEqual({ stock: 0, hand: 7 });
  });
});

describe("rollback", () => {
  it("a command the view cannot carry out changes nothing (the same object comes back)", () => {
    const view = viewFor(start(), A);
    expect(applyOptimistic(view, { do: "stage", card: card("9C") }, 9)).toBe(view);
    expect(applyOptimistic(view, { do: "add", card: card("7C"), meld: 99 }, 9)).toBe(view);
    expect(applyOptimistic(view, { do: "move", card: card("9C"), from: 1, to: 2 }, 9)).toBe(view);
  });

  it("dropping a refused command from the queue shows the server's view again", () => {
    const view = viewFor(start(), A);
    const pending = [
      { id: 1, command: { do: "stage", card: card("8S") } as Command },
      { id: 2, command: { do: "add", card: card("7C"), meld: 1 } as Command },
    ];
    const shown = withPending(view, pending);
    expect(names(shown.view.you!.staging)).toBe("8S");
    expect([...shown.pendingCards].sort()).toEqual([card("8S"), card("7C")].sort());
    const afterRefusal = withPending(view, pending.slice(0, 1));
    expect(positions(afterRefusal.view).table).toEqual(positions(view).table);
  });

  it("another seat's view is never changed by this seat's guesses", () => {
    const view = viewFor(start(), B);
    const guess = applyOptimistic(view, { do: "stage", card: card("9C") }, 9);
    expect(guess.seats[A]).toEqual(view.seats[A]);
  });
});
