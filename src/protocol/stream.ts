// What the live stream of a match says to its subscribers (the browser's table, the bots,
// the bench): shared by the server that sends it and the clients that read it.

import type { Command, EngineEvent, GameView, Millis } from "@/engine";
import type { ClassicCommand, ClassicEvent, ClassicView } from "@/engine/classic";
import { apply, type Patch } from "./view-patch";

/** A match is Machiavelox or classic Machiavelli: what its stream carries is either game's. */
export type MatchView = GameView | ClassicView;
export type MatchEvent = EngineEvent | ClassicEvent;
export type MatchCommand = Command | ClassicCommand;

/**
 * Whether a match's view is classic Machiavelli's (only it counts a shared stock). Here rather
 * than in the classic engine, so a Machiavelox table tells the two apart without loading it.
 */
export function isClassicView(view: object): view is ClassicView {
  return "stockCount" in view;
}

export type MatchStatus = "WAITING" | "PLAYING" | "ENDED";

/** `bot`: the level of the server-side bot playing the seat (MatchSeat.bot). */
export type SeatHolder = { userId: string; name: string; bot?: string };

/**
 * Whether a bot holds the seat as its own (the server's botHolderId: `bot:` ids, which no
 * session has); a player a bot stands in for keeps their own id, with `bot` set.
 */
export function isBotHolder(holder: SeatHolder): boolean {
  return holder.userId.startsWith("bot:");
}

/** What anyone may know about a match: who sits where, and how it stands. */
export type MatchInfo = {
  id: string;
  /** MatchKind: FRIENDLY_SINGLE, FRIENDLY_LONG, COMPETITIVE, PRACTICE. */
  kind: string;
  status: MatchStatus;
  rules: string;
  seats: (SeatHolder | null)[];
  createdAt: Date;
  startedAt: Date | null;
  endedAt: Date | null;
  result: unknown;
};

/**
 * `now`: the match's clock when the message was sent; a view's own instant is its last change,
 * which can be long ago on a snapshot, so clients count their clocks down from `now`.
 */
export type StreamMessage =
  /** Everything the subscriber may see now; `view` is null until the hand starts. */
  | { type: "snapshot"; match: MatchInfo; view: MatchView | null; now: Millis }
  /**
   * A change: its events, and `patch`, how the subscriber's view changed since the view of its
   * previous message (view-patch.ts), so a client never has to rebuild it from the events.
   */
  | { type: "events"; events: MatchEvent[]; patch: Patch | null; now: Millis }
  /** A resume: the events the subscriber missed, and its whole view as it is now. */
  | { type: "events"; events: MatchEvent[]; view: MatchView | null; now: Millis }
  /** The match itself changed: a seat was taken, or it ended. */
  | { type: "match"; match: MatchInfo };

/**
 * The subscriber's view after a stream message: a snapshot's or a resume's whole view, or the
 * view it held patched. Throws PatchMismatch when the patch does not fit that view.
 */
export function viewAfter(view: MatchView | null, message: StreamMessage): MatchView | null {
  if (message.type === "match") return view;
  if ("view" in message) return message.view;
  return apply(view, message.patch);
}
