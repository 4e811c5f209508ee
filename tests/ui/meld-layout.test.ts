import { describe, expect, it } from "vitest";
import { cards } from "@/engine/cards";
import type { MeldView } from "@/engine/views";
import { layMelds } from "@/components/table/meld-layout";

function meld(id: number, literal: string): MeldView {
  return {
    id,
    valid: true,
    openPlays: [],
    notYetSafe: false,
    cards: cards(literal).map((card) => ({
      card,
      onTrialFor: null,
      heldBy: null,
      reservedFor: null,
    })),
  };
}
const ids = (melds: MeldView[]) => melds.map((m) => m.id);

describe("melds keep stable places on the screen", () => {
  const before = [
    meld(1, "4C 5C 6C"),
    meld(2, "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H"),
    meld(3, "9S 9D 9C"),
  ];

  it("§3.1 a split run's new half lands right after it, not at the end of the table", () => {
    const now = [
      meld(1, "4C 5C 6C"),
      meld(2, "AH 2H 3H 4H 5H JH"),
      meld(3, "9S 9D 9C"),
      meld(7, "6H 7H 8H 9H 10H"),
    ];
    expect(ids(layMelds(before, now))).toEqual([1, 2, 7, 3]);
  });

  it("melds keep their order as others go, and a meld started in a free space joins the end", () => {
    const shown = [meld(3, "9S 9D 9C"), meld(1, "4C 5C 6C")];
    const now = [meld(1, "4C 5C 6C"), meld(3, "9S 9D 9C"), meld(8, "KS KH KD")];
    expect(ids(layMelds(shown, now))).toEqual([3, 1, 8]);
    expect(ids(layMelds(before, [meld(3, "9S 9D 9C")]))).toEqual([3]);
  });

  it("the first view lays the table in the engine's order", () => {
    expect(ids(layMelds([], before))).toEqual([1, 2, 3]);
  });
});
