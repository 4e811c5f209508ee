// Classic §3 "Setup": two decks, the deal from the dealer's left, the stock, the
// deal sizes for 6 to 8 players, and the dealer passing on between rounds.

import { describe, expect, it } from "vitest";
import { CARD_COUNT } from "@/engine/cards";
import {
  advanceClassic,
  applyClassic,
  classicDeck,
  type ClassicState,
  FACE_UP_CARDS,
  isJoker,
  newClassicGame,
  ROUND_PAUSE_MS,
} from "@/engine/classic";

function dealt(players: number, options: Parameters<typeof newClassicGame>[0]["options"] = {}) {
  const created = newClassicGame({ players, seed: 7, now: 0, options });
  if (!created.ok) throw new Error(created.error);
  return created.state;
}

const everyCard = (s: ClassicState) =>
  [
    ...s.stock,
    ...s.faceUp,
    ...s.hands.flat(),
    ...s.table.flatMap((c) => c.cards),
    ...s.unused,
  ].sort((a, b) => a - b);

describe("classic §3 setup", () => {
  it("classic §3 two 52-card decks, 13 cards each for 2 to 5 players, the rest the face-down stock", () => {
    for (const players of [2, 3, 4, 5]) {
      const s = dealt(players);
      expect(s.hands.every((h) => h.length === 13)).toBe(true);
      expect(s.stock).toHaveLength(CARD_COUNT - 13 * players);
      expect(s.table).toEqual([]);
      expect(everyCard(s)).toEqual(classicDeck(false));
    }
  });

  it("classic §3 with more than 5 players fewer cards, at least 3: 11 for 6, 10 for 7, 9 for 8", () => {
    expect(dealt(6).hands[0]).toHaveLength(11);
    expect(dealt(7).hands[0]).toHaveLength(10);
    expect(dealt(8).hands[0]).toHaveLength(9);
    expect(dealt(8).stock).toHaveLength(CARD_COUNT - 72);
    expect(newClassicGame({ players: 9, seed: 1, now: 0 }).ok).toBe(false);
    expect(newClassicGame({ players: 1, seed: 1, now: 0 }).ok).toBe(false);
  });

  it("classic §3 the player to the dealer's left starts, and the deal goes one card at a time from there", () => {
    const s = dealt(4);
    expect(s.dealer).toBe(3);
    expect(s.turn).toBe(0);
  });

  it("classic §3 the same seed deals the same round (replays, bug reports)", () => {
    expect(dealt(4)).toEqual(dealt(4));
  });

  it("house option: the hand size is chosen per game, 3 to 13 cards", () => {
    expect(dealt(4, { handSize: 7 }).hands[2]).toHaveLength(7);
    expect(newClassicGame({ players: 4, seed: 1, now: 0, options: { handSize: 2 } })).toEqual({
      ok: false,
      error: "the hand size is 3 to 13 cards",
    });
  });

  it("classic §8 Tahiti: 108 cards with 4 jokers, 5 cards each and 4 face up on the table", () => {
    const s = dealt(4, { variants: ["tahiti"] });
    expect(s.hands.every((h) => h.length === 5)).toBe(true);
    expect(s.faceUp).toHaveLength(FACE_UP_CARDS);
    expect(everyCard(s)).toEqual(classicDeck(true));
    expect(everyCard(s).filter(isJoker)).toHaveLength(4);
  });

  it("classic §3 the dealer passes to the left between rounds; the player to the new dealer's left starts", () => {
    let s = dealt(3, { target: 1000 });
    // Everyone draws until the stock is empty and a whole round of passes blocks the round.
    while (s.phase === "turn") {
      const result = applyClassic(
        s,
        s.turn,
        { do: s.stock.length > 0 ? "draw" : "pass" },
        s.now + 1000,
      );
      if (!result.ok) throw new Error(result.rejection.reason);
      s = result.state;
    }
    expect(s.rounds[0]!.reason).toBe("blocked");
    s = advanceClassic(s, s.now + ROUND_PAUSE_MS).state;
    expect(s.round).toBe(2);
    expect(s.dealer).toBe(0);
    expect(s.turn).toBe(1);
    expect(s.table).toEqual([]);
    expect(s.hands.every((h) => h.length === 13)).toBe(true);
  });

  it("classic §3 an explicit setup that uses a card twice, or an invalid combination, is refused with a reason", () => {
    const twice = newClassicGame({
      players: 2,
      now: 0,
      setup: { hands: [[0], [0]], stock: [] },
    });
    expect(twice).toEqual({ ok: false, error: "hand of seat 1: AS (card 0) is used twice" });
    const invalid = newClassicGame({
      players: 2,
      now: 0,
      setup: { hands: [[], []], stock: [], table: [[0, 1]] },
    });
    expect(invalid.ok || invalid.error).toMatch(/at least 3 cards/);
    const joker = newClassicGame({ players: 2, now: 0, setup: { hands: [[104], []], stock: [] } });
    expect(joker.ok || joker.error).toMatch(/jokers are Tahiti's/);
  });
});
