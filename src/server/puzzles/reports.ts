// Players report a wrong or unfair puzzle; moderators dismiss the report or
// disable the puzzle (never served again). Every moderator action is audited
// in the same transaction.

import { Limit } from "../limits";
import { Prisma } from "@/generated/prisma/client";
import type { PuzzleReportKind } from "@/generated/prisma/enums";
import { trySpend } from "../accounts/limits";
import { audit } from "../admin/audit";
import type { Db } from "../db/client";
import { refuse } from "../refusals";

/** Reports one player may file an hour, on different puzzles. */
export const PUZZLE_REPORTS_PER_HOUR = 10;
const reportsPerHour = new Limit({
  keyPrefix: "puzzle-report",
  points: PUZZLE_REPORTS_PER_HOUR,
  duration: 60 * 60,
});

/** One report per player and puzzle, a hidden puzzle included (it may still be on a screen). */
export async function reportPuzzle(
  db: Db,
  reporterId: string,
  input: { id: string; kind: PuzzleReportKind; reason: string },
): Promise<{ id: string }> {
  const puzzle = await db.puzzle.findUnique({ where: { id: input.id }, select: { id: true } });
  if (!puzzle) throw refuse("NOT_FOUND", "No such puzzle.", "NO_SUCH_PUZZLE");
  const filed = await db.puzzleReport.findUnique({
    where: { puzzleId_reporterId: { puzzleId: puzzle.id, reporterId } },
    select: { id: true },
  });
  if (filed) throw alreadyReported();
  if (!(await trySpend(reportsPerHour, reporterId)))
    throw refuse(
      "TOO_MANY_REQUESTS",
      `At most ${PUZZLE_REPORTS_PER_HOUR} puzzle reports an hour.`,
      "TOO_MANY_PUZZLE_REPORTS",
      PUZZLE_REPORTS_PER_HOUR,
    );
  try {
    return await db.puzzleReport.create({
      data: { puzzleId: puzzle.id, reporterId, kind: input.kind, reason: input.reason },
      select: { id: true },
    });
  } catch (error) {
    // Two reports sent at once: the unique index keeps one.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
      throw alreadyReported();
    throw error;
  }
}

const alreadyReported = () =>
  refuse("CONFLICT", "You have reported this puzzle already.", "PUZZLE_REPORTED_ALREADY");

/** Open reports (oldest first) or closed ones (newest first), with their puzzle's state. */
export function listPuzzleReports(db: Db, open: boolean) {
  return db.puzzleReport.findMany({
    where: open ? { status: "OPEN" } : { status: { not: "OPEN" } },
    orderBy: { createdAt: open ? "asc" : "desc" },
    take: 50,
    select: {
      id: true,
      kind: true,
      reason: true,
      status: true,
      createdAt: true,
      closedAt: true,
      reporter: { select: { name: true } },
      closedBy: { select: { name: true } },
      puzzle: {
        select: {
          id: true,
          rules: true,
          hidden: true,
          rating: true,
          _count: { select: { reports: true } },
        },
      },
    },
  });
}

/**
 * A moderator closes an open report: `dismiss` leaves the puzzle served;
 * `disable` hides it and closes every open report on it.
 */
export async function closePuzzleReport(
  db: Db,
  actorId: string,
  input: { reportId: string; action: "dismiss" | "disable" },
): Promise<void> {
  await db.$transaction(async (tx) => {
    const report = await tx.puzzleReport.findUnique({
      where: { id: input.reportId },
      select: { id: true, status: true, puzzleId: true },
    });
    if (!report || report.status !== "OPEN")
      throw refuse("NOT_FOUND", "No such open puzzle report.", "NO_SUCH_PUZZLE_REPORT");
    const closed = { closedById: actorId, closedAt: new Date() };
    if (input.action === "dismiss") {
      await tx.puzzleReport.update({
        where: { id: report.id },
        data: { status: "DISMISSED", ...closed },
      });
      await audit(
        tx,
        actorId,
        "dismiss-puzzle-report",
        `dismissed a report on puzzle ${report.puzzleId}`,
      );
      return;
    }
    await tx.puzzle.update({ where: { id: report.puzzleId }, data: { hidden: true } });
    const { count } = await tx.puzzleReport.updateMany({
      where: { puzzleId: report.puzzleId, status: "OPEN" },
      data: { status: "DISABLED", ...closed },
    });
    await audit(
      tx,
      actorId,
      "hide-puzzle",
      `disabled puzzle ${report.puzzleId} (${count} open report${count === 1 ? "" : "s"} closed)`,
    );
  });
}
