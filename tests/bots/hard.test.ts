// The hard bot: the hint solver's plan carried out through the real engine on
// the rules' own examples, «Stop!» and the §8 conditions, and a going out held
// back while one more draw is worth more (§12).

import { describe, expect, it } from "vitest";
import { cardName, cards } from "@/engine/cards";
import { isValidMeld, MACHIAVELOX_MELDS } from "@/engine/melds";
import type { HandState } from "@/engine/state";
import { playBotHand } from "@/bots/tournament";
import type { Command } from "@/engine/commands";
import { accept, laidOut, SteppedBot } from "./helpers";

/** The hard bot alone at seat 0 (the others sit idle) until the hand ends. */
function hardAlone(start: HandState) {
  const sent: Command[] = [];
  const hand = playBotHand({
    seed: 1,
    start,
    levels: ["hard", null, null],
    maxCommands: 200,
    onDecision: (seat, _view, action) => {
      if (action.kind === "act") sent.push(action.command);
    },
  });
  return { ...hand, sent };
}

const tableOf = (state: HandState) =>
  state.table.map((m) => m.cards.map(cardName).sort().join(" ")).sort();

describe("§5.3 the hard bot carries out the solver's rearrangements", () => {
  it("§5.3 the K/Q/J sets become three runs to place the A♣, and the bot goes out", () => {
    const hand = hardAlone(
      laidOut({
        hands: ["AC", "5D", "5S"],
        table: ["KH KD KC", "QH QD QC", "JH JD JC"],
        laid: [true],
      }),
    );
    expect(hand.outcome).toMatchObject({ reason: "out", winner: 0 });
    // Six cards change meld (some by way of a meld of their own while the runs form).
    expect(hand.sent.filter((c) => c.do === "move").length).toBeGreaterThanOrEqual(6);
    expect(tableOf(hand.state)).toEqual(["AC JC KC QC", "JD KD QD", "JH KH QH"]);
  });

  it("§5.3 two 6-7-8-9 runs give up their nines to the 9♦, and the bot goes out", () => {
    const hand = hardAlone(
      laidOut({ hands: ["9D", "5D", "5S"], table: ["6H 7H 8H 9H", "6C 7C 8C 9C"], laid: [true] }),
    );
    expect(hand.outcome).toMatchObject({ reason: "out", winner: 0 });
    expect(tableOf(hand.state)).toEqual(["6C 7C 8C", "6H 7H 8H", "9C 9D 9H"]);
    for (const meld of hand.state.table)
      expect(isValidMeld(MACHIAVELOX_MELDS, meld.cards)).toBe(true);
  });

  it("§9 with a going out that rearranges a quiet table, the hard bot calls «Stop!» first and goes out in its freeze", () => {
    const hand = hardAlone(
      laidOut({ hands: ["9D", "5D", "5S"], table: ["6H 7H 8H 9H", "6C 7C 8C 9C"], laid: [true] }),
    );
    expect(hand.sent[0]).toEqual({ do: "stop" });
    expect(hand.state.players[0]!.calledStop).toBe(true);
  });

  it("§8 the hard bot never empties its hand without having laid a meld of its own", () => {
    const hand = hardAlone(
      laidOut({ hands: ["9D", "", ""], table: ["6H 7H 8H 9H", "6C 7C 8C 9C"], laid: [false] }),
    );
    expect(hand.state.players[0]!.status).not.toBe("eliminated");
    expect(hand.state.players[0]!.hand).toEqual(cards("9D"));
  });

  it("§6 a move refused half-way through the plan is seen: the bot takes its play back", () => {
    const bot = new SteppedBot("hard", 0);
    let state = laidOut({
      hands: ["AC 5H", "5D", "5S"],
      table: ["KH KD KC", "QH QD QC", "JH JD JC"],
      laid: [true],
    });
    state = bot.step(state)!;
    expect(bot.sent[0]).toEqual({ do: "stage", card: cards("AC")[0] });
    state = bot.step(state)!;
    expect(bot.sent[1]).toMatchObject({ do: "move" });
    // An opponent declares and takes the card the bot moves next: first come, first served (§6).
    const { card } = bot.memory.plan!.steps[bot.memory.plan!.sent] as { card: number };
    const meld = state.table.find((m) => m.cards.includes(card))!.id;
    state = accept(state, 1, { do: "stage", card: cards("5D")[0]! }, bot.now + 10);
    state = accept(state, 1, { do: "take", card, meld }, bot.now + 20);
    state = bot.step(state)!;
    expect(bot.refused?.code).toBe("held-by-other");
    state = bot.step(state)!;
    expect(bot.sent.at(-1)).toEqual({ do: "cancel" });
    expect(state.players[0]!.staging).toEqual([]);
    expect(state.table.every((m) => isValidMeld(MACHIAVELOX_MELDS, m.cards))).toBe(true);
  });
});

describe("§12 the hard bot times its going out", () => {
  // Three-card sets of hearts, diamonds and clubs for every value and both decks:
  // every spade the seat cannot see fits the table.
  const sets = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"].flatMap((v) => [
    `${v}H ${v}D ${v}C`,
    `${v}H ${v}D ${v}C`,
  ]);
  const spades = (names: string) =>
    names
      .split(" ")
      .map((v) => `${v}S`)
      .join(" ");

  it("§12 with the last card of its stock sure to fit and no opponent close, it draws first: +10 for the stock used up", () => {
    const hand = hardAlone(
      laidOut({
        hands: ["4S 5S 6S", spades("A 2 3 8 9 10 J Q K A"), spades("2 3 8 9 10 J Q K 4 5")],
        stocks: ["7S"],
        table: sets,
        removed: "6S 7S",
        laid: [true],
      }),
    );
    expect(hand.sent[0]).toEqual({ do: "draw" });
    expect(hand.outcome).toMatchObject({ reason: "out", winner: 0 });
    // 50 − 0 left in the stock + 20 cards in the opponents' hands + 10.
    expect(hand.outcome!.scores[0]).toBe(80);
  });

  it("§12 with an opponent close to going out, it goes out at once", () => {
    const hand = hardAlone(
      laidOut({
        hands: ["4S 5S 6S", spades("A 2 3"), spades("8 9 10 J Q K A 2 3 8 9 10 J Q K 4 5")],
        stocks: ["7S"],
        table: sets,
        removed: "6S 7S",
        laid: [true],
      }),
    );
    expect(hand.sent).not.toContainEqual({ do: "draw" });
    expect(hand.outcome).toMatchObject({ reason: "out", winner: 0 });
    expect(hand.outcome!.scores[0]).toBe(50 - 1 + 20);
  });
});
