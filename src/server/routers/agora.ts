import { z } from "zod";
import { agora } from "../agora/agora";
import { poolOf } from "../agora/pools";
import { rankedResult } from "../agora/settle";
import { protectedProcedure, router } from "../trpc";

/** The agora's ranked queue; the hands being played are listed on /agora itself. */
export const agoraRouter = router({
  status: protectedProcedure.query(({ ctx }) => agora(ctx.db).status(ctx.user)),
  /** Machiavelox unless said; classic at a table of 3 unless 4 is asked for. */
  queue: protectedProcedure
    .input(
      z
        .object({
          game: z.enum(["machiavelox", "classic"]).default("machiavelox"),
          players: z.union([z.literal(3), z.literal(4)]).optional(),
        })
        .strict()
        .nullish(),
    )
    .mutation(({ ctx, input }) =>
      agora(ctx.db).enqueue(
        ctx.user,
        Date.now(),
        poolOf(input?.game ?? "machiavelox", input?.players),
      ),
    ),
  cancel: protectedProcedure.mutation(({ ctx }) => agora(ctx.db).cancel(ctx.user)),
  /** What your ranked hand did to your ranking and rating, once it is counted (null before). */
  result: protectedProcedure
    .input(z.object({ matchId: z.string().min(1).max(64) }))
    .query(({ ctx, input }) => rankedResult(ctx.db, input.matchId, ctx.user.id)),
});
