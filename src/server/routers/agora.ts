import { agora } from "../agora/agora";
import { protectedProcedure, router } from "../trpc";

/** The agora's ranked queue; the hands being played are listed on /agora itself. */
export const agoraRouter = router({
  status: protectedProcedure.query(({ ctx }) => agora(ctx.db).status(ctx.user)),
  queue: protectedProcedure.mutation(({ ctx }) => agora(ctx.db).enqueue(ctx.user)),
  cancel: protectedProcedure.mutation(({ ctx }) => agora(ctx.db).cancel(ctx.user)),
});
