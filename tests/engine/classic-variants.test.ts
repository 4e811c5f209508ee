// Classic §8 "Variants": Thirty-Six, Guadalupe, Tahiti, Draw first, combined
// where they do not contradict.

import { describe, expect, it } from "vitest";
import { newClassicGame } from "@/engine/classic";
import { act, card, game, names, newTable, refused, tableOf } from "./classic-helpers";

describe("classic §8 Thirty-Six", () => {
  const thirtySix = { variants: ["thirty-six" as const] };

  it("classic §8 Thirty-Six: a first move of combinations from your own hand worth at least 36 points opens", () => {
    const s = game({ hands: ["KH KD KC 2S 3S 4S 9D", "2C"], stock: "5C", options: thirtySix });
    const { state } = act(s, 0, { do: "turn", table: newTable(s, "KH KD KC", "2S 3S 4S") });
    expect(state.opened).toEqual([true, false]);
    expect(names(state.hands[0]!)).toBe("9D");
  });

  it("classic §8 Thirty-Six: an opening worth less than 36 points is a failed move", () => {
    const s = game({ hands: ["2H 3H 4H", "2C"], stock: "5C 6C 7C", options: thirtySix });
    const { state, events } = act(s, 0, { do: "turn", table: newTable(s, "2H 3H 4H") });
    expect(events.find((e) => e.type === "failed")).toMatchObject({
      reason: "your opening is worth 9 points: it needs 36",
    });
    expect(state.table).toEqual([]);
    expect(state.hands[0]).toHaveLength(6);
    expect(state.opened[0]).toBe(false);
  });

  it("classic §8 Thirty-Six: before the opening you may not add to or rearrange the table's combinations", () => {
    const s = game({
      hands: ["4S KH KD KC QH QD QC", "2C"],
      stock: "5C 6C 7C",
      table: ["AS 2S 3S"],
      options: thirtySix,
    });
    expect(refused(s, 0, { do: "put", card: card(s, "4S", 0), to: 1 }).code).toBe("not-opened");
    expect(refused(s, 0, { do: "move", card: card(s, "3S", "table"), to: "new" }).code).toBe(
      "not-opened",
    );
    const { events } = act(s, 0, {
      do: "turn",
      table: newTable(s, "AS 2S 3S 4S", "KH KD KC", "QH QD QC"),
    });
    expect(events.find((e) => e.type === "failed")).toMatchObject({
      reason:
        "before your opening of 36 points you may not add to or rearrange the table's combinations",
    });
    const opened = game({
      hands: ["4S", "2C"],
      stock: "5C",
      table: ["AS 2S 3S"],
      options: thirtySix,
      opened: [0],
    });
    expect(
      act(opened, 0, { do: "turn", table: newTable(opened, "AS 2S 3S 4S") }).state.rounds,
    ).toHaveLength(1);
  });

  it("classic §8 Thirty-Six with Tahiti: a joker counts as the card it stands for", () => {
    const s = game({
      hands: ["QH KH JK 2S 3S 4S 9D", "2C"],
      stock: "5C",
      options: { variants: ["thirty-six", "tahiti"] },
    });
    // Q K joker: the joker counts as the J (10) rather than the Ace (1): 30 + 9 = 39.
    const { state } = act(s, 0, { do: "turn", table: newTable(s, "QH KH JK", "2S 3S 4S") });
    expect(state.opened[0]).toBe(true);
  });
});

describe("classic §8 Guadalupe", () => {
  const guadalupe = { variants: ["guadalupe" as const] };

  it("classic §8 Guadalupe: 5 cards each; if you play nothing, you draw two cards", () => {
    const created = newClassicGame({ players: 4, seed: 3, now: 0, options: guadalupe });
    expect(created.ok && created.state.hands.map((h) => h.length)).toEqual([5, 5, 5, 5]);
    const s = game({ hands: ["9D", "2C"], stock: "5C 6C 7C", options: guadalupe });
    expect(names(act(s, 0, { do: "draw" }).state.hands[0]!)).toBe("5C 6C 9D");
  });

  it("classic §8 Guadalupe: if you play cards but don't go out, you draw one at the end of your turn", () => {
    const s = game({
      hands: ["4S 9D", "2C"],
      stock: "5C 6C",
      table: ["AS 2S 3S"],
      options: guadalupe,
    });
    const { state } = act(s, 0, { do: "turn", table: newTable(s, "AS 2S 3S 4S") });
    expect(names(state.hands[0]!)).toBe("5C 9D");
    const out = game({ hands: ["4S", "2C"], stock: "5C", table: ["AS 2S 3S"], options: guadalupe });
    const ended = act(out, 0, { do: "turn", table: newTable(out, "AS 2S 3S 4S") }).state;
    expect(ended.hands[0]).toEqual([]);
    expect(ended.rounds[0]?.reason).toBe("out");
  });

  it("classic §8 Guadalupe is played without jokers: it does not combine with Tahiti", () => {
    expect(
      newClassicGame({
        players: 3,
        seed: 1,
        now: 0,
        options: { variants: ["guadalupe", "tahiti"] },
      }),
    ).toEqual({
      ok: false,
      error:
        "guadalupe and tahiti do not combine: Guadalupe is played without jokers, Tahiti with four",
    });
  });
});

describe("classic §8 Tahiti", () => {
  const tahiti = { variants: ["tahiti" as const] };

  it("classic §8 Tahiti: the face-up cards can be used in a combination, but don't have to be", () => {
    const s = game({ hands: ["7H 2C", "3C"], stock: "5C", faceUp: "7D 7S KC AD", options: tahiti });
    const { state } = act(s, 0, { do: "turn", table: newTable(s, "7H 7D 7S") });
    expect(names(state.faceUp)).toBe("AD KC");
    expect(tableOf(state)).toEqual(["7D 7H 7S"]);
    const alone = refused(s, 0, { do: "turn", table: newTable(s, "KC AD 7D") });
    expect(alone.code).toBe("nothing-from-hand");
    let live = act(s, 0, { do: "put", card: card(s, "7D", "faceUp"), to: "new" }).state;
    live = act(live, 0, { do: "takeBack", card: card(live, "7D", "table") }).state;
    expect(names(live.faceUp)).toBe("7D 7S AD KC");
  });

  it("classic §8 Tahiti: a combination may contain only one joker", () => {
    const s = game({ hands: ["7H JK JK", "3C"], stock: "5C 6C 8C", options: tahiti });
    const { events } = act(s, 0, { do: "turn", table: newTable(s, "7H JK JK") });
    expect(events.find((e) => e.type === "failed")).toMatchObject({
      reason: "only one joker per combination: 7♥ joker joker",
    });
  });

  it("classic §8 Tahiti: holding the real card, you swap it for the joker and use the joker elsewhere", () => {
    const s = game({
      hands: ["6H 9C 9D", "3C"],
      stock: "5C",
      table: ["5H JK 7H"],
      options: tahiti,
    });
    const { state } = act(s, 0, { do: "turn", table: newTable(s, "5H 6H 7H", "9C 9D JK") });
    expect(tableOf(state)).toEqual(["5H 6H 7H", "9C 9D JK"]);
    expect(state.hands[0]).toEqual([]);
  });

  it("classic §8 Tahiti: the others score 2–10 face value, face cards 10, Aces 11, jokers 30", () => {
    const s = game({
      hands: ["4S", "2H 10H KD AC JK", "5C"],
      stock: "7C",
      table: ["AS 2S 3S"],
      options: tahiti,
    });
    const { state } = act(s, 0, { do: "turn", table: newTable(s, "AS 2S 3S 4S") });
    expect(state.rounds[0]?.scores).toEqual([0, 2 + 10 + 10 + 11 + 30, 5]);
  });
});

describe("classic §8 Draw first", () => {
  const drawFirst = { variants: ["draw-first" as const] };

  it("classic §8 Draw first: a card is drawn for you at the start of every turn; then you play or pass", () => {
    const s = game({
      hands: ["9D", "2C"],
      stock: "4S 5C 6C",
      table: ["AS 2S 3S"],
      options: drawFirst,
    });
    expect(names(s.hands[0]!)).toBe("4S 9D");
    expect(refused(s, 0, { do: "draw" }).code).toBe("drew-first");
    const passed = act(s, 0, { do: "pass" }).state;
    expect(names(passed.hands[1]!)).toBe("2C 5C");
    const played = act(s, 0, { do: "turn", table: newTable(s, "AS 2S 3S 4S") }).state;
    expect(names(played.hands[0]!)).toBe("9D");
  });

  it("classic §8 Draw first combines with Thirty-Six and Tahiti", () => {
    const created = newClassicGame({
      players: 3,
      seed: 2,
      now: 0,
      options: { variants: ["draw-first", "thirty-six", "tahiti"] },
    });
    expect(created.ok && created.state.hands.map((h) => h.length)).toEqual([6, 5, 5]);
  });
});
