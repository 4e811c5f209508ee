import { z } from "zod";
import { lobbies } from "../games/lobby";
import { protectedProcedure, router } from "../trpc";

const matchId = z.string().min(1).max(64);

/** Friendly games: create, join by code, say ready, leave the lobby. */
export const gameRouter = router({
  create: protectedProcedure
    .input(z.object({ kind: z.enum(["single", "long"]) }))
    .mutation(({ ctx, input }) => lobbies(ctx.db).create(ctx.user, input.kind)),
  join: protectedProcedure
    .input(z.object({ code: z.string().trim().min(1).max(20) }))
    .mutation(({ ctx, input }) => lobbies(ctx.db).join(ctx.user, input.code)),
  lobby: protectedProcedure
    .input(z.object({ matchId }))
    .query(({ ctx, input }) => lobbies(ctx.db).view(ctx.user, input.matchId)),
  ready: protectedProcedure
    .input(z.object({ matchId, ready: z.boolean() }))
    .mutation(({ ctx, input }) => lobbies(ctx.db).ready(ctx.user, input.matchId, input.ready)),
  leave: protectedProcedure
    .input(z.object({ matchId }))
    .mutation(({ ctx, input }) => lobbies(ctx.db).leave(ctx.user, input.matchId)),
});
