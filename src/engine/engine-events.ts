// What happened, for whom. Events are public except a drawn card's identity,
// which only the drawer sees; chain-undo notices are addressed to the player hit.

import { type CardId, cardName } from "./cards";
import type { HandEndReason, Millis, MeldId, PlayId, Seat } from "./state";

// The match's end, which the `gameOver` event carries (game.ts decides it).
export type GameEndReason = "hand" | "target" | "long draw" | "left" | "abandoned";

export interface GameResult {
  reason: GameEndReason;
  winner: Seat | null;
  /** A draw's seats: the single hand's tie, or a LONG DRAW's leaders. */
  draw: Seat[] | null;
}

export type PlayEndReason =
  | "ended"
  | "time"
  | "in order"
  | "cancelled"
  /** The player called «Stop!»: their open play is judged before the freeze (§9). */
  | "stop"
  /** The freeze ended without a valid going out: all or nothing (§9). */
  | "freeze over"
  /** The player left: the normal criterion at the instant of leaving (§11.2). */
  | "left"
  /** The final silence: open plays are judged before the count (§10.1). */
  | "silence"
  /** The tie-break's 2 minutes ran out before this play was confirmed (§10.2). */
  | "tie-break over";
export type PlayOutcome = "confirmed" | "partly undone" | "undone" | "empty";

/** Which play's end set a chain undo off, and how it ended. */
export type UndoCause = {
  seat: Seat;
  play: PlayId;
  /** How the play ended: what fell set the card and meld tracks off, what stayed is no longer on trial. */
  kind: "cancelled" | "failed" | "partly undone" | "confirmed" | "expired";
};

/**
 * Where an undone card went: back to a meld, or to the hand or staging area of
 * `seat`, the player who had brought it to the table (not always the one told).
 */
export type UndoneCard =
  { card: CardId; to: MeldId } | { card: CardId; to: "hand" | "staging"; seat: Seat };

export type EventBody =
  | {
      type: "drew";
      seat: Seat;
      /** null in everyone else's projection */
      card: CardId | null;
      /** A §7 forced draw (or one handed over when a staging play ended). */
      forced: boolean;
    }
  /** §7: a forced draw fell during a staging play; the card comes when the play ends. */
  | { type: "drawOwed"; seat: Seat }
  | { type: "staged"; seat: Seat; card: CardId }
  | { type: "unstaged"; seat: Seat; card: CardId }
  | { type: "playStarted"; seat: Seat; play: PlayId; deadline: Millis }
  | { type: "laid"; seat: Seat; play: PlayId; meld: MeldId; cards: CardId[] }
  | { type: "added"; seat: Seat; play: PlayId; card: CardId; meld: MeldId }
  | { type: "placed"; seat: Seat; play: PlayId; card: CardId; meld: MeldId }
  | { type: "took"; seat: Seat; card: CardId; meld: MeldId }
  | {
      type: "released";
      seat: Seat;
      card: CardId;
      reason:
        | "released"
        | "expired"
        | "reserved"
        | "moved away"
        | "declaration withdrawn"
        /** «Stop!» puts every table card at the caller's disposal (§9). */
        | "freeze";
    }
  | { type: "moved"; seat: Seat; play: PlayId; card: CardId; from: MeldId; to: MeldId }
  | { type: "split"; meld: MeldId; into: MeldId[] }
  | {
      type: "playEnded";
      seat: Seat;
      play: PlayId;
      reason: PlayEndReason;
      outcome: PlayOutcome;
      /** Declared cards that went back to the hand unplaced. */
      returned: CardId[];
    }
  | {
      /** A notice for `seat`: the chain undo took back some of their work (§5.5). */
      type: "undone";
      seat: Seat;
      play: PlayId;
      /** Whether the play was still open: open plays lose only the connected piece. */
      wasOpen: boolean;
      cause: UndoCause;
      cards: UndoneCard[];
    }
  | { type: "reserved"; card: CardId; seat: Seat }
  | { type: "final"; seat: Seat; play: PlayId }
  | { type: "presence"; seat: Seat; present: boolean }
  | { type: "stopCalled"; seat: Seat; deadline: Millis }
  /** The freeze is over and the frozen plays restart with a full 40 s (§9). */
  | { type: "freezeEnded"; seat: Seat; resumed: PlayId[] }
  | { type: "wentOut"; seat: Seat; valid: boolean }
  | { type: "eliminated"; seat: Seat; reason: "invalid going out" | "failed freeze" | "gave up" }
  | { type: "left"; seat: Seat; reason: "left" | "absent" }
  /** §10.1: all stocks empty and 2 minutes of silence; cards held by each seat still playing. */
  | { type: "silence"; counts: (number | null)[] }
  | { type: "tiebreak"; seats: Seat[]; pile: CardId[]; deadline: Millis }
  | {
      type: "handOver";
      reason: HandEndReason;
      winner: Seat | null;
      draw: Seat[] | null;
      scores: number[];
    }
  // The game above the hand (§13).
  | { type: "pause"; deadline: Millis }
  | { type: "ready"; seat: Seat }
  | { type: "handStarted"; number: number }
  | { type: "leftGame"; seat: Seat; reason: "left" | "absent" }
  | ({ type: "gameOver" } & GameResult);

export type EngineEvent = EventBody & { id: number; at: Millis };

/**
 * An event: its id and time, then its body. Not `{ ...body, id, at }`: a spread of the many
 * event shapes with two properties added after it is a slow path in V8 (~20× slower to make,
 * measured), and every command makes events.
 */
export function stamped(body: EventBody, id: number, at: Millis): EngineEvent {
  return Object.assign({ id, at }, body);
}

/** The events one seat may see: others' drawn cards are hidden. */
export function eventsFor(events: readonly EngineEvent[], seat: Seat | null): EngineEvent[] {
  return events.map((e) => (e.type === "drew" && e.seat !== seat ? { ...e, card: null } : e));
}

/** Chain-undo notices addressed to one seat. */
export function noticesFor(events: readonly EngineEvent[], seat: Seat): EngineEvent[] {
  return events.filter((e) => e.type === "undone" && e.seat === seat);
}

/** A chain-undo notice in words: what was undone and which failed play caused it. */
export function describeUndo(
  event: Extract<EventBody, { type: "undone" }>,
  nameOf: (seat: Seat) => string,
): string {
  const where = (c: UndoneCard) => {
    if (typeof c.to === "number") return `meld ${c.to}`;
    const whose = c.seat === event.seat ? "your" : `${nameOf(c.seat)}'s`;
    return c.to === "hand" ? `${whose} hand` : `${whose} staging area`;
  };
  const moves = event.cards.map((c) => `${cardName(c.card)} back to ${where(c)}`).join(", ");
  const own = event.cause.play === event.play;
  const who = nameOf(event.cause.seat);
  const cause = {
    cancelled: own ? "you cancelled your play" : `${who} cancelled play #${event.cause.play}`,
    failed: own ? "your play failed its judgement" : `${who}'s play #${event.cause.play} failed`,
    "partly undone": own
      ? "your play failed its judgement there"
      : `${who}'s play #${event.cause.play} was partly undone and partly confirmed`,
    confirmed: `${who}'s play #${event.cause.play} was confirmed with cards your play had left out`,
    expired: "the tie-break ended before your play was confirmed",
  }[event.cause.kind];
  const scope = event.wasOpen ? "open play" : "finished play";
  return `Chain undo on your ${scope} #${event.play}: ${moves}, because ${cause}.`;
}
