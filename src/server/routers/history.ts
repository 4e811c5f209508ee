import { z } from "zod";
import { replayInfo, replayStep } from "../games/history";
import { protectedProcedure, publicProcedure, router } from "../trpc";

const matchId = z.string().min(1).max(64);

export const historyRouter = router({
  /** The viewer's finished matches, newest first. */
  mine: protectedProcedure.query(({ ctx }) =>
    ctx.db.match.findMany({
      where: { status: "ENDED", seats: { some: { userId: ctx.user.id } } },
      orderBy: { endedAt: "desc" },
      take: 50,
      select: {
        id: true,
        kind: true,
        endedAt: true,
        endedReason: true,
        seats: {
          orderBy: { seat: "asc" },
          select: { bot: true, points: true, won: true, user: { select: { name: true } } },
        },
      },
    }),
  ),
  replay: publicProcedure
    .input(z.object({ matchId }))
    .query(({ ctx, input }) => replayInfo(ctx.db, input.matchId, ctx.user?.id ?? null)),
  step: publicProcedure
    .input(z.object({ matchId, step: z.number().int().min(0).max(1_000_000) }))
    .query(({ ctx, input }) => replayStep(ctx.db, input.matchId, ctx.user?.id ?? null, input.step)),
});
