import { z } from "zod";
import { BOT_LEVELS } from "@/bots/policy";
import { startPractice } from "../bots/practice";
import { protectedProcedure, router } from "../trpc";

export const practiceRouter = router({
  /**
   * A practice table against two bots of the chosen level; the hand starts at once.
   * `fastClock` (tests): its clock runs MATCH_CLOCK_SCALE times faster, where that is set.
   */
  start: protectedProcedure
    .input(
      z
        .object({
          level: z.enum(BOT_LEVELS).default("medium"),
          fastClock: z.boolean().default(false),
        })
        .default({ level: "medium", fastClock: false }),
    )
    .mutation(({ ctx, input }) => startPractice(ctx.user, input.level, input.fastClock)),
});
