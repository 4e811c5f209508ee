import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { type CardId, cards } from "@/engine/cards";
import { checkMeld, CLASSIC_MELDS, MACHIAVELOX_MELDS, type MeldRules } from "@/engine/melds";
import { kindOf, Relaxation } from "@/solver/bound";
import { FREE, FutureBound } from "@/solver/future";
import { randomPosition } from "../../bench/solver-positions";

const BOTH = [MACHIAVELOX_MELDS, CLASSIC_MELDS];

/** The relaxation's prices after a few hundred steps, and the bound they give, cut at rank `cut` (0 = Ace). */
function setUp(rules: MeldRules, table: readonly CardId[][], own: readonly CardId[], cut: number) {
  const melds = table.map((meld) => {
    const check = checkMeld(rules, meld);
    if (!check.ok) throw new Error(check.reason);
    return { kind: check.kind, cards: check.ordered };
  });
  const relaxation = new Relaxation(
    rules,
    melds.map((m) => m.cards),
    own,
  );
  relaxation.lower(0, -Infinity, 300);
  const indexOf = (rank: number) => (rank - cut + 13) % 13;
  const crossing = (m: number) => {
    const at = melds[m]!.cards.map((c) => indexOf(kindOf(c) % 13));
    return melds[m]!.kind === "run" && at.some((p, k) => k > 0 && p !== at[k - 1]! + 1);
  };
  return {
    melds,
    indexOf,
    crossing,
    relaxation,
    future: new FutureBound(relaxation, melds, indexOf, crossing),
  };
}

describe("the bound on what a partial arrangement can still gain", () => {
  it("before any card is taken, it is the relaxation's bound, wherever the cut", () => {
    // Every term of the relaxation is ahead then: the runs through the cut
    // too, and the original runs through it are unmatched in their suit's state.
    fc.assert(
      fc.property(
        fc.constantFrom(...BOTH),
        fc.integer(),
        fc.integer({ min: 0, max: 12 }),
        fc.constantFrom(undefined, [12, 13, 1, 2, 3], [10, 11, 12, 13, 1, 2]),
        (rules, seed, cut, ranks) => {
          const position = randomPosition(rules, seed, { table: [10, 40], hand: [2, 10], ranks });
          const { melds, relaxation, crossing, future } = setUp(
            rules,
            position.table.map((m) => [...m.cards]),
            position.own,
            cut,
          );
          let start = future.toPlace(0) + future.ahead(0, 0b1111);
          for (let s = 0; s < 4; s++) {
            const unmatched = melds.flatMap((m, j) =>
              crossing(j) && Math.floor(kindOf(m.cards[0]!) / 13) === s ? [j] : [],
            );
            start += future.suit(0, s, [], { unmatched, reserved: [], matched: [] }, 0);
          }
          expect(start).toBeCloseTo(relaxation.bound, 6);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("a free run joining the piece of an original through the cut keeps its cards there at no price", () => {
    // Cut at the Jack: J♣ Q♣ K♣ A♣ left as an incoming piece matched to the
    // run through the cut; own 7♣ 8♣ open before it, to take 9♣ 10♣ and join it.
    const { relaxation, future } = setUp(
      MACHIAVELOX_MELDS,
      [cards("9C 10C JC QC KC AC")],
      cards("7C 8C"),
      10,
    );
    const clubs = 3;
    const price = (name: string) => relaxation.price[kindOf(cards(name)[0]!)]!;
    const kept = 2 - price("9C") - price("10C");
    const run = { len: 2, tag: FREE, inc: false };
    // Index 11 is the 9, index 12 the 10: the run has only those ahead.
    expect(
      future.suit(11, clubs, [run], { unmatched: [], reserved: [0], matched: [0] }, 0),
    ).toBeGreaterThanOrEqual(kept - 1e-9);
  });
});
