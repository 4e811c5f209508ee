import { z } from "zod";
import { fileReport } from "../admin/reports";
import { stripBidi } from "@/protocol/bidi";
import { protectedProcedure, router } from "../trpc";

export const reportRouter = router({
  /** Reports a player to the moderators. */
  file: protectedProcedure
    .input(
      z.object({
        name: z.string().trim().min(1).max(64),
        reason: z.string().overwrite(stripBidi).trim().min(3, "Say what happened.").max(1000),
        matchId: z.string().min(1).max(64).optional(),
      }),
    )
    .mutation(({ ctx, input }) => fileReport(ctx.db, ctx.user, input)),
});
