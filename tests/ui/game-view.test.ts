import { describe, expect, it } from "vitest";
import { gameViewFor, newGame } from "@/engine/game";
import { viewFor } from "@/engine/views";
import { splitGameView } from "@/components/table/game-view";
import { previewHand } from "@/components/table/fixture";

describe("the table reads a hand's view or a game's view", () => {
  it("§13 a long game's view gives the hand to the table and the totals to the end screen", () => {
    const created = newGame({ kind: "long", now: 0, seed: 7, totals: [40, 90, 10] });
    if (!created.ok) throw new Error(created.error);
    const view = gameViewFor(created.game, 1);
    const { hand, game } = splitGameView(view);
    expect(hand).toBe(view.hand);
    expect(hand.you?.seat).toBe(1);
    expect(game).toMatchObject({ kind: "long", totals: [40, 90, 10], number: 1 });
    expect(game).not.toHaveProperty("hand");
  });

  it("a single hand's view has no standings", () => {
    const view = viewFor(previewHand(), 0);
    expect(splitGameView(view)).toEqual({ hand: view, game: null });
  });
});
