import { z } from "zod";
import { CARD_COUNT } from "@/engine";
import {
  dailyPuzzleRow,
  getPuzzle,
  hidePuzzle,
  nextPuzzle,
  publicPuzzle,
  puzzleProfile,
  submitAttempt,
} from "../puzzles/store";
import { protectedProcedure, publicProcedure, roleProcedure, router } from "../trpc";

const THEMES = ["sets-to-runs", "run-split", "set-lends", "ace-ends"] as const;
const puzzleId = z.string().regex(/^[0-9a-z]{1,16}$/, "not a puzzle id");
const card = z
  .number()
  .int()
  .min(0)
  .max(CARD_COUNT - 1);

export const puzzleRouter = router({
  /** The next puzzle near the player's rating. */
  next: protectedProcedure
    .input(
      z.object({
        themes: z.array(z.enum(THEMES)).max(THEMES.length).optional(),
        rules: z.enum(["machiavelox", "classic"]).optional(),
      }),
    )
    .query(({ ctx, input }) => nextPuzzle(ctx.db, ctx.user.id, input)),
  /** Today's puzzle: visitors may play it too. */
  daily: publicProcedure.query(async ({ ctx }) => publicPuzzle(await dailyPuzzleRow(ctx.db))),
  /** A puzzle by its share link. */
  get: publicProcedure
    .input(z.object({ id: puzzleId }))
    .query(({ ctx, input }) => getPuzzle(ctx.db, input.id)),
  /** Judges an attempt; a signed-in player's first attempt at a puzzle is rated. */
  submit: publicProcedure
    .input(
      z.object({
        id: puzzleId,
        melds: z.array(z.array(card).max(CARD_COUNT)).max(CARD_COUNT),
        placed: z.array(card).max(CARD_COUNT),
        streak: z.boolean().default(false),
      }),
    )
    .mutation(({ ctx, input }) =>
      submitAttempt(
        ctx.db,
        { userId: ctx.user?.id ?? null, address: ctx.clientAddress },
        { id: input.id, submission: input, streak: input.streak },
      ),
    ),
  /** The player's puzzle rating, streaks and history. */
  profile: protectedProcedure.query(({ ctx }) => puzzleProfile(ctx.db, { id: ctx.user.id })),
  /** A moderator hides (or shows again) a puzzle. */
  hide: roleProcedure("MODERATOR")
    .input(z.object({ id: puzzleId, hidden: z.boolean() }))
    .mutation(({ ctx, input }) => hidePuzzle(ctx.db, ctx.user.id, input)),
});
