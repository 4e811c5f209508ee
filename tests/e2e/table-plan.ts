// The scripted hand of the table's end-to-end test, found in the deal the e2e server
// makes from its DEAL_SEED: which cards each seat draws and plays, so the test
// exercises every gesture with real cards and no magic numbers.

import { type CardId, cardName } from "@/engine/cards";
import { isValidMeld, MACHIAVELOX_MELDS } from "@/engine/melds";
import { deal } from "@/engine/setup";

export interface TablePlan {
  /** How many cards each seat draws first. */
  draws: number;
  /** Seat 0 lays these three as meld 1. */
  lay: CardId[];
  /** Seat 1 adds this one to meld 1. */
  add: CardId;
  /** Seat 2 declares two cards, moves `card` out of meld 1 to a free space and places both there. */
  move: { card: CardId; declared: [CardId, CardId] };
  /** Seat 1 reaches for the card seat 2 holds, with this card declared. */
  reachWith: CardId;
  /** `placer` declares `first` and `spare`, places `first` into `meld`; `follower` adds `second`, which needs it. */
  chain: {
    meld: 1 | 2;
    placer: number;
    first: CardId;
    spare: CardId;
    follower: number;
    second: CardId;
  };
}

const valid = (cards: CardId[]) => isValidMeld(MACHIAVELOX_MELDS, cards);

function* subsets<T>(items: T[], size: number, from = 0): Generator<T[]> {
  if (size === 0) return yield [];
  for (let i = from; i <= items.length - size; i++)
    for (const rest of subsets(items, size - 1, i + 1)) yield [items[i]!, ...rest];
}

/** Runs of three in a hand that a card from another hand extends. */
function planFor(hands: CardId[][], draws: number): TablePlan | null {
  const [a, b, c] = hands as [CardId[], CardId[], CardId[]];
  for (const lay of subsets(a, 3)) {
    if (!valid(lay) || new Set(lay.map((x) => x % 13)).size !== 3) continue;
    for (const add of b) {
      const meld1 = [...lay, add];
      if (!valid(meld1)) continue;
      for (const card of meld1) {
        const rest = meld1.filter((x) => x !== card);
        if (!valid(rest)) continue;
        for (const declared of subsets(c, 2)) {
          const meld2 = [card, ...declared];
          if (!valid(meld2)) continue;
          const left = [
            a.filter((x) => !lay.includes(x)),
            b.filter((x) => x !== add),
            c.filter((x) => !declared.includes(x)),
          ];
          const reachWith = left[1]![0];
          if (reachWith === undefined) continue;
          for (const [meld, cards] of [
            [1, rest],
            [2, meld2],
          ] as const)
            for (const placer of [0, 1, 2])
              for (const first of left[placer]!) {
                if (!valid([...cards, first])) continue;
                const spare = left[placer]!.find((x) => x !== first);
                if (spare === undefined) continue;
                for (const follower of [0, 1, 2].filter((s) => s !== placer))
                  for (const second of left[follower]!)
                    if (valid([...cards, first, second]) && !valid([...cards, second]))
                      return {
                        draws,
                        lay,
                        add,
                        move: { card, declared: declared as [CardId, CardId] },
                        reachWith,
                        chain: { meld, placer, first, spare, follower, second },
                      };
              }
        }
      }
    }
  }
  return null;
}

/** The plan with the fewest draws for the seed's deal, or null if none within a dozen draws. */
export function tablePlan(seed: number): TablePlan | null {
  const { stocks } = deal(seed);
  for (let draws = 3; draws <= 12; draws++) {
    const plan = planFor(
      stocks.map((s) => s.slice(0, draws)),
      draws,
    );
    if (plan) return plan;
  }
  return null;
}

export function describePlan(plan: TablePlan): string {
  return JSON.stringify(plan, (key, value) =>
    typeof value === "number" && key !== "draws" && key !== "meld" && !/placer|follower/.test(key)
      ? cardName(value)
      : value,
  );
}
