// Classic bots through the real classic engine: what each level plays from its
// seat's view, the hard bot's best placement on the rules' own example, the
// hint, and properties of whole seeded rounds (only the mover acts, only from its
// own view, every command accepted).

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { classicViewFor, parseOptions, VARIANTS } from "@/engine/classic";
import type { BotLevel } from "@/bots/policy";
import { classicHint } from "@/bots/classic/hint";
import { decideClassicBot, NEW_CLASSIC_MEMORY } from "@/bots/classic/policy";
import { playClassicBotRound, runClassicTournament } from "@/bots/classic/tournament";
import { act, game, names, tableOf } from "../engine/classic-helpers";
import { botTurn, followHint } from "./helpers";

const OPPONENT = "2C 4D 6S 9C JD KS";

describe("classic bots: what each level plays", () => {
  it("classic §4 easy lays a combination it holds, one card at a time", () => {
    const start = game({ hands: ["5D 6D 7D KC", OPPONENT], table: ["9H 10H JH"] });
    const { state, sent } = botTurn(start, "easy");
    expect(tableOf(state)).toContain("5D 6D 7D");
    expect(sent.map((c) => c.do)).toEqual(["put", "put", "put", "end"]);
  });

  it("classic §4 easy draws when its hand holds no combination, even with a card that fits the table", () => {
    const start = game({ hands: ["QH 2S 5C", OPPONENT], table: ["9H 10H JH"], stock: "3D 4D" });
    const { state, sent } = botTurn(start, "easy");
    expect(sent).toEqual([{ do: "draw" }]);
    expect(state.hands[0]).toHaveLength(4);
  });

  it("classic §4 medium adds to the table's combinations and borrows a long run's end (tips)", () => {
    const start = game({
      hands: ["QH 6D 6H 2C", OPPONENT],
      table: ["9H 10H JH", "3S 4S 5S 6S"],
    });
    const { state } = botTurn(start, "medium");
    expect(names(state.hands[0]!)).toBe("2C");
    expect(state.table.every((c) => c.cards.length >= 3)).toBe(true);
  });

  it("classic §8 Thirty-Six: no level touches the table before its opening, nor opens with less than 36 points", () => {
    for (const level of ["easy", "medium", "hard"] as const) {
      const start = game({
        hands: ["2C 2D 2S QH", OPPONENT],
        table: ["9H 10H JH"],
        stock: "3D 4D",
        options: { variants: ["thirty-six"] },
      });
      expect(botTurn(start, level).sent, level).toEqual([{ do: "draw" }]);
    }
  });

  it("classic §8 Thirty-Six: every level opens from its own hand with 36 points and leaves the table alone", () => {
    for (const level of ["easy", "medium", "hard"] as const) {
      const start = game({
        hands: ["KC KD KS KH 4D", OPPONENT],
        table: ["9H 10H JH"],
        options: { variants: ["thirty-six"] },
      });
      const { state } = botTurn(start, level);
      expect(tableOf(state).sort(), level).toEqual(["10H 9H JH", "KC KD KH KS"]);
      expect(state.opened[0], level).toBe(true);
    }
  });
});

describe("classic: the hard bot and the hint", () => {
  const kqj = () =>
    game({
      hands: ["AC 5D", OPPONENT],
      table: ["KH KD KC", "QH QD QC", "JH JD JC"],
      stock: "3D 4D",
    });

  it("classic §4 example: the hard bot regroups the K/Q/J sets into runs to place A♣, step by step", () => {
    const { state, sent } = botTurn(kqj(), "hard");
    expect(tableOf(state).sort()).toEqual(["AC JC KC QC", "JD KD QD", "JH KH QH"]);
    expect(names(state.hands[0]!)).toBe("5D");
    expect(sent.every((c) => c.do === "put" || c.do === "move" || c.do === "end")).toBe(true);
    expect(sent.at(-1)).toEqual({ do: "end" });
  });

  it("classic §4 example: the hint places A♣ and its steps, followed, build its target", () => {
    const start = kqj();
    const result = classicHint(classicViewFor(start, 0));
    if (!result.ok) throw new Error(result.error.reason);
    const { hint } = result;
    expect(names(hint.placed)).toBe("AC");
    expect(hint.moved).toBe(6);
    const state = followHint(start, hint.plan);
    expect(tableOf(state).sort()).toEqual(hint.plan.target.map(names).sort());
    expect(state.turn).toBe(1);
  });

  it("the hint is only for the seat whose turn it is", () => {
    const start = kqj();
    const result = classicHint(classicViewFor(start, 1));
    expect(result).toMatchObject({ ok: false, error: { code: "not-now" } });
  });

  it("the hint is for the start of the turn: once a card is put, it asks for the turn to be reset", () => {
    const start = kqj();
    const { state } = act(start, 0, { do: "put", card: start.hands[0]![1]!, to: "new" });
    expect(classicHint(classicViewFor(state, 0))).toMatchObject({
      ok: false,
      error: { code: "started" },
    });
  });

  it("classic tips: the hard bot keeps back a card that fits several places when it plays something else", () => {
    const start = game({
      hands: ["8H QS 2D", OPPONENT],
      table: ["5H 6H 7H", "8C 8D 8S", "9S 10S JS"],
    });
    const { state } = botTurn(start, "hard");
    expect(names(state.hands[0]!)).toBe("2D 8H");
    expect(tableOf(state)).toContain("10S 9S JS QS");
  });

  it("the hard bot does not keep cards back when an opponent is close to going out", () => {
    const start = game({
      hands: ["8H QS 2D", "2C 4D"],
      table: ["5H 6H 7H", "8C 8D 8S", "9S 10S JS"],
    });
    expect(names(botTurn(start, "hard").state.hands[0]!)).toBe("2D");
  });

  it("a refused step is adapted to: the bot resets the table and draws", () => {
    let state = kqj();
    const first = decideClassicBot("hard", {
      view: classicViewFor(state, 0),
      memory: NEW_CLASSIC_MEMORY,
      refused: null,
    });
    state = act(state, 0, first.command!).state;
    const refusal = { code: "card-not-here" as const, reason: "as if the table had changed" };
    const reset = decideClassicBot("hard", {
      view: classicViewFor(state, 0),
      memory: first.memory,
      refused: refusal,
    });
    expect(reset.command).toEqual({ do: "reset" });
    state = act(state, 0, reset.command!).state;
    const draw = decideClassicBot("hard", {
      view: classicViewFor(state, 0),
      memory: reset.memory,
      refused: null,
    });
    expect(draw.command).toEqual({ do: "draw" });
  });
});

describe("classic bots over whole seeded rounds", () => {
  it("only the mover acts, from its own seat's view, and every command is accepted, in every variant", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.subarray([...VARIANTS]).filter((v) => parseOptions({ variants: v }, 3).ok),
        fc.shuffledSubarray(["easy", "medium", "hard"] as BotLevel[], { minLength: 2 }),
        (seed, variants, levels) => {
          const round = playClassicBotRound({
            seed,
            levels,
            options: { variants },
            onDecision: (seat, view, command) => {
              expect(view.you?.seat).toBe(seat);
              // Nothing in the view but the seat's own hand: no other hand, no stock order.
              expect(Object.keys(view)).not.toContain("hands");
              expect(Object.keys(view)).not.toContain("stock");
              if (view.turn !== seat) expect(command).toBeNull();
            },
          });
          expect(round.refused).toBe(0);
          expect(round.failed).toBe(0);
          expect(round.outcome).not.toBeNull();
        },
      ),
      { numRuns: 8, seed: 47 },
    );
  });

  it("classic §5 over seeded rounds the hard bot goes out more often than easy and holds fewer cards", () => {
    const result = runClassicTournament({ players: ["hard", "easy"], hands: 6, seed: 11 });
    const [hard, easy] = result.levels;
    expect(hard!.wins).toBeGreaterThan(easy!.wins);
    expect(hard!.penalty.mean).toBeLessThan(easy!.penalty.mean);
  });

  it("the same seed plays the same rounds", () => {
    const a = runClassicTournament({ players: ["hard", "easy"], hands: 2, seed: 5 });
    const b = runClassicTournament({ players: ["hard", "easy"], hands: 2, seed: 5 });
    expect(a).toEqual(b);
  });
});
