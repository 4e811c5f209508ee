import { z } from "zod";
import { leaderboard, profile } from "../games/profile";
import { publicProcedure, router } from "../trpc";

export const profileRouter = router({
  /** A player's page; friendly games only for the player and who played them (§13). */
  get: publicProcedure
    .input(z.object({ name: z.string().trim().min(1).max(64) }))
    .query(({ ctx, input }) => profile(ctx.db, input.name, ctx.user?.id ?? null)),
  leaderboard: publicProcedure
    .input(z.object({ by: z.enum(["points", "rating"]) }))
    .query(({ ctx, input }) => leaderboard(ctx.db, input.by)),
});
