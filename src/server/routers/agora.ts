import { agora } from "../agora/agora";
import { protectedProcedure, publicProcedure, router } from "../trpc";

/** The agora: the ranked queue, and the competitive hands being played now (to watch). */
export const agoraRouter = router({
  status: protectedProcedure.query(({ ctx }) => agora(ctx.db).status(ctx.user)),
  queue: protectedProcedure.mutation(({ ctx }) => agora(ctx.db).enqueue(ctx.user)),
  cancel: protectedProcedure.mutation(({ ctx }) => agora(ctx.db).cancel(ctx.user)),
  live: publicProcedure.query(({ ctx }) =>
    ctx.db.match.findMany({
      where: { kind: "COMPETITIVE", status: "PLAYING" },
      orderBy: { startedAt: "desc" },
      take: 50,
      select: {
        id: true,
        startedAt: true,
        seats: { orderBy: { seat: "asc" }, select: { user: { select: { name: true } } } },
      },
    }),
  ),
});
