// What happened in a classic game, for whom. Everything is public — the live
// turn is watched step by step — except a drawn card, which only the drawer sees.

import type { CardId } from "../cards";
import type { Millis, Seat } from "../state";
import type { Combination, CombinationId, GameOutcome, RoundOutcome } from "./state";

export type DrawCause = "draw" | "first" | "penalty" | "guadalupe";

export type ClassicEventBody =
  | { type: "dealt"; round: number; dealer: Seat }
  | { type: "turnStarted"; seat: Seat; deadline: Millis | null }
  /** One event per card; `card` is null in everyone else's projection. */
  | { type: "drew"; seat: Seat; card: CardId | null; cause: DrawCause }
  | { type: "passed"; seat: Seat }
  | { type: "put"; seat: Seat; card: CardId; to: CombinationId }
  | { type: "moved"; seat: Seat; card: CardId; from: CombinationId; to: CombinationId }
  | { type: "tookBack"; seat: Seat; card: CardId }
  | { type: "undone"; seat: Seat }
  | { type: "reset"; seat: Seat }
  /** A valid play: the table after it, and the cards that left the hand and the face-up cards. */
  | { type: "played"; seat: Seat; table: Combination[]; fromHand: CardId[]; fromFaceUp: CardId[] }
  /** A failed move: the table is restored exactly; the penalty follows as draws. */
  | { type: "failed"; seat: Seat; reason: string }
  | { type: "timeUp"; seat: Seat }
  /** Ranked games: the seat missed too many turns in a row and is out of the round. */
  | { type: "absentOut"; seat: Seat }
  | ({ type: "roundOver"; totals: number[] } & Omit<RoundOutcome, "at">)
  | { type: "ready"; seat: Seat }
  | ({ type: "gameOver" } & GameOutcome);

export type ClassicEvent = ClassicEventBody & { id: number; at: Millis };

/** The events one seat may see (null: a spectator): others' drawn cards are hidden. */
export function classicEventsFor(
  events: readonly ClassicEvent[],
  seat: Seat | null,
): ClassicEvent[] {
  return events.map((e) => (e.type === "drew" && e.seat !== seat ? { ...e, card: null } : e));
}
