// How the player sees their hand: sorted by suit, by rank, or in an order they
// arranged by hand. The arranged order survives draws and plays: cards that left
// the hand drop out of it, new cards join at the end.

import { type CardId, compareByRank, compareBySuit } from "@/engine";

export type HandSort = "suit" | "rank" | "manual";

/** The hand in display order; `arranged` is the player's own order (used for "manual"). */
export function orderHand(
  hand: readonly CardId[],
  sort: HandSort,
  arranged: readonly CardId[],
  compare: Record<"suit" | "rank", (a: CardId, b: CardId) => number> = {
    suit: compareBySuit,
    rank: compareByRank,
  },
) {
  if (sort !== "manual") return [...hand].sort(compare[sort]);
  const inHand = new Set(hand);
  const kept = arranged.filter((card) => inHand.has(card));
  const known = new Set(kept);
  return [...kept, ...hand.filter((card) => !known.has(card))];
}

/** Moves `card` to the position of `before` (or to the end when `before` is null). */
export function arrange(order: readonly CardId[], card: CardId, before: CardId | null): CardId[] {
  if (card === before) return [...order];
  const rest = order.filter((c) => c !== card);
  const at = before === null ? -1 : rest.indexOf(before);
  if (at < 0) return [...rest, card];
  return [...rest.slice(0, at), card, ...rest.slice(at)];
}

/** One step left (-1) or right (+1), for arranging with the keyboard. */
export function nudge(order: readonly CardId[], card: CardId, step: -1 | 1): CardId[] {
  const from = order.indexOf(card);
  const to = from + step;
  if (from < 0 || to < 0 || to >= order.length) return [...order];
  const next = [...order];
  next[from] = next[to]!;
  next[to] = card;
  return next;
}
