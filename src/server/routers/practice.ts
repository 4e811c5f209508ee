import { z } from "zod";
import { BOT_LEVELS } from "@/bots/policy";
import { startPractice } from "../bots/practice";
import { protectedProcedure, router } from "../trpc";

export const practiceRouter = router({
  /** A practice table against two bots of the chosen level; the hand starts at once. */
  start: protectedProcedure
    .input(z.object({ level: z.enum(BOT_LEVELS).default("medium") }).default({ level: "medium" }))
    .mutation(({ ctx, input }) => startPractice(ctx.user, input.level)),
});
