// What a bot reads from its own seat's view, and nothing else: its cards, the
// table as melds of card ids, which melds it may work on, and whether it may
// act at all. Bots never see the hand state (no peeking).

import {
  type CardId,
  MACHIAVELOX_MELDS,
  type MeldRules,
  type MeldId,
  type HandView,
  type MeldView,
} from "@/engine";

/** Machiavelox hands are dealt with its own meld rules (§3). */
export const RULES: MeldRules = MACHIAVELOX_MELDS;

export interface TableMeld {
  id: MeldId;
  cards: CardId[];
}

/** The seat's own view, narrowed: a bot only ever gets a view with `you`. */
export type SeatView = HandView & { you: NonNullable<HandView["you"]> };

export function isSeatView(view: HandView): view is SeatView {
  return view.you !== null;
}

/**
 * The cards the seat plays from: its hand, or the shared face-up pile while it
 * plays a tie-break (§10.2).
 */
export function ownCards(view: SeatView): CardId[] {
  return view.tiebreak?.seats.includes(view.you.seat) ? view.tiebreak.pile : view.you.hand;
}

/** Every card the seat may still bring to the table: its own cards and its staging area. */
export function placeable(view: SeatView): CardId[] {
  return [...ownCards(view), ...view.you.staging];
}

/** Whether the seat may do anything with its cards now: in the hand, not frozen, in the tie-break if there is one. */
export function mayAct(view: SeatView): boolean {
  const seat = view.you.seat;
  if (view.outcome || view.seats[seat]?.status !== "playing") return false;
  if (view.freeze && view.freeze.seat !== seat) return false;
  return !view.tiebreak || view.tiebreak.seats.includes(seat);
}

export function inOwnFreeze(view: SeatView): boolean {
  return view.freeze?.seat === view.you.seat;
}

/**
 * Melds the seat can safely work on: valid, outside another seat's open play (that ground is
 * shifting, §6), with no card held by or reserved for someone else. During its
 * own freeze every valid meld is at its disposal (§9).
 */
export function workableMelds(view: SeatView): TableMeld[] {
  const seat = view.you.seat;
  const free = (meld: MeldView) =>
    meld.valid &&
    (inOwnFreeze(view) ||
      (meld.openPlays.every((s) => s === seat) &&
        meld.cards.every(
          (c) => (c.heldBy === null || c.heldBy === seat) && (c.reservedFor ?? seat) === seat,
        )));
  return view.table.filter(free).map((m) => ({ id: m.id, cards: m.cards.map((c) => c.card) }));
}

/** Table cards on trial for the seat's open play: its work on the table is under way. */
export function workOnTable(view: SeatView): boolean {
  return view.table.some((m) => m.cards.some((c) => c.onTrialFor === view.you.seat));
}

/** Cards each opponent would hand the winner (hand and staging area, §12). */
export function opponentsHeld(view: SeatView): number[] {
  return view.seats
    .filter((s) => s.seat !== view.you.seat)
    .map((s) => s.handCount + s.staging.length);
}
