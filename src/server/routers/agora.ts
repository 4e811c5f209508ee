import { z } from "zod";
import { agora } from "../agora/agora";
import { rankedResult } from "../agora/settle";
import { protectedProcedure, router } from "../trpc";

/** The agora's ranked queue; the hands being played are listed on /agora itself. */
export const agoraRouter = router({
  status: protectedProcedure.query(({ ctx }) => agora(ctx.db).status(ctx.user)),
  queue: protectedProcedure.mutation(({ ctx }) => agora(ctx.db).enqueue(ctx.user)),
  cancel: protectedProcedure.mutation(({ ctx }) => agora(ctx.db).cancel(ctx.user)),
  /** What your ranked hand did to your ranking and rating, once it is counted (null before). */
  result: protectedProcedure
    .input(z.object({ matchId: z.string().min(1).max(64) }))
    .query(({ ctx, input }) => rankedResult(ctx.db, input.matchId, ctx.user.id)),
});
