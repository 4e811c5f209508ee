import { describe, expect, it } from "vitest";
import { cards, rankOf } from "@/engine/cards";
import { viewFor } from "@/engine/views";
import { allowedActions } from "@/components/table/controls";
import { clocksOf } from "@/components/table/clocks";
import { previewHand } from "@/components/table/fixture";
import { applyOptimistic } from "@/components/table/optimistic";

const c = (literal: string) => cards(literal)[0]!;

describe("the preview hand shows every mark the table draws", () => {
  const view = viewFor(previewHand(), 0);
  const cardView = (literal: string) =>
    view.table.flatMap((m) => m.cards).find((x) => x.card === c(literal))!;

  it("§5.5 a confirmed play stays not yet safe while the chain can reach it", () => {
    expect(view.table.find((m) => m.id === 1)!.notYetSafe).toBe(true);
  });

  it("§5.4 a card put down in an open play is on trial for its player", () => {
    expect(cardView("KD").onTrialFor).toBe(2);
    expect(view.table.find((m) => m.id === 3)!.openPlays).toEqual([2]);
    expect(view.table.find((m) => m.id === 3)!.valid).toBe(false);
  });

  it("§6 a held card shows who holds it; its 10 s hold clock runs", () => {
    expect(cardView("10S").heldBy).toBe(1);
    expect(clocksOf(view)).toContainEqual({ kind: "hold", seat: 1, endsAt: 14_000 });
  });

  it("§5.3 opponents' staging areas are face up; their hands are only counts", () => {
    expect(view.seats[1]!.staging).toEqual([c("JS")]);
    expect(view.seats[1]!.handCount).toBe(1);
  });
});

describe("buttons are enabled only when the rules allow", () => {
  it("§4 draw with an empty staging area; §5.1 Lay the meld only for a valid staged meld", () => {
    const view = viewFor(previewHand(), 0);
    expect(allowedActions(view)).toMatchObject({
      draw: true,
      lay: false,
      end: false,
      cancel: false,
    });
    let staged = view;
    for (const card of view.you!.hand.filter((x) => rankOf(x) === 2))
      staged = applyOptimistic(staged, { do: "stage", card }, 99);
    expect(allowedActions(staged)).toMatchObject({ draw: false, lay: true });
  });

  it("§5 End play and Cancel the meld need an open play", () => {
    expect(allowedActions(viewFor(previewHand(), 2))).toMatchObject({ end: true, cancel: true });
  });

  it("§6 Let go is offered to the player holding a card", () => {
    expect(allowedActions(viewFor(previewHand(), 1)).release).toBe(true);
  });
});
