// A turn time limit per game (the house option): timers are data, like
// src/engine's — nextClassicDeadline says when, advanceClassic fires it.

import { describe, expect, it } from "vitest";
import { advanceClassic, nextClassicDeadline } from "@/engine/classic";
import { act, card, game, names, tableOf } from "./classic-helpers";

const limited = (extra: Parameters<typeof game>[0]) =>
  game({ ...extra, options: { turnLimit: 60_000, ...extra.options } });

describe("turn time limit", () => {
  it("time limit: no limit by default, for friends playing slowly", () => {
    expect(nextClassicDeadline(game({ hands: ["9D", "2C"], stock: "5C" }))).toBeNull();
  });

  it("time limit: a turn with nothing played ends as a draw when the time runs out", () => {
    const s = limited({ hands: ["9D", "2C"], stock: "5C 6C" });
    expect(nextClassicDeadline(s)).toBe(60_000);
    const { state, events } = advanceClassic(s, 60_000);
    expect(names(state.hands[0]!)).toBe("5C 9D");
    expect(state.turn).toBe(1);
    expect(events.map((e) => e.type)).toEqual(["timeUp", "drew", "turnStarted"]);
    expect(nextClassicDeadline(state)).toBe(120_000);
  });

  it("time limit: a valid table when the time runs out stands, as if the turn were ended", () => {
    let s = limited({ hands: ["4S 9D", "2C"], stock: "5C", table: ["AS 2S 3S"] });
    s = act(s, 0, { do: "put", card: card(s, "4S", 0), to: 1 }, 10).state;
    const { state } = advanceClassic(s, 60_000);
    expect(tableOf(state)).toEqual(["2S 3S 4S AS"]);
    expect(names(state.hands[0]!)).toBe("9D");
    expect(state.turn).toBe(1);
  });

  it("time limit: an invalid table when the time runs out is restored, with the penalty", () => {
    let s = limited({ hands: ["4S 9D", "2C"], stock: "5C 6C 7C", table: ["AS 2S 3S"] });
    s = act(s, 0, { do: "put", card: card(s, "9D", 0), to: 1 }, 10).state;
    const { state, events } = advanceClassic(s, 60_000);
    expect(tableOf(state)).toEqual(["2S 3S AS"]);
    expect(names(state.hands[0]!)).toBe("4S 5C 6C 7C 9D");
    expect(events.find((e) => e.type === "failed")).toBeDefined();
  });

  it("time limit: table cards only moved, with no card from the hand, are put back and the turn ends as a draw", () => {
    let s = limited({ hands: ["9D", "2C"], stock: "5C", table: ["AS 2S 3S 4S"] });
    s = act(s, 0, { do: "move", card: card(s, "4S", "table"), to: "new" }, 10).state;
    const { state } = advanceClassic(s, 60_000);
    expect(tableOf(state)).toEqual(["2S 3S 4S AS"]);
    expect(names(state.hands[0]!)).toBe("5C 9D");
  });

  it("time limit: a command at the deadline comes after the time is up", () => {
    const s = limited({ hands: ["9D", "2C"], stock: "5C 6C 7C" });
    expect(act(s, 1, { do: "draw" }, 60).state.turn).toBe(0);
  });
});

// Ranked games only (the `absentOut` option): docs/rules-decisions.md, "Classic at the live table".
describe("absence in ranked games", () => {
  const ranked = (extra: Parameters<typeof game>[0]) =>
    limited({ ...extra, options: { absentOut: 3, ...extra.options } });
  const MINUTE = 60_000;

  it("absence: a player whose turns time out three times in a row is out of the round, its turns skipped", () => {
    const s = ranked({ hands: ["9D", "2C", "3H"], stock: "5C 6C 7C 8C 9C 10C 5S 6S 7S" });
    // Nobody acts: every turn times out; seat 0's third timed-out turn puts it out.
    const { state, events } = advanceClassic(s, 8 * MINUTE);
    expect(events.filter((e) => e.type === "absentOut").map((e) => e.seat)).toEqual([0, 1]);
    expect(state.absent).toEqual([0, 1]);
    // Seat 1 went out on its own third turn, leaving seat 2 alone in the round: it wins it.
    expect(state.rounds[0]).toMatchObject({ reason: "alone", winner: 2, absent: [0, 1] });
  });

  it("absence: the third missed turn draws nothing; the next turn is the next player's still in", () => {
    let s = ranked({ hands: ["9D", "2C", "3H"], stock: "5C 6C 7C 8C 9C 10C 5S 6S 7S" });
    // Seats 1 and 2 draw on their turns; seat 0 lets every one of its turns time out.
    for (let round = 0; round < 3; round++) {
      s = advanceClassic(s, s.turnStart + MINUTE).state;
      if (s.absent.includes(0)) break;
      s = act(s, 1, { do: "draw" }, (s.now + 1) / 1000).state;
      s = act(s, 2, { do: "draw" }, (s.now + 1) / 1000).state;
    }
    expect(s.absent).toEqual([0]);
    expect(names(s.hands[0]!)).toBe("5C 8C 9D");
    expect(s.turn).toBe(1);
    s = act(s, 1, { do: "draw" }, (s.now + 1) / 1000).state;
    expect(s.turn).toBe(2);
    s = act(s, 2, { do: "draw" }, (s.now + 1) / 1000).state;
    expect(s.turn).toBe(1);
  });

  it("absence: a command of the player's own starts the count of missed turns again", () => {
    let s = ranked({ hands: ["9D", "2C"], stock: "5C 6C 7C 8C 9C 10C 5S 6S 7S" });
    s = advanceClassic(s, MINUTE).state; // seat 0 misses one
    s = act(s, 1, { do: "draw" }, 61).state;
    s = advanceClassic(s, s.turnStart + MINUTE).state; // and a second
    s = act(s, 1, { do: "draw" }, (s.now + 1) / 1000).state;
    s = act(s, 0, { do: "draw" }, (s.now + 1) / 1000).state; // back at the table
    expect(s.missed[0]).toBe(0);
    s = advanceClassic(s, s.turnStart + MINUTE).state; // seat 1 misses, then seat 0
    s = advanceClassic(s, s.turnStart + MINUTE).state;
    expect(s.absent).toEqual([]);
    expect(s.missed[0]).toBe(1);
  });

  it("absence: out for absence scores the worst penalty of the round, or its own hand's if that is worse", () => {
    // Seat 0 misses every turn; seat 1 lays one spade a turn and goes out on its fourth;
    // seat 2 draws each turn: seats 2 and 0 end holding 5 and 3 cards (0 + 2 drawn).
    const roundWith = (hand0: string) => {
      let s = ranked({
        hands: [hand0, "4S 5S 6S 7S", "2C 3D"],
        stock: "5C 6C 7C 8C 9C 10C 5D 6D 7D 8D",
        table: ["AS 2S 3S"],
      });
      for (const spade of ["4S", "5S", "6S", "7S"]) {
        if (!s.absent.includes(0)) s = advanceClassic(s, s.turnStart + MINUTE).state;
        s = act(s, 1, { do: "put", card: card(s, spade, 1), to: 1 }, (s.now + 1) / 1000).state;
        s = act(s, 1, { do: "end" }, (s.now + 1) / 1000).state;
        if (s.phase === "turn") s = act(s, 2, { do: "draw" }, (s.now + 1) / 1000).state;
      }
      return s.rounds[0]!;
    };
    expect(roundWith("9D")).toMatchObject({
      reason: "out",
      winner: 1,
      scores: [5, 0, 5],
      absent: [0],
    });
    expect(roundWith("9D 9C 8H 7H 2D 3H").scores).toEqual([8, 0, 5]);
  });

  it("absence: friendly games never put anyone out, however many turns time out", () => {
    const s = limited({ hands: ["9D", "2C"], stock: "5C 6C 7C 8C 9C 10C 5S 6S 7S" });
    const { state } = advanceClassic(s, 8 * MINUTE);
    expect(state.absent).toEqual([]);
    expect(state.missed).toEqual([4, 4]);
  });
});
