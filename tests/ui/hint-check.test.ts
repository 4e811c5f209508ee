import { describe, expect, it } from "vitest";
import { cardsKey, describeStep, leftInvalid } from "@/components/table/hint-check";
import { translator } from "@/i18n/catalog";
import { viewFor } from "@/engine/views";
import { A, card, hand, play } from "../engine/helpers";

const table = () => hand({ hands: ["7C 9H KD", "2S", "3S"], table: ["4C 5C 6C"] });

describe("the Hint's checks", () => {
  it("a hint played to its end is not done while a meld it worked on is invalid", () => {
    const wrong = play(table(), A, { do: "add", card: card("9H"), meld: 1 }, 1);
    expect(leftInvalid([{ do: "add", card: card("9H"), meld: 1 }], viewFor(wrong, A))).toBe(true);
    const right = play(table(), A, { do: "add", card: card("7C"), meld: 1 }, 1);
    expect(leftInvalid([{ do: "add", card: card("7C"), meld: 1 }], viewFor(right, A))).toBe(false);
  });

  it("a meld the hint laid counts, found by its cards once it has an id", () => {
    const cards = [card("7C"), card("8C"), card("9C")];
    let staged = hand({ hands: ["7C 8C 9C 9H", "2S", "3S"] });
    for (const one of cards) staged = play(staged, A, { do: "stage", card: one }, 1);
    const laid = play(staged, A, { do: "lay", cards }, 1);
    const steps = [{ do: "lay" as const, cards }];
    expect(leftInvalid(steps, viewFor(laid, A))).toBe(false);
    const spoilt = play(laid, A, { do: "add", card: card("9H"), meld: 1 }, 2);
    expect(leftInvalid(steps, viewFor(spoilt, A))).toBe(true);
  });

  it("a «nothing found» answer goes stale once the player's cards or the table change", () => {
    const before = table();
    const after = play(before, A, { do: "add", card: card("7C"), meld: 1 }, 1);
    expect(cardsKey(viewFor(before, A))).toBe(cardsKey(viewFor(before, A)));
    expect(cardsKey(viewFor(after, A))).not.toBe(cardsKey(viewFor(before, A)));
  });

  it("a step names melds by the numbers the table shows, not the engine's ids", () => {
    // Melds 2 and 5 are on the table as the first and second: the engine's ids leave gaps.
    const shown = new Map([
      [2, 1],
      [5, 2],
    ]);
    const number = (id: number) => shown.get(id) ?? id;
    const t = translator("en");
    expect(describeStep(t, { do: "move", card: card("9C"), from: 5, to: "new" }, number)).toBe(
      "move 9♣ from meld 2 to new meld",
    );
    expect(describeStep(t, { do: "add", card: card("7C"), meld: 2 }, number)).toBe(
      "add 7♣ to meld 1",
    );
  });
});
