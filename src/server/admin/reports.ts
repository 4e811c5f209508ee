import { refuse } from "../refusals";
import type { Db } from "../db/client";
import type { SessionUser } from "../auth/session";
import { nameKey } from "@/protocol/accounts";

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
    throw refuse(
      "NOT_FOUND",
      `There is no player named "${input.name}".`,
      "NO_PLAYER_NAMED",
      input.name,
    );
  if (reported.id === reporter.id)
    throw refuse("BAD_REQUEST", "You cannot report yourself.", "CANNOT_REPORT_YOURSELF");
  const open = await db.report.findFirst({
    where: { reporterId: reporter.id, reportedId: reported.id, status: "OPEN" },
    select: { id: true },
  });
  if (open)
    throw refuse(
      "CONFLICT",
      `Your report about ${reported.name} is still open: the moderators will look at it.`,
      "REPORT_STILL_OPEN",
      reported.name,
    );
  if (input.matchId) {
    const seated = await db.matchSeat.count({
      where: { matchId: input.matchId, userId: { in: [reporter.id, reported.id] } },
    });
    if (seated < 2)
      throw refuse("BAD_REQUEST", "You did not both play in that match.", "NOT_BOTH_IN_MATCH");
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
