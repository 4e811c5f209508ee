// The three levels over whole hands through the real engine: only commands a
// player could send from what the seat sees, never a throw, hard ahead of easy,
// and the same seed giving the same hands.

import { describe, expect, it } from "vitest";
import { type CardId, cardName, cards } from "@/engine/cards";
import { type Command, parseCommand } from "@/engine/commands";
import type { HandState } from "@/engine/state";
import type { HandView } from "@/engine/views";
import { BOT_LEVELS, type BotAction, type BotLevel } from "@/bots/policy";
import { playBotHand, runTournament } from "@/bots/tournament";
import { accept, laidOut, SteppedBot } from "./helpers";

/** Why the command could not come from this view, or null when a player could send it. */
function illegible(view: HandView, command: Command): string | null {
  const you = view.you!;
  const seat = view.seats[you.seat]!;
  const own = view.tiebreak?.seats.includes(you.seat) ? view.tiebreak.pile : you.hand;
  const inMeld = (card: CardId, id: number) =>
    view.table.some((m) => m.id === id && m.cards.some((c) => c.card === card));
  if (!parseCommand(command).ok) return "malformed";
  if (view.outcome || seat.status !== "playing") return "acts after its hand is over";
  if (view.freeze && view.freeze.seat !== you.seat) return "acts while frozen";
  switch (command.do) {
    case "draw":
      return you.stockCount > 0 && you.staging.length === 0 ? null : "draws with nothing to draw";
    case "stage":
      return own.includes(command.card) ? null : "stages a card it does not hold";
    case "unstage":
      return you.staging.includes(command.card) ? null : "unstages a card not staged";
    case "lay":
      return (command.cards ?? you.staging).every((c) => you.staging.includes(c))
        ? null
        : "lays cards not staged";
    case "add":
      return own.includes(command.card) && you.staging.length === 0
        ? null
        : "adds a card it does not hold, or with cards declared";
    case "place":
      return you.staging.includes(command.card) ? null : "places a card not staged";
    case "move":
      return inMeld(command.card, command.from) ? null : "moves a card from a meld without it";
    case "stop":
      return seat.calledStop || view.tiebreak ? "calls «Stop!» twice or in a tie-break" : null;
    case "giveup":
      return view.freeze?.seat === you.seat ? null : "gives up outside its freeze";
    case "end":
    case "cancel":
      return seat.play !== null ? null : "ends a play it does not have";
    default:
      return `sends ${command.do}`;
  }
}

describe("bots play only what their own seat's view allows", () => {
  for (const level of BOT_LEVELS)
    it(`§5 the ${level} bot sends only commands its view allows, and never throws`, () => {
      const problems: string[] = [];
      let commands = 0;
      for (const seed of [3, 4]) {
        const levels: BotLevel[] = [level, level === "easy" ? "hard" : "easy", "medium"];
        const hand = playBotHand({
          seed,
          levels,
          onDecision: (seat, view, action: BotAction) => {
            if (levels[seat] !== level || action.kind !== "act") return;
            commands++;
            const problem = illegible(view, action.command);
            if (problem) problems.push(`${problem}: ${JSON.stringify(action.command)}`);
          },
        });
        expect(hand.outcome).not.toBeNull();
        const refused = Object.values(hand.refused).reduce((a, b) => a + b, 0);
        // A refusal only means the table moved before the command landed: rare.
        expect(refused).toBeLessThan(hand.commands * 0.05);
      }
      expect(commands).toBeGreaterThan(50);
      expect(problems).toEqual([]);
    }, 60_000);

  it("§5.1 the easy bot lays a meld it sees in its hand", () => {
    const bot = new SteppedBot("easy", 0);
    let state = laidOut({ hands: ["4C 5C 6C KD", "", ""] });
    for (let i = 0; i < 4; i++) state = bot.step(state) ?? state;
    expect(bot.sent.map((c) => c.do)).toEqual(["stage", "stage", "stage", "lay"]);
    expect(tableOf(state)).toEqual(["4C 5C 6C"]);
  });

  it("§5.3 the medium bot borrows the end of a run of four to complete a set from its hand", () => {
    const bot = new SteppedBot("medium", 0);
    let state = laidOut({ hands: ["7S 7D KC", "", ""], table: ["4H 5H 6H 7H"] });
    for (let i = 0; i < 5; i++) state = bot.step(state) ?? state;
    expect(bot.sent.map((c) => c.do)).toEqual(["stage", "stage", "move", "place", "place"]);
    expect(tableOf(state)).toEqual(["4H 5H 6H", "7D 7H 7S"]);
    expect(state.players[0]!.hand).toEqual(cards("KC"));
  });

  it("§5.3 a table that moves under a declared plan is seen: the bot takes its declared cards back", () => {
    const bot = new SteppedBot("medium", 0);
    let state = laidOut({ hands: ["7S 7D KC", "8H", ""], table: ["4H 5H 6H 7H"] });
    state = bot.step(bot.step(state)!)!;
    expect(state.players[0]!.staging).toEqual(cards("7S 7D"));
    // The opponent extends the run: the 7♥ is no longer an end to borrow.
    state = accept(state, 1, { do: "add", card: cards("8H")[0]!, meld: 1 }, bot.now + 100);
    state = bot.step(state)!;
    expect(bot.sent.at(-1)).toEqual({ do: "cancel" });
    expect([...state.players[0]!.hand].sort()).toEqual(cards("7S 7D KC").sort());
    expect(tableOf(state)).toEqual(["4H 5H 6H 7H 8H"]);
  });
});

/** The table as literals, each meld's cards sorted by name. */
function tableOf(state: HandState): string[] {
  return state.table.map((m) => m.cards.map(cardName).sort().join(" "));
}

describe("the tournament", () => {
  it("§12 in a short seeded tournament the hard bot scores more than the easy bot", () => {
    const result = runTournament({ players: ["hard", "easy", "easy"], hands: 3, seed: 11 });
    const [hard, easy] = result.levels;
    expect(result.unfinished).toBe(0);
    expect(hard!.score.mean).toBeGreaterThan(easy!.score.mean);
    expect(hard!.wins).toBeGreaterThan(easy!.wins);
  }, 60_000);

  it("the same seed plays the same hands, command for command", () => {
    const play = () => playBotHand({ seed: 5, levels: ["hard", "medium", "easy"] });
    const [first, second] = [play(), play()];
    expect(second.outcome).toEqual(first.outcome);
    expect(second.commands).toBe(first.commands);
    expect(second.state).toEqual(first.state);
  }, 60_000);
});
