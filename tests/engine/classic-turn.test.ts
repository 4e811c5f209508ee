// Classic §4 "Playing a turn": play or draw, never both; the table is shared
// material but never goes to a hand; a failed move restores the table and draws
// the penalty. Both paths: the whole-table `turn` and the live steps.

import { describe, expect, it } from "vitest";
import { classicSpectatorView, classicViewFor } from "@/engine/classic";
import { act, card, game, names, newTable, refused, tableOf } from "./classic-helpers";

const kingsQueensJacks = () =>
  game({
    hands: ["AC 9D", "2H 2S", "KD"],
    stock: "7H 7S 7D QC",
    table: ["KH KD KC", "QH QD QC", "JH JD JC"],
  });

describe("classic §4 a turn: play or draw", () => {
  it("classic §4 drawing takes one card from the stock and ends the turn", () => {
    const { state, events } = act(kingsQueensJacks(), 0, { do: "draw" }, 1);
    expect(names(state.hands[0]!)).toBe(
      names(kingsQueensJacks().hands[0]!.concat(kingsQueensJacks().stock[0]!)),
    );
    expect(state.stock).toHaveLength(3);
    expect(state.turn).toBe(1);
    expect(events.map((e) => e.type)).toEqual(["drew", "turnStarted"]);
  });

  it("classic §4 you never do both: once you have started to play you cannot draw", () => {
    const s = kingsQueensJacks();
    const started = act(s, 0, { do: "put", card: card(s, "9D", 0), to: "new" }, 1).state;
    expect(refused(started, 0, { do: "draw" }, 2).code).toBe("started-to-play");
    expect(refused(started, 0, { do: "pass" }, 2).code).toBe("started-to-play");
  });

  it("classic §4 example: the K, Q and J sets become three runs and A♣ joins the club run", () => {
    const s = kingsQueensJacks();
    const { state, events } = act(s, 0, {
      do: "turn",
      table: newTable(s, "JH QH KH", "JD QD KD", "JC QC KC AC"),
    });
    expect(tableOf(state)).toEqual(["JH KH QH", "JD KD QD", "AC JC KC QC"]);
    expect(state.table.map((c) => c.id)).toEqual([1, 2, 3]);
    expect(names(state.hands[0]!)).toBe("9D");
    expect(state.turn).toBe(1);
    expect(events.find((e) => e.type === "played")).toMatchObject({ seat: 0 });
  });

  it("classic §4 the same example step by step: move, move, put, end", () => {
    let s = kingsQueensJacks();
    const step = (command: Parameters<typeof act>[2]) => (s = act(s, 0, command).state);
    // Hearts stay in combination 1: its K♦ and K♣ start the other two runs.
    step({ do: "move", card: card(s, "KD", "table"), to: "new" });
    step({ do: "move", card: card(s, "KC", "table"), to: "new" });
    for (const rank of ["Q", "J"]) {
      step({ do: "move", card: card(s, `${rank}H`, "table"), to: 1 });
      step({ do: "move", card: card(s, `${rank}D`, "table"), to: 4 });
      step({ do: "move", card: card(s, `${rank}C`, "table"), to: 5 });
    }
    step({ do: "put", card: card(s, "AC", 0), to: 5 });
    expect(classicSpectatorView(s).table.every((c) => c.valid)).toBe(true);
    step({ do: "end" });
    expect(tableOf(s)).toEqual(["JH KH QH", "JD KD QD", "AC JC KC QC"]);
    expect(s.turn).toBe(1);
  });

  it("classic §4 you can't take cards from the table into your hand", () => {
    const s = kingsQueensJacks();
    const leaveOut = refused(s, 0, { do: "turn", table: newTable(s, "KH KD KC AC", "QH QD QC") });
    expect(leaveOut.code).toBe("table-cards-stay");
    expect(leaveOut.reason).toMatch(/leaves out J.: table cards never go to a hand/);
    expect(refused(s, 0, { do: "takeBack", card: card(s, "KH", "table") }).code).toBe(
      "table-cards-stay",
    );
  });

  it("classic §4 a play must add at least one card from your hand: rearranging alone is not a play", () => {
    const s = kingsQueensJacks();
    const table = newTable(s, "JH QH KH", "JD QD KD", "JC QC KC");
    expect(refused(s, 0, { do: "turn", table }).code).toBe("nothing-from-hand");
    const moved = act(s, 0, { do: "move", card: card(s, "KD", "table"), to: "new" }).state;
    expect(refused(moved, 0, { do: "end" }).reason).toBe(
      "play at least one card from your hand, or reset the turn and draw",
    );
  });

  it("classic §4 a card you do not hold, or acting out of turn, is refused and changes nothing", () => {
    const s = kingsQueensJacks();
    const notHeld = newTable(s, "KH KD KC", "QH QD QC", "JH JD JC", "2H 2S 2D");
    expect(refused(s, 0, { do: "turn", table: notHeld }).code).toBe("card-not-here");
    expect(refused(s, 1, { do: "draw" })).toEqual({
      code: "not-your-turn",
      reason: "it is not your turn",
    });
    expect(refused(s, 0, { do: "fly" }).code).toBe("malformed");
    expect(refused(s, 0, { do: "put", card: 999, to: "new" }).code).toBe("malformed");
  });

  it("classic §4 a failed move: the table is restored exactly, the cards go back, and you draw 3", () => {
    const s = game({
      hands: ["9S 4D", "2H"],
      stock: "AH AS AD AC",
      table: ["10H 10D 10S", "JH JD JS", "QH QD QC"],
    });
    const { state, events } = act(s, 0, {
      do: "turn",
      table: newTable(s, "10H JH QH", "10D JD QD", "9S 10S JS", "QC"),
    });
    expect(state.table).toEqual(s.table);
    expect(names(state.hands[0]!)).toBe(names([...s.hands[0]!, ...s.stock.slice(0, 3)]));
    expect(state.hands[1]).toEqual(s.hands[1]);
    expect(state.turn).toBe(1);
    expect(events.find((e) => e.type === "failed")).toMatchObject({
      seat: 0,
      reason: "a combination needs at least 3 cards: Q♣",
    });
    expect(events.filter((e) => e.type === "drew")).toHaveLength(3);
  });

  it("classic §4 a failed live turn restores the table exactly, ids and order included", () => {
    let s = game({ hands: ["8D 2S", "KH"], stock: "5S 5H 5D", table: ["6H 7H 8H", "6C 7C 8C"] });
    const before = s;
    s = act(s, 0, { do: "move", card: card(s, "8H", "table"), to: "new" }).state;
    s = act(s, 0, { do: "move", card: card(s, "8C", "table"), to: 3 }).state;
    s = act(s, 0, { do: "put", card: card(s, "8D", 0), to: 3 }).state;
    const view = classicSpectatorView(s);
    expect(view.table.map((c) => c.reason)).toEqual([
      "a combination needs at least 3 cards: 6♥ 7♥",
      "a combination needs at least 3 cards: 6♣ 7♣",
      null,
    ]);
    s = act(s, 0, { do: "end" }).state;
    expect(s.table).toEqual(before.table);
    expect(names(s.hands[0]!)).toBe("2S 5D 5H 5S 8D");
  });

  it("classic §4 with fewer than 3 cards in the stock a failed move draws what there is", () => {
    const s = game({ hands: ["9S", "2H"], stock: "AH", table: ["10H 10D 10S"] });
    const { state } = act(s, 0, { do: "turn", table: newTable(s, "10H 10D 10S 9S") });
    expect(names(state.hands[0]!)).toBe("9S AH");
    expect(state.stock).toEqual([]);
  });

  it("house option: the penalty size is chosen per game", () => {
    const s = game({
      hands: ["9S", "2H"],
      stock: "AH AS AD",
      table: ["10H 10D 10S"],
      options: { penalty: 1 },
    });
    const { state } = act(s, 0, { do: "turn", table: newTable(s, "10H 10D 10S 9S") });
    expect(names(state.hands[0]!)).toBe("9S AH");
  });
});

describe("classic §4 the live turn's steps", () => {
  it("classic §4 the view tells the mover which combinations are invalid right now, and why", () => {
    let s = game({ hands: ["7H KS", "2C"], stock: "3C", table: ["7H 7D 7S", "AS 2S 3S"] });
    s = act(s, 0, { do: "put", card: card(s, "7H", 0), to: 1 }).state;
    s = act(s, 0, { do: "put", card: card(s, "KS", 0), to: 2 }).state;
    const view = classicViewFor(s, 0);
    expect(view.table.map((c) => [c.valid, c.reason, c.touched])).toEqual([
      [false, "two 7♥ in one set", true],
      [false, "K-A-2-3 is not a run: it turns the corner", true],
    ]);
    expect(view.work).toMatchObject({ seat: 0, steps: 2, valid: false });
  });

  it("classic §4 undo takes back the last step; reset puts the table back, and then you may draw", () => {
    let s = game({ hands: ["4S 9D", "2C"], stock: "3C", table: ["AS 2S 3S"] });
    const start = s;
    s = act(s, 0, { do: "put", card: card(s, "4S", 0), to: 1 }).state;
    s = act(s, 0, { do: "put", card: card(s, "9D", 0), to: "new" }).state;
    s = act(s, 0, { do: "undo" }).state;
    expect(tableOf(s)).toEqual(["2S 3S 4S AS"]);
    expect(names(s.hands[0]!)).toBe("9D");
    s = act(s, 0, { do: "reset" }).state;
    expect(s.table).toEqual(start.table);
    expect(s.hands[0]).toEqual(start.hands[0]);
    expect(refused(s, 0, { do: "undo" }).code).toBe("nothing-to-undo");
    s = act(s, 0, { do: "draw" }).state;
    expect(s.turn).toBe(1);
  });

  it("classic §4 a card you put this turn may be taken back to your hand", () => {
    let s = game({ hands: ["4S 9D", "2C"], stock: "3C", table: ["AS 2S 3S"] });
    s = act(s, 0, { do: "put", card: card(s, "9D", 0), to: 1 }).state;
    s = act(s, 0, { do: "put", card: card(s, "4S", 0), to: 1 }).state;
    s = act(s, 0, { do: "takeBack", card: card(s, "9D", "table") }).state;
    expect(names(s.hands[0]!)).toBe("9D");
    s = act(s, 0, { do: "end" }).state;
    expect(tableOf(s)).toEqual(["2S 3S 4S AS"]);
  });

  it("classic §4 an emptied combination leaves the table and its id is never reused", () => {
    let s = game({ hands: ["4S", "2C"], stock: "3C", table: ["AS 2S 3S"] });
    for (const name of ["AS", "2S", "3S"])
      s = act(s, 0, {
        do: "move",
        card: card(s, name, "table"),
        to: name === "AS" ? "new" : 2,
      }).state;
    s = act(s, 0, { do: "put", card: card(s, "4S", 0), to: "new" }).state;
    expect(s.table.map((c) => c.id)).toEqual([2, 3]);
  });
});
