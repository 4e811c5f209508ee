import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cards } from "@/engine/cards";
import { FIRST_JOKER } from "@/engine/classic/cards";
import { type AceRule, checkCombination } from "@/engine/classic/combinations";
import { applyClassic } from "@/engine/classic/engine";
import { classicViewFor } from "@/engine/classic/views";
import type { ClassicEvent } from "@/engine/classic/classic-events";
import { orderHand } from "@/components/table/hand-order";
import { classicPreviewGame } from "@/components/classic/fixture";
import { reasonIn } from "@/components/classic/reasons";
import { translator } from "@/i18n/catalog";
import {
  type ClassicDestination,
  classicAllowed,
  type ClassicSource,
  CLASSIC_SORTS,
  commandsFor,
  destinationId,
  failedMoves,
  parseDestination,
  parseSource,
  roundLines,
  sourceId,
} from "@/components/classic/moves";

const [h10, s5, d5] = cards("10H 5S 5D") as [number, number, number];
const joker = FIRST_JOKER;
const en = translator("en");
const it_ = translator("it");

describe("the classic table's gestures", () => {
  it("a hand card onto a combination or a new space is put there", () => {
    expect(commandsFor({ from: "hand", card: h10 }, { to: "combination", combination: 1 })).toEqual(
      [{ do: "put", card: h10, to: 1 }],
    );
    expect(commandsFor({ from: "faceUp", card: h10 }, { to: "new" })).toEqual([
      { do: "put", card: h10, to: "new" },
    ]);
  });

  it("a table card goes to another combination by a move; onto its own, nothing", () => {
    const source: ClassicSource = { from: "table", card: d5, combination: 2 };
    expect(commandsFor(source, { to: "new" })).toEqual([{ do: "move", card: d5, to: "new" }]);
    expect(commandsFor(source, { to: "combination", combination: 2 })).toEqual([]);
  });

  it("a table card dropped on the hand is taken back (the engine refuses a card that was on the table)", () => {
    expect(commandsFor({ from: "table", card: d5, combination: 2 }, { to: "hand" })).toEqual([
      { do: "takeBack", card: d5 },
    ]);
    expect(commandsFor({ from: "hand", card: d5 }, { to: "hand", before: s5 })).toEqual([]);
  });

  it("Tahiti's swap: a hand card onto a table joker goes in, the joker to a new space", () => {
    expect(
      commandsFor({ from: "hand", card: h10 }, { to: "combination", combination: 3, onto: joker }),
    ).toEqual([
      { do: "put", card: h10, to: 3 },
      { do: "move", card: joker, to: "new" },
    ]);
  });

  it("drag ids read back as the same source and destination", () => {
    const source = fc.oneof(
      fc.record({ from: fc.constantFrom("hand" as const, "faceUp" as const), card: fc.nat(107) }),
      fc.record({ from: fc.constant("table" as const), card: fc.nat(107), combination: fc.nat() }),
    );
    const dest = fc.oneof(
      fc.constant<ClassicDestination>({ to: "new" }),
      fc.constant<ClassicDestination>({ to: "hand" }),
      fc.record({ to: fc.constant("hand" as const), before: fc.nat(107) }),
      fc.record({ to: fc.constant("combination" as const), combination: fc.nat() }),
      fc.record({
        to: fc.constant("combination" as const),
        combination: fc.nat(),
        onto: fc.nat(107),
      }),
    );
    fc.assert(
      fc.property(source, dest, (s, d) => {
        expect(parseSource(sourceId(s))).toEqual(s);
        expect(parseDestination(destinationId(d))).toEqual(d);
      }),
    );
    expect(parseSource("table:3")).toBeNull();
    expect(parseDestination("combination:x")).toBeNull();
  });

  it("sorting the hand puts the jokers last", () => {
    expect(orderHand([joker, h10, s5], "suit", [], CLASSIC_SORTS)).toEqual([s5, h10, joker]);
    expect(orderHand([joker, h10, s5], "rank", [], CLASSIC_SORTS)).toEqual([s5, h10, joker]);
  });
});

describe("the classic table's buttons and news", () => {
  const start = classicPreviewGame(1, []);

  it("§4 on your turn you may draw; once you play, undo, reset and end, never draw", () => {
    expect(classicAllowed(classicViewFor(start, 0))).toMatchObject({
      draw: true,
      undo: false,
      end: false,
    });
    expect(classicAllowed(classicViewFor(start, 1))).toMatchObject({ draw: false, undo: false });
    const put = applyClassic(start, 0, { do: "put", card: h10, to: 1 }, 1000);
    if (!put.ok) throw new Error(put.rejection.reason);
    expect(classicAllowed(classicViewFor(put.state, 0))).toMatchObject({
      draw: false,
      undo: true,
      reset: true,
      end: true,
    });
  });

  it("§4 a failed move is told with its reason and its 3 penalty cards", () => {
    const second5D = cards("5D 5D")[1]!;
    const put = applyClassic(start, 0, { do: "put", card: second5D, to: 2 }, 1000);
    if (!put.ok) throw new Error(put.rejection.reason);
    expect(classicViewFor(put.state, 1).table[1]).toMatchObject({
      valid: false,
      reason: "two 5♦ in one set",
    });
    const end = applyClassic(put.state, 0, { do: "end" }, 2000);
    if (!end.ok) throw new Error(end.rejection.reason);
    expect(failedMoves(end.events)).toEqual([
      { seat: 0, reason: "two 5♦ in one set", penalty: 3, id: expect.any(Number) },
    ]);
  });

  it("§6 the end of a round lists each penalty and running total, best first", () => {
    const view = classicViewFor(start, 0);
    view.lastRound = { reason: "out", winner: 2, draw: null, scores: [4, 7, 0, 1], at: 0 };
    view.seats = view.seats.map((s, i) => ({ ...s, total: [4, 7, 0, 1][i]! }));
    expect(roundLines(view).map((l) => [l.seat, l.penalty, l.total, l.winner])).toEqual([
      [2, 0, 0, true],
      [3, 1, 1, false],
      [0, 4, 4, false],
      [1, 7, 7, false],
    ]);
  });

  it("penalty draws count only for the seat that failed", () => {
    const events = [
      { type: "failed", seat: 1, reason: "x", id: 1, at: 0 },
      { type: "drew", seat: 1, card: null, cause: "penalty", id: 2, at: 0 },
      { type: "drew", seat: 2, card: null, cause: "first", id: 3, at: 0 },
    ] as ClassicEvent[];
    expect(failedMoves(events)).toEqual([{ seat: 1, reason: "x", penalty: 1, id: 1 }]);
  });
});

describe("the engine's verdicts in Italian", () => {
  const say = (literal: string, ace: AceRule = "low-or-high") => {
    const check = checkCombination(cards(literal), ace);
    if (check.ok) throw new Error(`${literal} is valid`);
    return check.reason;
  };

  it("every sentence the combinations' check writes has its Italian", () => {
    const reasons = [
      say("5H 6H"),
      say("5S 5H 5D 6C"),
      say("7H 7D 7H"),
      say("7S 7H 7D 7C 7S"),
      say("5H 6H 6H"),
      say("QH KH AH 2H"),
      say("2H 3H 5H"),
      say("QH KH AH", "low"),
      `only one joker per combination: 5♥ joker joker`,
      say("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"),
    ];
    for (const reason of reasons) expect(reasonIn(it_, reason), reason).not.toBe(reason);
    expect(reasonIn(it_, "two 7♥ in one set")).toBe("due 7♥ nello stesso tris/poker");
    expect(reasonIn(it_, "K-A-2 is not a run: it turns the corner")).toBe(
      "K-A-2 non è una scala: gira l'angolo",
    );
    expect(reasonIn(en, "two 7♥ in one set")).toBe("two 7♥ in one set");
  });

  it("§8 Thirty-Six's opening verdicts have their Italian", () => {
    for (const reason of [
      "your opening is worth 21 points: it needs 36",
      "your opening is laid from your own hand: no face-up cards",
      "before your opening of 36 points you may not add to or rearrange the table's combinations",
    ])
      expect(reasonIn(it_, reason), reason).not.toBe(reason);
  });
});
