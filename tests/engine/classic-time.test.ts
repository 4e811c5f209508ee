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
