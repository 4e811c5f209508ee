// The hard bot's judgement: the exact hint solver on the part of the table
// that matters to its cards, when to call «Stop!» (§9) and when a going out
// is worth more a little later (§12).

import {
  type CardId,
  CARD_COUNT,
  rankOf,
  suitOf,
  isValidMeld,
  FULL_STOCK_BONUS,
  WIN_POINTS,
} from "@/engine";
import { type Hint, type PlanAction, solveHint } from "../solver";
import { NEW_MELD } from "./plan";
import { opponentsHeld, RULES, type SeatView, type TableMeld } from "./seat";

/**
 * What one decision may cost: the solver's state budget, and the size of the
 * position it is given. Dense positions beyond these are where the solver's
 * time grows fastest (docs/solver.md); the bot plays greedily there instead.
 */
export const SOLVER_LIMITS = { budget: 20_000, tableCards: 45, ownCards: 14 };

/** A hand is "close to going out" below this many cards: holding back is no longer low-risk. */
const THREAT_CARDS = 5;
/** How much of the going out's score a missed going out is still expected to bring in. */
const RECOVERY = 0.5;

/** The hint, and the whole table as the plan leaves it (the melds not given to the solver untouched). */
export type Solved = { ok: true; hint: Hint; after: TableMeld[] } | { ok: false };

/** Two cards that may end up in one meld: a set's different suits, or a run's near ranks. */
function related(a: CardId, b: CardId): boolean {
  if (rankOf(a) === rankOf(b)) return suitOf(a) !== suitOf(b);
  const gap = Math.abs(rankOf(a) - rankOf(b));
  return suitOf(a) === suitOf(b) && Math.min(gap, 13 - gap) <= 2;
}

/**
 * The melds worth rearranging for these cards, nearest first: melds related
 * to the own cards, then melds related to those (the K/Q/J sets regrouped for
 * an A♣ reach the jacks through the kings and queens), up to the card limit.
 */
export function relevantMelds(
  melds: readonly TableMeld[],
  own: readonly CardId[],
  maxCards: number,
): TableMeld[] {
  const chosen: TableMeld[] = [];
  let frontier: readonly CardId[] = own;
  let size = 0;
  for (let remaining = [...melds]; frontier.length > 0 && remaining.length > 0;) {
    const reached = remaining.filter((m) =>
      m.cards.some((c) => frontier.some((f) => related(c, f))),
    );
    const next: CardId[] = [];
    for (const meld of reached) {
      if (size + meld.cards.length > maxCards) continue;
      chosen.push(meld);
      size += meld.cards.length;
      next.push(...meld.cards);
    }
    remaining = remaining.filter((m) => !reached.includes(m));
    frontier = next;
  }
  return chosen;
}

/** The own cards most likely to be placed first, when there are more than the solver takes. */
export function likelyOwn(
  own: readonly CardId[],
  melds: readonly TableMeld[],
  max: number,
): CardId[] {
  if (own.length <= max) return [...own];
  const table = melds.flatMap((m) => m.cards);
  const links = (card: CardId) =>
    [...own, ...table].filter((other) => other !== card && related(card, other)).length;
  return [...own].sort((a, b) => links(b) - links(a) || a - b).slice(0, max);
}

/** The most own cards the relevant part of the table can take, with its plan; ok: false when it cannot say. */
export function solve(melds: readonly TableMeld[], own: readonly CardId[]): Solved {
  const mine = likelyOwn(own, melds, SOLVER_LIMITS.ownCards);
  const table = relevantMelds(melds, mine, SOLVER_LIMITS.tableCards);
  const result = solveHint({
    rules: RULES,
    table,
    own: mine,
    nextMeldId: NEW_MELD,
    budget: SOLVER_LIMITS.budget,
  });
  // Too complex (or, should a view ever show what the solver refuses, refused): play greedily.
  if (!result.ok) return { ok: false };
  const untouched = melds.filter((m) => !table.includes(m));
  return { ok: true, hint: result.hint, after: [...result.hint.target, ...untouched] };
}

/** The plan touches the table (adds, moves, places): someone could get in its way. */
function touchesTable(plan: readonly PlanAction[]): boolean {
  return plan.some((step) => step.do === "add" || step.do === "move" || step.do === "place");
}

/**
 * «Stop!» (§9) when a going out is found: once per hand, not in a tie-break,
 * only when the plan works on table melds that opponents could change
 * meanwhile, and on a quiet table — no opponent's play open (its suspended
 * work could leave wounds to mend), no wound, no card held by an opponent.
 */
export function worthStopping(view: SeatView, plan: readonly PlanAction[]): boolean {
  const me = view.seats[view.you.seat]!;
  return (
    !me.calledStop &&
    !view.tiebreak &&
    touchesTable(plan) &&
    view.plays.every((p) => !p.open || p.seat === me.seat) &&
    view.table.every(
      (m) => m.valid && m.cards.every((c) => c.heldBy === null || c.heldBy === me.seat),
    )
  );
}

/**
 * §12: a going out scores 50 − own stock + the opponents' cards (+10 with the
 * stock used up), so one more draw is worth a point, or eleven for the last
 * card. Hold back while the expected score of drawing first beats going out
 * now: the drawn card fits the arrangement with probability p, and a missed
 * going out still brings in part of its score later. Never when an opponent
 * is close to going out or anyone is in a freeze.
 */
export function holdBack(view: SeatView, after: readonly TableMeld[]): boolean {
  const stock = view.you.stockCount;
  const held = opponentsHeld(view);
  if (stock === 0 || view.freeze || held.some((count) => count < THREAT_CARDS)) return false;
  const now = WIN_POINTS - stock + held.reduce((a, b) => a + b, 0);
  const gain = stock === 1 ? 1 + FULL_STOCK_BONUS : 1;
  const p = fitChance(view, after);
  return p * (now + gain) + (1 - p) * now * RECOVERY > now;
}

/** The chance that a card the seat cannot see goes straight into one of the melds. */
function fitChance(view: SeatView, melds: readonly TableMeld[]): number {
  const seen = new Set<CardId>([
    ...view.removed,
    ...view.table.flatMap((m) => m.cards.map((c) => c.card)),
    ...view.seats.flatMap((s) => s.staging),
    ...view.you.hand,
  ]);
  let unseen = 0;
  let fit = 0;
  for (let card = 0; card < CARD_COUNT; card++) {
    if (seen.has(card)) continue;
    unseen++;
    if (melds.some((m) => m.cards.length < 10 && isValidMeld(RULES, [...m.cards, card]))) fit++;
  }
  return unseen === 0 ? 0 : fit / unseen;
}
