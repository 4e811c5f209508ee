// Which buttons the rules allow right now, from the seat's own view, so a button
// is never offered for an action the server would certainly refuse.

import { checkMeld, MACHIAVELOX_MELDS, type HandView } from "@/engine";

export interface Allowed {
  draw: boolean;
  /** §5.1: the staged cards form one valid meld. */
  lay: boolean;
  cancel: boolean;
  end: boolean;
  release: boolean;
  /** §9: once per hand, never in a tie-break or while someone's freeze runs. */
  stop: boolean;
  /** §9: only the «Stop!» caller, during their freeze. */
  giveup: boolean;
  leave: boolean;
}

export const NOTHING_ALLOWED: Allowed = {
  draw: false,
  lay: false,
  cancel: false,
  end: false,
  release: false,
  stop: false,
  giveup: false,
  leave: false,
};

export function allowedActions(view: HandView): Allowed {
  const you = view.you;
  const seat = you ? view.seats[you.seat] : undefined;
  if (!you || !seat || seat.status !== "playing" || view.outcome) return NOTHING_ALLOWED;
  // §9: the frozen players can do nothing but leave.
  if (view.freeze && view.freeze.seat !== seat.seat) return { ...NOTHING_ALLOWED, leave: true };
  const inTiebreak = view.tiebreak?.seats.includes(seat.seat) ?? false;
  if (view.tiebreak && !inTiebreak) return { ...NOTHING_ALLOWED, leave: true };
  const openPlay = seat.play !== null && view.plays.some((p) => p.id === seat.play && p.open);
  return {
    // §4, §5.3: one card at a time from your own stock, never while cards are staged.
    draw: !view.tiebreak && you.stockCount > 0 && you.staging.length === 0,
    lay: checkMeld(MACHIAVELOX_MELDS, you.staging).ok,
    cancel: openPlay,
    end: openPlay,
    release: seat.holding !== null,
    stop: !seat.calledStop && !view.freeze && !view.tiebreak,
    giveup: view.freeze?.seat === seat.seat,
    leave: true,
  };
}

/** The cards the player plays from: their hand, or the shared pile in their tie-break (§10.2). */
export function playableCards(view: HandView) {
  if (!view.you) return [];
  return view.tiebreak?.seats.includes(view.you.seat) ? view.tiebreak.pile : view.you.hand;
}
