import { describe, expect, it } from "vitest";
import { cards } from "@/engine/cards";
import {
  commandFor,
  destinationId,
  parseDestination,
  parseSource,
  pickUpCommand,
  sourceId,
} from "@/components/table/actions";
import { arrange, nudge, orderHand } from "@/components/table/hand-order";
import { formatCountdown } from "@/components/table/clocks";

const [c7, s8, hA, c2] = cards("7C 8S AH 2C") as [number, number, number, number];

describe("the hand's order", () => {
  it("sorts by suit (spades, hearts, diamonds, clubs) then rank", () => {
    expect(orderHand([c7, s8, hA, c2], "suit", [])).toEqual([s8, hA, c2, c7]);
  });

  it("sorts by rank then suit", () => {
    expect(orderHand([c7, s8, hA, c2], "rank", [])).toEqual([hA, c2, c7, s8]);
  });

  it("keeps the player's own arrangement; new cards join at the end, played ones drop out", () => {
    expect(orderHand([c7, hA, c2], "manual", [c2, s8, c7])).toEqual([c2, c7, hA]);
  });

  it("arranging by hand puts a card before the one it is dropped on", () => {
    expect(arrange([c7, s8, hA], hA, c7)).toEqual([hA, c7, s8]);
    expect(arrange([c7, s8, hA], c7, null)).toEqual([s8, hA, c7]);
    expect(nudge([c7, s8, hA], s8, -1)).toEqual([s8, c7, hA]);
    expect(nudge([c7, s8, hA], hA, 1)).toEqual([c7, s8, hA]);
  });
});

describe("every gesture maps to one engine command", () => {
  it("§5.3 hand → staging area declares; staging → hand takes it back", () => {
    expect(commandFor({ from: "hand", card: c7 }, { to: "staging" })).toEqual({
      do: "stage",
      card: c7,
    });
    expect(commandFor({ from: "staging", card: c7 }, { to: "hand" })).toEqual({
      do: "unstage",
      card: c7,
    });
  });

  it("§5.2 hand → meld is a direct add; §5.3 staging → meld or free space is a place", () => {
    expect(commandFor({ from: "hand", card: c7 }, { to: "meld", meld: 3 })).toEqual({
      do: "add",
      card: c7,
      meld: 3,
    });
    expect(commandFor({ from: "staging", card: c7 }, { to: "new" })).toEqual({
      do: "place",
      card: c7,
      to: "new",
    });
  });

  it("§6 picking a table card up asks for the hold; dropping it moves it", () => {
    const source = { from: "table", card: c7, meld: 1 } as const;
    expect(pickUpCommand(source)).toEqual({ do: "take", card: c7, meld: 1 });
    expect(commandFor(source, { to: "meld", meld: 2 })).toEqual({
      do: "move",
      card: c7,
      from: 1,
      to: 2,
    });
    expect(commandFor(source, { to: "meld", meld: 1 })).toBeNull();
  });

  it("§3.3 a table card never goes back into a hand: dropping it there lets go of it", () => {
    expect(commandFor({ from: "table", card: c7, meld: 1 }, { to: "hand" })).toEqual({
      do: "release",
    });
  });

  it("drag ids round-trip, and junk ids parse to nothing", () => {
    for (const source of [
      { from: "hand", card: c7 },
      { from: "staging", card: s8 },
      { from: "table", card: hA, meld: 12 },
    ] as const)
      expect(parseSource(sourceId(source))).toEqual(source);
    for (const dest of [
      { to: "staging" },
      { to: "new" },
      { to: "meld", meld: 4 },
      { to: "hand", before: c2 },
    ] as const)
      expect(parseDestination(destinationId(dest))).toEqual(dest);
    expect(parseSource("table:3")).toBeNull();
    expect(parseSource("stock:1")).toBeNull();
    expect(parseDestination("meld:x")).toBeNull();
  });
});

describe("clocks", () => {
  it("count down in whole seconds rounded up, never below zero", () => {
    expect(formatCountdown(40_000)).toBe("0:40");
    expect(formatCountdown(119_001)).toBe("2:00");
    expect(formatCountdown(1)).toBe("0:01");
    expect(formatCountdown(-5)).toBe("0:00");
  });
});
