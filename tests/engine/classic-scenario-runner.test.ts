// The scenario runner for classic files (scenario-format.md, "Classic Machiavelli").

import { describe, expect, it } from "vitest";
import { runScenario } from "@/engine/testkit";

const base = {
  rules: "classic",
  players: ["A", "B", "C"],
  setup: {
    hands: { A: ["4S", "9D"], B: ["2H", "2S"], C: ["KD"] },
    stock: ["7H", "7S", "7D", "QC"],
    table: [["AS", "2S", "3S"]],
  },
  steps: [{ at: 1, player: "A", do: "turn", table: [["AS", "2S", "3S", "4S"]] }],
};

const run = (file: unknown) => {
  const result = runScenario(file);
  if (!result.ok) throw new Error(result.error);
  return result.result;
};
const invalid = (file: unknown) => {
  const result = runScenario(file);
  return result.ok ? "ran" : result.error;
};

describe("classic scenario files", () => {
  it("a classic result adds whose turn it is, the stock, the face-up cards and each player's hand and score", () => {
    expect(run(base)).toEqual({
      time: 1,
      table: [{ id: 1, cards: ["AS", "2S", "3S", "4S"] }],
      players: {
        A: { hand: ["9D"], status: "playing", score: null },
        B: { hand: ["2S", "2H"], status: "playing", score: null },
        C: { hand: ["KD"], status: "playing", score: null },
      },
      hand: { over: false, winner: null, draw: null, reason: null },
      turn: "B",
      stock: 4,
      faceUp: [],
      rejected: [],
      notices: [],
    });
  });

  it("hand.reason is out when a player empties the hand, blocked after a round of passes with an empty stock", () => {
    const out = run({
      ...base,
      setup: { ...base.setup, hands: { ...base.setup.hands, A: ["4S"] } },
    });
    expect(out.hand).toEqual({ over: true, winner: "A", draw: null, reason: "out" });
    expect(out.turn).toBeNull();
    expect(out.players.B!.score).toBe(2);
    const blocked = run({
      ...base,
      setup: { ...base.setup, stock: [] },
      steps: ["A", "B", "C"].map((player, i) => ({ at: i, player, do: "pass" })),
    });
    expect(blocked.hand).toEqual({ over: true, winner: "C", draw: null, reason: "blocked" });
    expect(blocked.players.A!.score).toBe(2);
  });

  it("a step out of turn or naming a card nobody has is listed as rejected; a failed move is not", () => {
    const result = run({
      ...base,
      steps: [
        { at: 0, player: "B", do: "draw" },
        { at: 1, player: "A", do: "turn", table: [["AS", "2S", "3S", "9D"]] },
        { at: 2, player: "B", do: "turn", table: [["AS", "2S", "3S"], ["XX"]] },
      ],
    });
    expect(result.rejected).toEqual([
      { step: 0, reason: "it is not your turn" },
      { step: 2, reason: '"XX" is not a card' },
    ]);
    expect(result.players.A!.hand).toHaveLength(5);
  });

  it("variants by name, alone or combined; the project's house options; Tahiti's jokers and face-up cards", () => {
    const tahiti = run({
      ...base,
      variant: ["tahiti", "thirty-six"],
      options: { ace: "low", penalty: 2, turnLimit: 60 },
      setup: { ...base.setup, faceUp: ["JK", "5C"], opened: ["A"] },
      steps: [{ at: 1, player: "A", do: "turn", table: [["AS", "2S", "3S", "4S", "JK"]] }],
    });
    expect(tahiti.faceUp).toEqual(["5C"]);
    expect(tahiti.table).toEqual([{ id: 1, cards: ["AS", "2S", "3S", "4S", "JK"] }]);
  });

  it("a file that is not a valid classic scenario is an error with its reason", () => {
    expect(invalid({ ...base, variant: "bridge" })).toMatch(/unknown variant "bridge"/);
    expect(invalid({ ...base, variant: ["guadalupe", "tahiti"] })).toMatch(/do not combine/);
    expect(invalid({ ...base, setup: { ...base.setup, stock: ["JK"] } })).toMatch(
      /jokers are Tahiti's/,
    );
    expect(invalid({ ...base, players: ["A"] })).toMatch(/2 to 8 distinct names/);
    expect(invalid({ ...base, setup: { ...base.setup, table: [["AS", "2S"]] } })).toMatch(
      /at least 3 cards/,
    );
    expect(invalid({ ...base, setup: { seed: 4, stock: [] } })).toMatch(/cannot be combined/);
    expect(invalid({ ...base, options: { speed: 3 } })).toMatch(/unknown option "speed"/);
  });

  it("a seed deals a whole game for the variant", () => {
    const dealt = run({ ...base, variant: "guadalupe", setup: { seed: 42 }, steps: [] });
    expect(Object.values(dealt.players).map((p) => p.hand.length)).toEqual([5, 5, 5]);
    expect(dealt.stock).toBe(104 - 15);
  });
});
