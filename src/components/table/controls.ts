// Which buttons the rules allow right now, from the seat's own view, so a button
// is never offered for an action the server would certainly refuse.

import { checkMeld, MACHIAVELOX_MELDS } from "@/engine/melds";
import type { HandView } from "@/engine/views";

export interface Allowed {
  draw: boolean;
  /** §5.1: the staged cards form one valid meld. */
  lay: boolean;
  cancel: boolean;
  end: boolean;
  release: boolean;
  leave: boolean;
}

export const NOTHING_ALLOWED: Allowed = {
  draw: false,
  lay: false,
  cancel: false,
  end: false,
  release: false,
  leave: false,
};

export function allowedActions(view: HandView): Allowed {
  const you = view.you;
  const seat = you ? view.seats[you.seat] : undefined;
  if (!you || !seat || seat.status !== "playing") return NOTHING_ALLOWED;
  const openPlay = seat.play !== null && view.plays.some((p) => p.id === seat.play && p.open);
  return {
    // §4, §5.3: one card at a time from your own stock, never while cards are staged.
    draw: you.stockCount > 0 && you.staging.length === 0,
    lay: checkMeld(MACHIAVELOX_MELDS, you.staging).ok,
    cancel: openPlay,
    end: openPlay,
    release: seat.holding !== null,
    leave: true,
  };
}
