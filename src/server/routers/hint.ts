import { z } from "zod";
import { findHint } from "../bots/hint";
import { liveMatches } from "../matches/registry";
import { router } from "../trpc";
import { matchProcedure } from "./match";

export const hintRouter = router({
  /** The best placement of the seat's own cards, with its plan; never in ranked games. */
  best: matchProcedure
    .input(z.object({ matchId: z.string().min(1).max(64), seat: z.number().int().min(0).max(2) }))
    .query(({ ctx, input }) => findHint(liveMatches(), ctx.user, input.matchId, input.seat)),
});
