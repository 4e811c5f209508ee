import { describe, expect, it } from "vitest";
import { CARD_COUNT } from "@/engine/cards";
import { deal, newHand } from "@/engine/setup";
import { mulberry32, shuffle } from "@/engine/rng";

describe("§1 setup and deal", () => {
  it("§1 two decks make 104 physical cards: 2 removed face up and three stocks of 34, hands empty", () => {
    const created = newHand({ seed: 7, now: 0 });
    if (!created.ok) throw new Error(created.error);
    const { state } = created;
    expect(state.removed).toHaveLength(2);
    expect(state.players.map((p) => p.stock.length)).toEqual([34, 34, 34]);
    expect(state.players.every((p) => p.hand.length === 0 && p.staging.length === 0)).toBe(true);
    expect(state.table).toEqual([]);
    const all = [...state.removed, ...state.players.flatMap((p) => p.stock)];
    expect(new Set(all).size).toBe(CARD_COUNT);
    expect(state.unused).toEqual([]);
  });

  it("§1 the deal comes from the seed passed in: same seed, same deal; another seed, another deal", () => {
    expect(deal(42)).toEqual(deal(42));
    expect(deal(42)).not.toEqual(deal(43));
  });

  it("§1 the shuffle is a permutation and the generator is reproducible", () => {
    const random = mulberry32(1);
    const values = Array.from({ length: 1000 }, () => random());
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(mulberry32(1)()).toBe(values[0]);
    const shuffled = shuffle([1, 2, 3, 4, 5], mulberry32(9));
    expect([...shuffled].sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it("§1 an explicit setup may use part of the deck; the rest stays out of the hand", () => {
    const created = newHand({
      now: 0,
      setup: { removed: [0], stocks: [[1, 2], [3], []], table: [[4, 5, 6]] },
    });
    if (!created.ok) throw new Error(created.error);
    expect(created.state.unused).toHaveLength(CARD_COUNT - 7);
    expect(created.state.table).toEqual([{ id: 1, cards: [4, 5, 6] }]);
    expect(created.state.nextMeldId).toBe(2);
  });

  it("§1 a setup that uses a card twice, or is not Machiavelox for three, is refused with a reason", () => {
    const twice = newHand({ now: 0, setup: { removed: [0], stocks: [[0], [], []] } });
    expect(twice).toEqual({ ok: false, error: "stock of seat 0: AS (card 0) is used twice" });
    expect(newHand({ seed: 1, now: 0, seats: 4 }).ok).toBe(false);
    expect(newHand({ seed: 1, now: 0, rules: "classic" }).ok).toBe(false);
    expect(newHand({ now: 0 }).ok).toBe(false);
  });
});
