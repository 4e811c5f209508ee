import { describe, expect, it } from "vitest";
import { cards } from "@/engine/cards";
import type { Seat } from "@/engine/state";
import type { MeldView } from "@/engine/views";
import { mayDrop } from "@/components/table/drop-targets";

/** A meld as the table shows it; `trial` lists its cards on trial for seat 1. */
function meld(id: number, literal: string, trial = "", valid = true): MeldView {
  const onTrial = new Set(cards(trial));
  return {
    id,
    valid,
    openPlays: [],
    notYetSafe: false,
    cards: cards(literal).map((card) => ({
      card,
      onTrialFor: onTrial.has(card) ? (1 as Seat) : null,
      heldBy: null,
      reservedFor: null,
    })),
  };
}
const card = (literal: string) => cards(literal)[0]!;

const table = [meld(1, "4C 5C 6C"), meld(2, "9S 9H 9D"), meld(3, "JH QH 2C", "2C", false)];

describe("drop targets light up where the rules allow the gesture", () => {
  it("§5.2 a hand card may go onto any meld, even one not valid at that moment, never to a free space", () => {
    const source = { from: "hand", card: card("JS") } as const;
    expect(mayDrop(source, { to: "meld", meld: 1 }, table)).toBe(true);
    expect(mayDrop(source, { to: "meld", meld: 3 }, table)).toBe(true);
    expect(mayDrop(source, { to: "new" }, table)).toBe(false);
  });

  it("§5.3 a declared card may be placed on any meld or in a free space", () => {
    const source = { from: "staging", card: card("JS") } as const;
    expect(mayDrop(source, { to: "meld", meld: 2 }, table)).toBe(true);
    expect(mayDrop(source, { to: "new" }, table)).toBe(true);
  });

  it("§6 a table card only where it could still belong to a valid meld", () => {
    const nineClubs = { from: "table", card: card("9C"), meld: 7 } as const;
    expect(mayDrop(nineClubs, { to: "meld", meld: 2 }, table)).toBe(true);
    expect(mayDrop(nineClubs, { to: "meld", meld: 1 }, table)).toBe(true);
    const nineSpades = { from: "table", card: card("9S"), meld: 7 } as const;
    expect(mayDrop(nineSpades, { to: "meld", meld: 1 }, table)).toBe(false);
    expect(mayDrop(nineSpades, { to: "new" }, table)).toBe(true);
  });

  it("§6 the cards on trial in a meld do not count against a table card moved there", () => {
    const kingHearts = { from: "table", card: card("KH"), meld: 7 } as const;
    expect(mayDrop(kingHearts, { to: "meld", meld: 3 }, table)).toBe(true);
    const twoClubs = { from: "table", card: card("2S"), meld: 7 } as const;
    expect(mayDrop(twoClubs, { to: "meld", meld: 3 }, table)).toBe(false);
  });

  it("a table card does not light up its own meld, nor the hand or the staging area", () => {
    const source = { from: "table", card: card("4C"), meld: 1 } as const;
    expect(mayDrop(source, { to: "meld", meld: 1 }, table)).toBe(false);
    expect(mayDrop(source, { to: "hand" }, table)).toBe(false);
    expect(mayDrop(source, { to: "staging" }, table)).toBe(false);
  });
});
