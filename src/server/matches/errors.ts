import type { MatchRejection } from "./engine";

/** The refusals the live server gives; the kinds are the tRPC error codes they travel as. */
export type MatchErrorKind =
  | "BAD_REQUEST"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "TOO_MANY_REQUESTS"
  | "SERVICE_UNAVAILABLE";

export class MatchError extends Error {
  override name = "MatchError";

  constructor(
    readonly kind: MatchErrorKind,
    message: string,
    /** The engine's rejection, when the engine refused the action (bots read it, src/server/bots). */
    readonly rejection?: MatchRejection,
  ) {
    super(message);
  }

  /** The engine's rejection code, for clients to react to. */
  get engineCode(): string | undefined {
    return this.rejection?.code;
  }
}

// Input the engine could not make sense of is the client's fault; the rest are the game's state
// standing in the way (someone else was faster, the card is elsewhere, the play has ended).
const BAD_INPUT = new Set(["malformed", "bad-time", "unknown-seat", "not-implemented"]);

export function refusal(rejection: MatchRejection): MatchError {
  const kind = BAD_INPUT.has(rejection.code) ? "BAD_REQUEST" : "CONFLICT";
  return new MatchError(kind, rejection.reason, rejection);
}

export const restarting = () =>
  new MatchError("SERVICE_UNAVAILABLE", "The server is restarting: reconnect in a moment.");

/**
 * The log refused an append: the match has another owner now (a later lease epoch), or its
 * log moved on. Whoever appended no longer owns the match and must drop it.
 */
export class StaleAppend extends Error {
  override name = "StaleAppend";

  constructor(entry: { matchId: string; seq: number }) {
    super(`match ${entry.matchId}: entry ${entry.seq} refused, the match has another owner`);
  }
}

/**
 * This node does not play the match (another owns it now, or took it while this one tried):
 * nothing was done, so the request may go to the match's owner instead.
 */
export class NotOwner extends MatchError {
  override name = "NotOwner";

  constructor() {
    super("SERVICE_UNAVAILABLE", "This match moved to another server: reconnect in a moment.");
  }
}
