import { z } from "zod";
import { BOT_LEVELS } from "@/bots/policy";
import { startClassicPractice, startPractice } from "../bots/practice";
import { classicOptionsInput } from "./classic-options";
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
  /** Classic Machiavelli against 1 to 4 bots, each of its chosen level; the round starts at once. */
  classic: protectedProcedure
    .input(
      z.object({
        bots: z.array(z.enum(BOT_LEVELS)).min(1).max(4),
        options: classicOptionsInput,
        fastClock: z.boolean().default(false),
      }),
    )
    .mutation(({ ctx, input }) =>
      startClassicPractice(ctx.user, input.bots, input.options, input.fastClock),
    ),
});
