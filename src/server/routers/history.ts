import { z } from "zod";
import { replayInfo, replayStep } from "../games/history";
import { publicProcedure, router } from "../trpc";

const matchId = z.string().min(1).max(64);

export const historyRouter = router({
  replay: publicProcedure
    .input(z.object({ matchId }))
    .query(({ ctx, input }) => replayInfo(ctx.db, input.matchId, ctx.user?.id ?? null)),
  step: publicProcedure
    .input(z.object({ matchId, step: z.number().int().min(0).max(1_000_000) }))
    .query(({ ctx, input }) => replayStep(ctx.db, input.matchId, ctx.user?.id ?? null, input.step)),
});
