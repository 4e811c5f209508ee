import { z } from "zod";
import { CARD_COUNT } from "@/engine";
import { JOKERS } from "@/engine/classic";
import { stripBidi } from "@/protocol/bidi";
import { PUZZLE_THEMES } from "@/puzzles/types";
import {
  dailyPuzzleRow,
  getPuzzle,
  hidePuzzle,
  nextPuzzle,
  publicPuzzle,
  puzzleProfile,
  submitAttempt,
} from "../puzzles/store";
import { closePuzzleReport, listPuzzleReports, reportPuzzle } from "../puzzles/reports";
import { protectedProcedure, publicProcedure, roleProcedure, router } from "../trpc";

const puzzleId = z.string().regex(/^[0-9a-z]{1,16}$/, "not a puzzle id");
const card = z
  .number()
  .int()
  .min(0)
  .max(CARD_COUNT + JOKERS - 1);
const moderator = roleProcedure("MODERATOR");

export const puzzleRouter = router({
  /** The next puzzle near the player's rating. */
  next: protectedProcedure
    .input(
      z.object({
        themes: z.array(z.enum(PUZZLE_THEMES)).max(PUZZLE_THEMES.length).optional(),
        rules: z.enum(["machiavelox", "classic"]).optional(),
        streak: z.boolean().optional(),
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
        melds: z.array(z.array(card).max(CARD_COUNT + JOKERS)).max(CARD_COUNT + JOKERS),
        placed: z.array(card).max(CARD_COUNT + JOKERS),
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
  hide: moderator
    .input(z.object({ id: puzzleId, hidden: z.boolean() }))
    .mutation(({ ctx, input }) => hidePuzzle(ctx.db, ctx.user.id, input)),
  /** A player reports a wrong or unfair puzzle, once per puzzle. */
  report: protectedProcedure
    .input(
      z.object({
        id: puzzleId,
        kind: z.enum(["WRONG", "UNFAIR"]),
        /** Bidi controls dropped (src/protocol/bidi.ts) before the length is checked. */
        reason: z.string().overwrite(stripBidi).trim().min(3, "Give a reason.").max(500),
      }),
    )
    .mutation(({ ctx, input }) => reportPuzzle(ctx.db, ctx.user.id, input)),
  /** The moderators' list: open reports, or closed ones. */
  reports: moderator
    .input(z.object({ open: z.boolean() }))
    .query(({ ctx, input }) => listPuzzleReports(ctx.db, input.open)),
  /** A moderator dismisses a report, or disables its puzzle (closing its other open reports). */
  closeReport: moderator
    .input(
      z.object({
        reportId: z.string().min(1).max(64),
        action: z.enum(["dismiss", "disable"]),
      }),
    )
    .mutation(({ ctx, input }) => closePuzzleReport(ctx.db, ctx.user.id, input)),
});
