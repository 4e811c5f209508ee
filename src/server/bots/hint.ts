// The Hint (friendly and practice games only): the best placement for the seat's own
// cards, found by the exact solver from the seat's own view, in the thinking pool.
// Machiavelox's and classic Machiavelli's alike, each with its own answer.

import { splitGameView } from "@/components/table/game-view";
import { isClassicView } from "@/protocol/stream";
import type { SessionUser } from "../auth/session";
import { MatchError } from "../matches/errors";
import type { MatchView } from "../matches/engine";
import { refuse } from "../refusals";
import type { LiveMatches } from "../matches/registry";
import { type Thinker, ThinkingTimeout, thinkOffThread } from "./pool";
import type { ClassicHintAnswer, HintAnswer } from "@/protocol/hint";

/** The solver's budget of states, and the time a hint may take: past either, "too complex". */
export const HINT_LIMITS = { budget: 400_000, ms: 2_000 };

/**
 * Hints one player may have in the thinking pool at once: a player asks one at a time (two with
 * a second tab); more would take the pool's threads from everyone else's hints and bots.
 */
export const HINTS_AT_ONCE = 2;
const thinking = new Map<string, number>();

/** Match kinds whose players may ask for the Hint: never the ranked hands of the agora. */
const HINT_KINDS = new Set(["FRIENDLY_SINGLE", "FRIENDLY_LONG", "PRACTICE"]);

type Registry = Pick<LiveMatches, "seatView">;

/** Machiavelox's Hint for the user's own seat. */
export function findHint(
  registry: Registry,
  user: SessionUser,
  matchId: string,
  seat: number,
  think: Thinker = thinkOffThread,
): Promise<HintAnswer> {
  return askHint(registry, user, matchId, seat, (view) => {
    if (isClassicView(view))
      throw new MatchError(
        "BAD_REQUEST",
        "This table plays classic Machiavelli: ask hint.classic.",
      );
    const hand = splitGameView(view).hand;
    return think({ type: "hint", view: hand, budget: HINT_LIMITS.budget }, HINT_LIMITS.ms);
  });
}

/** Classic Machiavelli's Hint for the user's own seat. */
export function findClassicHint(
  registry: Registry,
  user: SessionUser,
  matchId: string,
  seat: number,
  think: Thinker = thinkOffThread,
): Promise<ClassicHintAnswer> {
  return askHint(registry, user, matchId, seat, (view) => {
    if (!isClassicView(view))
      throw new MatchError("BAD_REQUEST", "This table plays Machiavelox: ask hint.best.");
    return think({ type: "classic-hint", view }, HINT_LIMITS.ms);
  });
}

/**
 * The checks every Hint shares (the seat is the user's, the game is not ranked, the hand has
 * started, the user's hints in the pool), then `ask` on the seat's own view.
 */
async function askHint<A>(
  registry: Registry,
  user: SessionUser,
  matchId: string,
  seat: number,
  ask: (view: MatchView) => Promise<A>,
): Promise<A | { kind: "too-complex" }> {
  const { kind, view } = await registry.seatView(user, matchId, seat);
  if (!HINT_KINDS.has(kind))
    throw new MatchError(
      "FORBIDDEN",
      "The Hint is only for friendly and practice games: ranked hands are played unaided.",
    );
  if (!view)
    throw new MatchError("CONFLICT", "The hand has not started: the table waits for players.");
  const asked = thinking.get(user.id) ?? 0;
  if (asked >= HINTS_AT_ONCE)
    throw refuse(
      "TOO_MANY_REQUESTS",
      "One hint at a time: wait for the answer to the one you asked.",
      "TOO_MANY_HINTS",
    );
  thinking.set(user.id, asked + 1);
  try {
    return await ask(view);
  } catch (error) {
    if (error instanceof ThinkingTimeout) return { kind: "too-complex" as const };
    throw error;
  } finally {
    const left = thinking.get(user.id)! - 1;
    if (left > 0) thinking.set(user.id, left);
    else thinking.delete(user.id);
  }
}
