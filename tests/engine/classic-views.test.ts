// Per-seat views of a classic game: no other hand, no stock order; a spectator sees no hand.

import { describe, expect, it } from "vitest";
import { classicEventsFor, classicSpectatorView, classicViewFor } from "@/engine/classic";
import { act, game } from "./classic-helpers";

describe("classic views", () => {
  const s = game({ hands: ["9D 4S", "2C KH QH"], stock: "5C 6C 7C", table: ["AS 2S 3S"] });

  it("a seat sees its own hand, the others' hand counts and the stock's size only", () => {
    const view = classicViewFor(s, 1);
    expect(view.you?.hand).toEqual(s.hands[1]);
    expect(view.seats.map((seat) => seat.handCount)).toEqual([2, 3]);
    expect(view.stockCount).toBe(3);
    expect(Object.keys(view)).not.toContain("hands");
    expect(Object.keys(view)).not.toContain("stock");
    expect(JSON.stringify(view)).not.toContain(JSON.stringify(s.stock));
  });

  it("a spectator sees no hand at all", () => {
    const view = classicSpectatorView(s);
    expect(view.you).toBeNull();
    expect(JSON.stringify(view)).not.toMatch(/hands/);
  });

  it("a drawn card reaches only the drawer", () => {
    const { events } = act(s, 0, { do: "draw" });
    const drew = (seat: number | null) =>
      classicEventsFor(events, seat).find((e) => e.type === "drew");
    expect(drew(0)).toMatchObject({ card: s.stock[0] });
    expect(drew(1)).toMatchObject({ card: null });
    expect(drew(null)).toMatchObject({ card: null });
  });

  it("a view is a copy: changing it changes nothing in the state", () => {
    const view = classicViewFor(s, 0);
    view.you!.hand.push(1);
    view.table[0]!.cards.push(1);
    view.options.variants.push("tahiti");
    expect(s.hands[0]).toHaveLength(2);
    expect(s.table[0]!.cards).toHaveLength(3);
    expect(s.options.variants).toEqual([]);
  });
});
