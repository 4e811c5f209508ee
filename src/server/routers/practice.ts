import { startPractice } from "../bots/practice";
import { protectedProcedure, router } from "../trpc";

export const practiceRouter = router({
  /** A practice table against two bots; the hand starts at once. */
  start: protectedProcedure.mutation(({ ctx }) => startPractice(ctx.user)),
});
