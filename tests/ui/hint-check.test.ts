import { describe, expect, it } from "vitest";
import { classicHint } from "@/bots/classic/hint";
import { classicCardsKey, classicHintWords, startClassicPlan } from "@/components/classic/hint";
import { applyClassic, classicViewFor } from "@/engine/classic";
import { game } from "../engine/classic-helpers";
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

describe("the Hint at the classic table", () => {
  const tahiti = () =>
    game({
      hands: ["6H 10S 3C", "2C 4D 6S 9C JD KS"],
      table: ["9C 9D 9H", "5H JK 7H"],
      faceUp: "9S KD",
      stock: "3D 4D",
      options: { variants: ["tahiti"] },
    });

  it("classic §8 the steps say where each card comes from and goes, by the numbers the table shows, then end the turn", () => {
    const view = classicViewFor(tahiti(), 0);
    const result = classicHint(view);
    if (!result.ok) throw new Error(result.error.reason);
    const { plan } = result.hint;
    const run = startClassicPlan(view, plan);
    expect(classicHintWords(translator("en"), plan, run)).toEqual([
      "put 6♥ on combination 2",
      "start a new combination with the face-up 9♠",
      "put 10♠ on the new combination with 9♠",
      "move Joker from combination 2 to the new combination with 9♠",
      "end your turn",
    ]);
    expect(classicHintWords(translator("it"), plan, run)).toEqual([
      "metti 6♥ nella combinazione 2",
      "inizia una nuova combinazione con 9♠ scoperta",
      "metti 10♠ nella nuova combinazione con 9♠",
      "sposta Jolly dalla combinazione 2 alla nuova combinazione con 9♠",
      "termina il turno",
    ]);
  });

  it("a classic answer goes stale once the hand, the face-up cards, the table or the turn change", () => {
    const before = tahiti();
    const put = applyClassic(before, 0, { do: "put", card: before.hands[0]![0]!, to: 2 }, 0);
    if (!put.ok) throw new Error(put.rejection.reason);
    expect(classicCardsKey(classicViewFor(before, 0))).toBe(
      classicCardsKey(classicViewFor(before, 0)),
    );
    expect(classicCardsKey(classicViewFor(put.state, 0))).not.toBe(
      classicCardsKey(classicViewFor(before, 0)),
    );
    const view = classicViewFor(before, 0);
    expect(classicCardsKey({ ...view, turn: 1 })).not.toBe(classicCardsKey(view));
  });
});
