// What each level would make of the table with its hand, as a target table
// (every combination's cards), from its own seat's view only. In Tahiti games
// the hard level and the Hint take the exact search for jokers and face-up
// cards (src/solver/tahiti.ts); easy and medium leave the face-up cards alone
// and play jokers only in the plays a player sees at a glance.

import { type CardId, CLASSIC_MELDS } from "@/engine";
import {
  isJoker,
  checkCombination,
  has,
  OPENING_POINTS,
  afterPlay,
  combinationsAmong,
  openingFrom,
  playsOn,
  type ClassicView,
} from "@/engine/classic";
import { solveHint, solveTahiti } from "../../solver";
import { likelyOwn, relevantMelds, SOLVER_LIMITS } from "../hard";

/** A classic view with the seat's own hand: a bot only ever gets one. */
export type ClassicSeatView = ClassicView & { you: NonNullable<ClassicView["you"]> };

export interface Placement {
  /** Hand cards the target places. */
  placed: CardId[];
  /** The whole table afterwards. */
  target: CardId[][];
}

const tableOf = (view: ClassicView) => view.table.map((c) => [...c.cards]);

/** Thirty-Six: the seat may not touch the table before its opening (classic §8). */
export function beforeOpening(view: ClassicSeatView): boolean {
  return has(view.options, "thirty-six") && !view.seats[view.you.seat]!.opened;
}

function placement(view: ClassicSeatView, target: CardId[][]): Placement | null {
  const onTable = new Set(target.flat());
  const placed = view.you.hand.filter((c) => onTable.has(c));
  return placed.length > 0 ? { placed, target } : null;
}

/** The new combinations found in the hand, disjoint, in the order found. */
function fromHand(view: ClassicSeatView): CardId[][] {
  const laid: CardId[][] = [];
  for (const combination of combinationsAmong(view.you.hand, view.options))
    if (!combination.some((c) => laid.some((l) => l.includes(c)))) laid.push(combination);
  return laid;
}

/** Easy: the combinations it holds, laid as they are (Thirty-Six: once they make the opening). */
export function easyPlacement(view: ClassicSeatView): Placement | null {
  const laid = beforeOpening(view) ? openingFrom(view.you.hand, view.options) : fromHand(view);
  return laid ? placement(view, [...tableOf(view), ...laid]) : null;
}

/**
 * Medium: besides its own combinations, cards added to the table's and new
 * combinations completed with spare table cards (a set's fourth card, a long
 * run's end), the biggest such play first, again and again while one is left.
 */
export function mediumPlacement(view: ClassicSeatView): Placement | null {
  if (beforeOpening(view)) return easyPlacement(view);
  let current = tableOf(view);
  let left = [...view.you.hand];
  for (;;) {
    const plays = playsOn(current, left, [], view.options);
    if (plays.length === 0) break;
    const best = plays.reduce((a, b) => (b.used.length > a.used.length ? b : a));
    current = afterPlay(current, best);
    left = left.filter((c) => !best.used.includes(c));
  }
  return placement(view, current);
}

export type Best =
  { ok: true; placement: Placement | null; moved: number } | { ok: false; reason: string };

/**
 * The solver's best placement (most hand cards placed, then fewest table cards
 * moved) on the part of the table that matters to the hand, within the hard
 * bot's limits; before a Thirty-Six opening, the best new combinations of the
 * hand alone, when they make the 36 points. ok: false when the solver cannot say
 * (an Ace rule other than low-or-high, a position beyond its budget).
 */
export function bestPlacement(view: ClassicSeatView): Best {
  if (view.options.ace !== "low-or-high")
    return { ok: false, reason: "the solver knows only the Ace low or high" };
  const opening = beforeOpening(view);
  if (has(view.options, "tahiti") && !opening) {
    const tahiti = tahitiPlacement(view);
    // Beyond the search's budget: the rank programme, jokers and face-up cards left alone.
    if (tahiti.ok) return tahiti;
  }
  const hand = view.you.hand.filter((c) => !isJoker(c));
  // Combinations holding a joker are not the solver's: they stay as they are.
  const workable = opening
    ? []
    : view.table
        .filter((c) => c.valid && !c.cards.some(isJoker))
        .map((c) => ({ id: c.id, cards: [...c.cards] }));
  const own = likelyOwn(hand, workable, SOLVER_LIMITS.ownCards);
  const table = relevantMelds(workable, own, SOLVER_LIMITS.tableCards);
  const solved = solveHint({ rules: CLASSIC_MELDS, table, own, budget: SOLVER_LIMITS.budget });
  if (!solved.ok) return { ok: false, reason: solved.error.reason };
  const used = new Set(table.map((c) => c.id));
  const target = [
    ...view.table.filter((c) => !used.has(c.id)).map((c) => [...c.cards]),
    ...solved.hint.target.map((m) => m.cards),
  ];
  if (!target.every((c) => checkCombination(c, view.options.ace).ok))
    return { ok: false, reason: "the solver's table is not valid under these rules" };
  if (opening && openingPoints(view, target) < OPENING_POINTS) {
    const laid = openingFrom(view.you.hand, view.options);
    return { ok: true, placement: laid && placement(view, [...tableOf(view), ...laid]), moved: 0 };
  }
  return { ok: true, placement: placement(view, target), moved: solved.hint.moved };
}

/** Tahiti's search gets less of the table than the rank programme: it is exhaustive, not a programme. */
export const TAHITI_LIMITS = { budget: 20_000, tableCards: 21, ownCards: 10 };

/**
 * Tahiti (classic §8): the exact search with the jokers (in the hand and on the
 * table, so a joker swap is one of its arrangements) and the face-up cards, on
 * the part of the table that matters to the hand and the face-up cards.
 */
function tahitiPlacement(view: ClassicSeatView): Best {
  const workable = view.table
    .filter((c) => c.valid)
    .map((c) => ({ id: c.id, cards: [...c.cards] }));
  const real = view.you.hand.filter((c) => !isJoker(c));
  const own = [
    ...likelyOwn(real, workable, TAHITI_LIMITS.ownCards),
    ...view.you.hand.filter(isJoker),
  ];
  const reach = [...own, ...view.faceUp].filter((c) => !isJoker(c));
  const table = relevantMelds(workable, reach, TAHITI_LIMITS.tableCards);
  const solved = solveTahiti({
    ace: view.options.ace,
    table,
    own,
    faceUp: view.faceUp,
    budget: TAHITI_LIMITS.budget,
  });
  if (!solved.ok) return { ok: false, reason: solved.error.reason };
  const used = new Set(table.map((c) => c.id));
  const target = [
    ...view.table.filter((c) => !used.has(c.id)).map((c) => [...c.cards]),
    ...solved.hint.target,
  ];
  return { ok: true, placement: placement(view, target), moved: solved.hint.moved };
}

/** Thirty-Six: the points of the target's combinations that are not on the table now. */
function openingPoints(view: ClassicView, target: CardId[][]): number {
  const before = new Set(view.table.flatMap((c) => c.cards));
  return target
    .filter((c) => !c.some((card) => before.has(card)))
    .reduce((sum, c) => {
      const check = checkCombination(c, view.options.ace);
      return sum + (check.ok ? check.points : 0);
    }, 0);
}
