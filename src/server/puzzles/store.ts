// Puzzles in the database: the shipped set loaded on first start, served near
// the player's rating, attempts judged by the checker and rated by Glicko-2.

import { readFile } from "node:fs/promises";
import { Limit } from "../limits";
import type { Prisma } from "@/generated/prisma/client";
import { checkAttempt, type Submission } from "@/puzzles/check";
import { dailyIndex, dayOf } from "@/puzzles/daily";
import {
  puzzleRating,
  rateAttempt,
  servingWindow,
  STREAK_STEP,
  streakTarget,
} from "@/puzzles/rating";
import type { Puzzle, PuzzlePosition, PuzzleSolution, PuzzleTheme } from "@/puzzles/types";
import { trySpend } from "../accounts/limits";
import type { Db } from "../db/client";
import { refuse } from "../refusals";
import { audit } from "../admin/audit";

/** The data file `npm run puzzles:generate` writes, shipped with the project. */
export const PUZZLES_FILE = "prisma/puzzles.json";

/**
 * Adds the shipped file's puzzles the table lacks (all of them on first start,
 * a new release's on the next); returns how many were added. Puzzles there
 * already keep their ratings, plays and moderators' choices.
 */
export async function loadPuzzles(db: Db, file = PUZZLES_FILE): Promise<number> {
  const shipped = JSON.parse(await readFile(file, "utf8")) as Puzzle[];
  if ((await db.puzzle.count()) >= shipped.length) return 0;
  const there = new Set((await db.puzzle.findMany({ select: { id: true } })).map((p) => p.id));
  const puzzles = shipped.filter((p) => !there.has(p.id));
  const rows = puzzles.map((p) => {
    const start = puzzleRating(p.difficulty);
    return {
      id: p.id,
      key: p.key,
      rules: p.position.rules,
      position: p.position as unknown as Prisma.InputJsonValue,
      solution: p.solution as unknown as Prisma.InputJsonValue,
      themes: p.themes,
      difficulty: p.difficulty,
      rating: start.rating,
      ratingDeviation: start.deviation,
      ratingVolatility: start.volatility,
    };
  });
  // Two servers starting at once may both add the same puzzles: duplicates are skipped.
  const { count } = await db.puzzle.createMany({ data: rows, skipDuplicates: true });
  return count;
}

type Row = Awaited<ReturnType<Db["puzzle"]["findUniqueOrThrow"]>>;

/** What a player sees before an attempt: the position and the goal, never the answer. */
export function publicPuzzle(row: Row) {
  const solution = row.solution as unknown as PuzzleSolution;
  return {
    id: row.id,
    position: row.position as unknown as PuzzlePosition,
    goal: solution.placed.length,
    themes: row.themes as PuzzleTheme[],
    rating: Math.round(row.rating),
    plays: row.plays,
  };
}
export type PublicPuzzle = ReturnType<typeof publicPuzzle>;

async function visible(db: Db, id: string): Promise<Row> {
  const row = await db.puzzle.findUnique({ where: { id } });
  if (!row || row.hidden) throw refuse("NOT_FOUND", "No such puzzle.", "NO_SUCH_PUZZLE");
  return row;
}

export async function getPuzzle(db: Db, id: string): Promise<PublicPuzzle> {
  return publicPuzzle(await visible(db, id));
}

/** Today's puzzle: the same for every player and visitor on one UTC day. */
export async function dailyPuzzleRow(db: Db, now = new Date()): Promise<Row> {
  const count = await db.puzzle.count({ where: { hidden: false } });
  if (count === 0) throw refuse("NOT_FOUND", "No puzzles yet.", "NO_PUZZLES");
  const [row] = await db.puzzle.findMany({
    where: { hidden: false },
    orderBy: { id: "asc" },
    skip: dailyIndex(dayOf(now), count),
    take: 1,
  });
  return row!;
}

export interface PuzzleFilter {
  themes?: PuzzleTheme[];
  rules?: "machiavelox" | "classic";
  /** Streak mode: the streak's puzzle, harder with every one solved (streakTarget). */
  streak?: boolean;
}

/**
 * The next puzzle for a player: one not tried yet, rated near the player's
 * rating (the window widens until one is found), filtered by themes. In a
 * streak: the streak's current puzzle if it is not answered yet, else one near
 * the streak's target (one tried before when nothing new is left there).
 */
export async function nextPuzzle(
  db: Db,
  userId: string,
  filter: PuzzleFilter,
): Promise<PublicPuzzle> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
  if (filter.streak && user.puzzleStreakPuzzle) {
    const current = await db.puzzle.findUnique({ where: { id: user.puzzleStreakPuzzle } });
    if (current && !current.hidden) return publicPuzzle(current);
  }
  const base: Prisma.PuzzleWhereInput = {
    hidden: false,
    ...(filter.rules ? { rules: filter.rules } : {}),
    ...(filter.themes?.length ? { themes: { hasSome: filter.themes } } : {}),
  };
  const fresh: Prisma.PuzzleWhereInput = { attempts: { none: { userId } } };
  // A streak's windows stay narrow so that each puzzle is harder than the last: in each, a
  // puzzle not tried yet, else any.
  const tries = [0, 1, 2, 3, 4].flatMap((attempt): Prisma.PuzzleWhereInput[] =>
    filter.streak
      ? [fresh, {}].map((unseen) => ({
          ...unseen,
          rating: between(servingWindow(streakTarget(user.puzzleStreak), attempt, STREAK_STEP / 2)),
        }))
      : [{ ...fresh, rating: between(servingWindow(user.puzzleRating, attempt)) }],
  );
  for (const where of tries) {
    const row = await pickOne(db, { ...base, ...where });
    if (!row) continue;
    if (filter.streak)
      await db.user.update({ where: { id: userId }, data: { puzzleStreakPuzzle: row.id } });
    return publicPuzzle(row);
  }
  throw refuse("NOT_FOUND", "You have tried every puzzle here.", "EVERY_PUZZLE_TRIED");
}

const between = ({ min, max }: { min: number; max: number }) => ({ gte: min, lte: max });

/** One puzzle at random among those `where` finds, or null. */
async function pickOne(db: Db, where: Prisma.PuzzleWhereInput): Promise<Row | null> {
  const count = await db.puzzle.count({ where });
  if (count === 0) return null;
  const [row] = await db.puzzle.findMany({
    where,
    orderBy: { id: "asc" },
    skip: Math.floor(Math.random() * count),
    take: 1,
  });
  return row ?? null;
}

/** Visitors may try the daily puzzle; this many attempts a minute per address, players too. */
const attemptsPerMinute = new Limit({
  keyPrefix: "puzzle-attempt",
  points: 30,
  duration: 60,
});

export interface AttemptResult {
  solved: boolean;
  placed: number;
  moved: number;
  bonus: boolean;
  goal: number;
  solution: PuzzleSolution;
  /** The player's rating before and after; null for a visitor or a puzzle tried before. */
  rating: { before: number; after: number } | null;
  /** In streak mode: puzzles solved in a row, after this one and before it (told when it ends). */
  streak: number | null;
  streakBefore: number | null;
}

export async function submitAttempt(
  db: Db,
  who: { userId: string | null; address: string },
  input: { id: string; submission: Submission; streak: boolean },
  now = new Date(),
): Promise<AttemptResult> {
  if (!(await trySpend(attemptsPerMinute, who.userId ?? `address:${who.address}`)))
    throw refuse(
      "TOO_MANY_REQUESTS",
      "Too many attempts: wait a minute.",
      "TOO_MANY_PUZZLE_ATTEMPTS",
    );
  const row = await visible(db, input.id);
  if (!who.userId && row.id !== (await dailyPuzzleRow(db, now)).id)
    throw refuse("UNAUTHORIZED", "Sign in to play this puzzle.", "SIGN_IN_FOR_PUZZLE");
  const position = row.position as unknown as PuzzlePosition;
  const solution = row.solution as unknown as PuzzleSolution;
  const verdict = checkAttempt(position, solution, input.submission);
  if (!verdict.ok)
    throw refuse(
      "BAD_REQUEST",
      `This table is not a valid answer: ${verdict.reason}`,
      "PUZZLE_TABLE_INVALID",
      verdict.reason,
    );
  const base = { ...verdict, goal: solution.placed.length, solution };
  if (!who.userId) return { ...base, rating: null, streak: null, streakBefore: null };
  const userId = who.userId;
  return db.$transaction(async (tx) => {
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId } });
    if (input.streak && user.puzzleStreakPuzzle !== row.id)
      throw refuse(
        "BAD_REQUEST",
        "This is not your streak's puzzle: ask for it again.",
        "NOT_THE_STREAK_PUZZLE",
      );
    const tried = await tx.puzzleAttempt.count({ where: { userId, puzzleId: row.id } });
    const before = {
      rating: user.puzzleRating,
      deviation: user.puzzleDeviation,
      volatility: user.puzzleVolatility,
    };
    const puzzle = {
      rating: row.rating,
      deviation: row.ratingDeviation,
      volatility: row.ratingVolatility,
    };
    const rated = tried === 0;
    const after = rated ? rateAttempt(before, puzzle, verdict.solved) : null;
    const streak = input.streak ? (verdict.solved ? user.puzzleStreak + 1 : 0) : user.puzzleStreak;
    await tx.user.update({
      where: { id: userId },
      data: {
        ...(after
          ? {
              puzzleRating: after.player.rating,
              puzzleDeviation: after.player.deviation,
              puzzleVolatility: after.player.volatility,
            }
          : {}),
        puzzleStreak: streak,
        puzzleBestStreak: Math.max(user.puzzleBestStreak, streak),
        ...(input.streak ? { puzzleStreakPuzzle: null } : {}),
      },
    });
    await tx.puzzle.update({
      where: { id: row.id },
      data: {
        plays: { increment: 1 },
        ...(after
          ? {
              rating: after.puzzle.rating,
              ratingDeviation: after.puzzle.deviation,
              ratingVolatility: after.puzzle.volatility,
            }
          : {}),
      },
    });
    await tx.puzzleAttempt.create({
      data: {
        userId,
        puzzleId: row.id,
        solved: verdict.solved,
        placed: verdict.placed,
        moved: verdict.moved,
        bonus: verdict.bonus,
        rated,
        ratingBefore: before.rating,
        ratingAfter: after?.player.rating ?? before.rating,
      },
    });
    return {
      ...base,
      rating: after
        ? { before: Math.round(before.rating), after: Math.round(after.player.rating) }
        : null,
      streak: input.streak ? streak : null,
      streakBefore: input.streak ? user.puzzleStreak : null,
    };
  });
}

/** A player's puzzle rating, streaks and last attempts, for the profile. */
export async function puzzleProfile(db: Db, who: { id: string } | { nameKey: string }) {
  const user = await db.user.findUniqueOrThrow({ where: who });
  const attempts = await db.puzzleAttempt.findMany({
    where: { userId: user.id },
    orderBy: { createdAt: "desc" },
    take: 30,
  });
  return {
    rating: Math.round(user.puzzleRating),
    deviation: Math.round(user.puzzleDeviation),
    streak: user.puzzleStreak,
    bestStreak: user.puzzleBestStreak,
    history: attempts.map((a) => ({
      puzzleId: a.puzzleId,
      solved: a.solved,
      bonus: a.bonus,
      rated: a.rated,
      change: Math.round(a.ratingAfter) - Math.round(a.ratingBefore),
      at: a.createdAt.toISOString(),
    })),
  };
}

/** A moderator hides a puzzle (a bad one reported): it is never served again. */
export async function hidePuzzle(
  db: Db,
  actorId: string,
  input: { id: string; hidden: boolean },
): Promise<void> {
  await db.$transaction(async (tx) => {
    const { count } = await tx.puzzle.updateMany({
      where: { id: input.id },
      data: { hidden: input.hidden },
    });
    if (count === 0) throw refuse("NOT_FOUND", "No such puzzle.", "NO_SUCH_PUZZLE");
    await audit(
      tx,
      actorId,
      "hide-puzzle",
      `${input.hidden ? "hid" : "showed"} puzzle ${input.id}`,
    );
  });
}
