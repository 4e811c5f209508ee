// Fair play: leaving or timing out of competitive hands is abandonment. Three within a day
// bring a matchmaking ban, longer each time (15 minutes, an hour, a day), which the player
// sees with its end. A ban's abandonments are spent: the next ban needs three new ones.

import type { Db } from "../db/client";
import type { Prisma } from "@/generated/prisma/client";

export const ABANDONMENTS_FOR_BAN = 3;
export const ABANDONMENT_WINDOW_MS = 24 * 60 * 60_000;
/** Bans given within this long raise the next one's length. */
export const ESCALATION_MEMORY_MS = 30 * 24 * 60 * 60_000;
export const BAN_STEPS_MINUTES = [15, 60, 24 * 60];

type Tx = Db | Prisma.TransactionClient;

/** Called after a competitive hand the player abandoned: bans them if it was one too many. */
export async function checkAbandonment(tx: Tx, userId: string, now = new Date()) {
  const bans = await tx.ban.findMany({
    where: {
      userId,
      kind: "ABANDONMENT",
      createdAt: { gt: new Date(+now - ESCALATION_MEMORY_MS) },
    },
    orderBy: { createdAt: "desc" },
    select: { createdAt: true },
  });
  const since = Math.max(+now - ABANDONMENT_WINDOW_MS, +(bans[0]?.createdAt ?? 0));
  const abandoned = await tx.matchSeat.count({
    where: {
      userId,
      abandoned: true,
      match: { kind: "COMPETITIVE", endedAt: { gt: new Date(since) } },
    },
  });
  if (abandoned < ABANDONMENTS_FOR_BAN) return null;
  const minutes = BAN_STEPS_MINUTES[Math.min(bans.length, BAN_STEPS_MINUTES.length - 1)]!;
  return tx.ban.create({
    data: {
      userId,
      kind: "ABANDONMENT",
      reason: `${abandoned} competitive hands abandoned within a day`,
      createdAt: now,
      endsAt: new Date(+now + minutes * 60_000),
    },
  });
}
