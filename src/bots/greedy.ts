// The plays a player finds by looking: melds to lay from the hand (§5.1),
// cards that go straight onto a meld (§5.2), and — for the medium bot — a
// meld completed with a spare card borrowed from the table (§5.3: declare the
// own cards, move the table cards into a new meld, place). Each is returned
// as a plan of engine commands for the plan runner.

import { type CardId, rankOf, suitOf, isValidMeld, meldsAmong } from "@/engine";
import type { PlanAction } from "../solver";
import { NEW_MELD } from "./plan";
import { RULES, type TableMeld } from "./seat";

export interface Greed {
  /** Lay the longest meld of the hand, not just the first three cards seen. */
  longest: boolean;
  /** Borrow spare table cards to complete melds of the hand. */
  borrow: boolean;
}

/** The first play found in order of cards placed: a lay, a direct add, a borrow; null when none. */
export function greedyPlan(
  own: readonly CardId[],
  melds: readonly TableMeld[],
  greed: Greed,
): PlanAction[] | null {
  const lays = meldsAmong(own).map((meld) => (greed.longest ? extendRun(meld, own) : meld));
  if (greed.longest) lays.sort((a, b) => b.length - a.length);
  const lay = lays[0];
  if (lay)
    return [...lay.map((card) => ({ do: "stage", card }) as const), { do: "lay", cards: lay }];
  const add = directAdd(own, melds);
  if (add) return [add];
  return greed.borrow ? borrowPlan(own, melds) : null;
}

/** Grows a run of the hand at both ends while the hand has the next card (at most a run of 10, §3.1). */
function extendRun(meld: CardId[], own: readonly CardId[]): CardId[] {
  if (rankOf(meld[0]!) === rankOf(meld[1]!)) return meld;
  const run = [...meld];
  const suit = suitOf(run[0]!);
  const next = (rank: number, step: number) => ((rank - 1 + step + 13) % 13) + 1;
  const find = (rank: number) =>
    own.find((c) => suitOf(c) === suit && rankOf(c) === rank && !run.includes(c));
  const grow = (step: 1 | -1) => {
    while (run.length < 10) {
      const card = find(next(rankOf(step > 0 ? run[run.length - 1]! : run[0]!), step));
      if (card === undefined) return;
      if (step > 0) run.push(card);
      else run.unshift(card);
    }
  };
  grow(1);
  grow(-1);
  return isValidMeld(RULES, run) ? run : meld;
}

function directAdd(own: readonly CardId[], melds: readonly TableMeld[]): PlanAction | null {
  for (const card of own)
    for (const meld of melds)
      if (meld.cards.length < 10 && isValidMeld(RULES, [...meld.cards, card]))
        return { do: "add", card, meld: meld.id };
  return null;
}

/** A table card whose meld stays valid without it: any card of a set of four, an end of a run of four or more. */
function spareCards(melds: readonly TableMeld[]): { card: CardId; from: number }[] {
  return melds.flatMap((meld) =>
    meld.cards.length < 4
      ? []
      : meld.cards
          .filter((card) =>
            isValidMeld(
              RULES,
              meld.cards.filter((c) => c !== card),
            ),
          )
          .map((card) => ({ card, from: meld.id })),
  );
}

/**
 * A new meld of three: one or two own cards and spare table cards from
 * different melds. Own cards are declared first, the table cards moved into a
 * new meld, then the own cards placed there.
 */
function borrowPlan(own: readonly CardId[], melds: readonly TableMeld[]): PlanAction[] | null {
  const spares = spareCards(melds);
  const build = (mine: CardId[], borrowed: typeof spares): PlanAction[] => [
    ...mine.map((card) => ({ do: "stage", card }) as const),
    { do: "move", card: borrowed[0]!.card, from: borrowed[0]!.from, to: "new" },
    ...borrowed
      .slice(1)
      .map((b) => ({ do: "move", card: b.card, from: b.from, to: NEW_MELD }) as const),
    ...mine.map((card) => ({ do: "place", card, to: NEW_MELD }) as const),
  ];
  for (let i = 0; i < own.length; i++)
    for (let j = i + 1; j < own.length; j++)
      for (const spare of spares)
        if (isValidMeld(RULES, [own[i]!, own[j]!, spare.card]))
          return build([own[i]!, own[j]!], [spare]);
  for (const card of own)
    for (const first of spares)
      for (const second of spares)
        if (first.from < second.from && isValidMeld(RULES, [card, first.card, second.card]))
          return build([card], [first, second]);
  return null;
}
