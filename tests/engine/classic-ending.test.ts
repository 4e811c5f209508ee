// Classic §5 "Ending the round" and §6 "Winning the game".

import { describe, expect, it } from "vitest";
import { advanceClassic, ROUND_PAUSE_MS } from "@/engine/classic";
import { act, card, game, newTable, refused } from "./classic-helpers";

describe("classic §5 ending the round", () => {
  it("classic §5 the round ends when a player has no cards left; the others score 1 per card", () => {
    const s = game({ hands: ["4S", "2H 3H", "KD QD JC 5C"], stock: "7C", table: ["AS 2S 3S"] });
    const { state, events } = act(s, 0, { do: "turn", table: newTable(s, "AS 2S 3S 4S") });
    expect(state.rounds).toEqual([
      { reason: "out", winner: 0, draw: null, scores: [0, 2, 4], absent: [], at: 0 },
    ]);
    expect(state.phase).toBe("over");
    expect(events.map((e) => e.type)).toEqual(["played", "roundOver", "gameOver"]);
    expect(refused(state, 1, { do: "draw" }).code).toBe("game-over");
  });

  it("classic §5 with an empty stock nobody draws: a draw is a pass, and pass is allowed", () => {
    const s = game({ hands: ["4D", "2H", "3C"], table: ["AS 2S 3S"] });
    const { state, events } = act(s, 0, { do: "draw" });
    expect(events[0]).toMatchObject({ type: "passed", seat: 0 });
    expect(act(state, 1, { do: "pass" }).state.turn).toBe(2);
  });

  it("classic §5 with cards in the stock you may not pass", () => {
    const s = game({ hands: ["4D", "2H"], stock: "3C" });
    expect(refused(s, 0, { do: "pass" }).code).toBe("must-draw");
  });

  it("classic §5 a whole round without a card played ends a blocked round: the fewest cards wins and scores 0", () => {
    let s = game({ hands: ["4D 5D", "2H", "3C 9C 10C"], table: ["AS 2S 3S"] });
    s = act(s, 0, { do: "pass" }).state;
    s = act(s, 1, { do: "pass" }).state;
    expect(s.phase).toBe("turn");
    s = act(s, 2, { do: "pass" }).state;
    expect(s.rounds[0]).toMatchObject({
      reason: "blocked",
      winner: 1,
      draw: null,
      scores: [2, 0, 3],
    });
  });

  it("classic §5 a failed move counts as none played; a play starts the count again", () => {
    let s = game({ hands: ["4D 5D", "2H 4S", "3C 9C 10C"], table: ["AS 2S 3S"] });
    s = act(s, 0, { do: "pass" }).state;
    s = act(s, 1, { do: "turn", table: newTable(s, "AS 2S 3S", "2H") }).state;
    s = act(s, 2, { do: "pass" }).state;
    expect(s.rounds[0]?.reason).toBe("blocked");
    let t = game({ hands: ["4D 5D", "2H 4S", "3C 9C 10C"], table: ["AS 2S 3S"] });
    t = act(t, 0, { do: "pass" }).state;
    t = act(t, 1, { do: "put", card: card(t, "4S", 1), to: 1 }).state;
    t = act(t, 1, { do: "end" }).state;
    t = act(t, 2, { do: "pass" }).state;
    t = act(t, 0, { do: "pass" }).state;
    expect(t.phase).toBe("turn");
  });

  it("classic §5 a blocked round with a tie for fewest cards: the tied players share the win, all scoring 0", () => {
    let s = game({ hands: ["4D", "2H", "3C 9C"], table: ["AS 2S 3S"] });
    for (const seat of [0, 1, 2]) s = act(s, seat, { do: "pass" }).state;
    expect(s.rounds[0]).toMatchObject({
      reason: "blocked",
      winner: null,
      draw: [0, 1],
      scores: [0, 0, 2],
    });
    expect(s.result).toEqual({ reason: "round", winner: null, draw: [0, 1] });
  });

  it("classic §5 the turn that drew the stock's last card counts: then every player in a row has played nothing", () => {
    let s = game({ hands: ["4D", "2H 5H"], stock: "9C", table: ["AS 2S 3S"] });
    s = act(s, 0, { do: "draw" }).state;
    expect(s.phase).toBe("turn");
    s = act(s, 1, { do: "pass" }).state;
    expect(s.rounds[0]).toMatchObject({ reason: "blocked", draw: [0, 1] });
  });

  it("classic §5 turns without a card played while the stock lasts do not block the round", () => {
    let s = game({ hands: ["4D", "2H"], stock: "9C 8C 7C", table: ["AS 2S 3S"] });
    for (const seat of [0, 1]) s = act(s, seat, { do: "draw" }).state;
    expect(s.phase).toBe("turn");
    expect(s.stock).toHaveLength(1);
  });
});

describe("classic §6 winning the game", () => {
  it("classic §6 rounds go on until somebody reaches the target (25 by default); the lowest total wins", () => {
    const s = game({
      hands: ["4S", "2H 3H", "KD QD JC 5C"],
      stock: "7C",
      table: ["AS 2S 3S"],
      options: { target: 25 },
      totals: [10, 23, 5],
    });
    const { state } = act(s, 0, { do: "turn", table: newTable(s, "AS 2S 3S 4S") });
    expect(state.totals).toEqual([10, 25, 9]);
    expect(state.result).toEqual({ reason: "target", winner: 2, draw: null });
    expect(state.phase).toBe("over");
  });

  it("classic §6 below the target the next round follows after a pause, or as soon as everyone is ready", () => {
    const s = game({
      hands: ["4S", "2H 3H"],
      stock: "7C",
      table: ["AS 2S 3S"],
      options: { target: 25 },
    });
    const over = act(s, 0, { do: "turn", table: newTable(s, "AS 2S 3S 4S") }, 1).state;
    expect(over.phase).toBe("between");
    expect(refused(over, 1, { do: "draw" }).code).toBe("round-over");
    const oneReady = act(over, 0, { do: "ready" }, 2).state;
    expect(oneReady.round).toBe(1);
    expect(act(oneReady, 1, { do: "ready" }, 3).state.round).toBe(2);
    const timed = advanceClassic(over, 1000 + ROUND_PAUSE_MS).state;
    expect(timed.round).toBe(2);
    expect(timed.hands.map((h) => h.length)).toEqual([13, 13]);
  });

  it("classic §6 for a single round, the first player to go out wins the game", () => {
    const s = game({ hands: ["4S", "2H 3H"], stock: "7C", table: ["AS 2S 3S"] });
    const { state } = act(s, 0, { do: "turn", table: newTable(s, "AS 2S 3S 4S") });
    expect(state.result).toEqual({ reason: "round", winner: 0, draw: null });
  });
});
