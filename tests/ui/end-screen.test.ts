import { describe, expect, it } from "vitest";
import { endStatusOf } from "@/components/table/end-screen";

describe("the end-of-hand table's status column: the hand is over, so nobody is still playing", () => {
  it("a drawn hand (§10.2): the tied seats are tied, a seat still in play but not tied lost, the eliminated stay eliminated", () => {
    const outcome = { winner: null, draw: [0, 2] };
    expect(endStatusOf(outcome, 0, "playing")).toBe("tied");
    expect(endStatusOf(outcome, 2, "playing")).toBe("tied");
    expect(endStatusOf(outcome, 1, "playing")).toBe("lost");
    expect(endStatusOf({ winner: null, draw: [0, 1] }, 2, "eliminated")).toBe("eliminated");
  });

  it("a won hand: the winner is the winner however it won (going out §8, the survivor §9), the others lost, left or were eliminated", () => {
    expect(endStatusOf({ winner: 1, draw: null }, 1, "out")).toBe("winner");
    expect(endStatusOf({ winner: 1, draw: null }, 1, "playing")).toBe("winner");
    expect(endStatusOf({ winner: 1, draw: null }, 0, "playing")).toBe("lost");
    expect(endStatusOf({ winner: 1, draw: null }, 2, "left")).toBe("left");
  });
});
