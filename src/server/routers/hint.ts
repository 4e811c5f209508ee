import { z } from "zod";
import { findClassicHint, findHint } from "../bots/hint";
import { liveMatches } from "../matches/registry";
import { router } from "../trpc";
import { matchProcedure } from "./match";

const matchId = z.string().min(1).max(64);

export const hintRouter = router({
  /** The best placement of the seat's own cards, with its plan; never in ranked games. */
  best: matchProcedure
    .input(z.object({ matchId, seat: z.number().int().min(0).max(2) }))
    .query(({ ctx, input }) => findHint(liveMatches(), ctx.user, input.matchId, input.seat)),
  /** The same at a classic table (up to eight seats), its plan in classic's steps. */
  classic: matchProcedure
    .input(z.object({ matchId, seat: z.number().int().min(0).max(7) }))
    .query(({ ctx, input }) => findClassicHint(liveMatches(), ctx.user, input.matchId, input.seat)),
});
