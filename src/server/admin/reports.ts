import { TRPCError } from "@trpc/server";
import type { Db } from "../db/client";
import type { SessionUser } from "../auth/session";
import { nameKey } from "../accounts/validation";

/** A player reports another to the moderators; one open report per pair at a time. */
export async function fileReport(
  db: Db,
  reporter: SessionUser,
  input: { name: string; reason: string; matchId?: string },
) {
  const reported = await db.user.findUnique({
    where: { nameKey: nameKey(input.name) },
    select: { id: true, name: true },
  });
  if (!reported)
    throw new TRPCError({
      code: "NOT_FOUND",
      message: `There is no player named "${input.name}".`,
    });
  if (reported.id === reporter.id)
    throw new TRPCError({ code: "BAD_REQUEST", message: "You cannot report yourself." });
  const open = await db.report.findFirst({
    where: { reporterId: reporter.id, reportedId: reported.id, status: "OPEN" },
    select: { id: true },
  });
  if (open)
    throw new TRPCError({
      code: "CONFLICT",
      message: `Your report about ${reported.name} is still open: the moderators will look at it.`,
    });
  if (input.matchId) {
    const seated = await db.matchSeat.count({
      where: { matchId: input.matchId, userId: { in: [reporter.id, reported.id] } },
    });
    if (seated < 2)
      throw new TRPCError({ code: "BAD_REQUEST", message: "You did not both play in that match." });
  }
  return db.report.create({
    data: {
      reporterId: reporter.id,
      reportedId: reported.id,
      reason: input.reason,
      matchId: input.matchId,
    },
    select: { id: true },
  });
}
