import { z } from "zod";
import { BOT_LEVELS } from "@/bots/policy";
import { lobbies } from "../games/lobby";
import { inviteToRematch } from "../friends/invitations";
import { protectedProcedure, router } from "../trpc";
import { classicOptionsInput } from "./classic-options";

const matchId = z.string().min(1).max(64);

/** Friendly games: create, join by code, say ready, bots in empty places, leave the lobby. */
export const gameRouter = router({
  /** `classic`: classic Machiavelli for 2 to 8 players with its options, instead of Machiavelox. */
  create: protectedProcedure
    .input(
      z.object({
        kind: z.enum(["single", "long"]),
        bots: z.boolean().default(false),
        classic: z
          .object({ players: z.number().int().min(2).max(8), options: classicOptionsInput })
          .optional(),
      }),
    )
    .mutation(({ ctx, input }) =>
      lobbies(ctx.db).create(
        ctx.user,
        input.kind,
        input.bots,
        input.classic && { rules: "classic", ...input.classic },
      ),
    ),
  join: protectedProcedure
    .input(z.object({ code: z.string().trim().min(1).max(20) }))
    .mutation(({ ctx, input }) => lobbies(ctx.db).join(ctx.user, input.code)),
  lobby: protectedProcedure
    .input(z.object({ matchId }))
    .query(({ ctx, input }) => lobbies(ctx.db).view(ctx.user, input.matchId)),
  ready: protectedProcedure
    .input(z.object({ matchId, ready: z.boolean() }))
    .mutation(({ ctx, input }) => lobbies(ctx.db).ready(ctx.user, input.matchId, input.ready)),
  /** The creator adds a bot of a level to an empty place, or takes one away. */
  bots: protectedProcedure
    .input(
      z.object({
        matchId,
        change: z.union([z.literal(1), z.literal(-1)]),
        level: z.enum(BOT_LEVELS).default("medium"),
      }),
    )
    .mutation(({ ctx, input }) =>
      lobbies(ctx.db).bots(ctx.user, input.matchId, input.change, input.level),
    ),
  /**
   * Another game with the same players as an ended one: each player's click leads to one
   * lobby, and the first click invites the others.
   */
  rematch: protectedProcedure.input(z.object({ matchId })).mutation(async ({ ctx, input }) => {
    const opened = await lobbies(ctx.db).rematch(ctx.user, input.matchId);
    await inviteToRematch(ctx.db, ctx.user, input.matchId, opened.matchId);
    return opened;
  }),
  leave: protectedProcedure
    .input(z.object({ matchId }))
    .mutation(({ ctx, input }) => lobbies(ctx.db).leave(ctx.user, input.matchId)),
});
