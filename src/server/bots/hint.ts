// The Hint (friendly and practice games only): the best placement for the seat's own
// cards, found by the exact solver from the seat's own view, in the thinking pool.

import { splitGameView } from "@/components/table/game-view";
import type { SessionUser } from "../auth/session";
import { MatchError } from "../matches/errors";
import { refuse } from "../refusals";
import type { LiveMatches } from "../matches/registry";
import { type Thinker, ThinkingTimeout, thinkOffThread } from "./pool";
import type { HintAnswer } from "@/protocol/hint";

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

export async function findHint(
  registry: Pick<LiveMatches, "seatView">,
  user: SessionUser,
  matchId: string,
  seat: number,
  think: Thinker = thinkOffThread,
): Promise<HintAnswer> {
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
  const job = { type: "hint" as const, view: splitGameView(view).hand, budget: HINT_LIMITS.budget };
  try {
    return await think(job, HINT_LIMITS.ms);
  } catch (error) {
    if (error instanceof ThinkingTimeout) return { kind: "too-complex" as const };
    throw error;
  } finally {
    const left = thinking.get(user.id)! - 1;
    if (left > 0) thinking.set(user.id, left);
    else thinking.delete(user.id);
  }
}
