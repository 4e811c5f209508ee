import type { Db } from "../db/client";
import type { BanKind } from "@/generated/prisma/enums";
import type { ActiveBan } from "@/protocol/refusals";

/** A ban still in force at `now`: not lifted, and with no end or an end still to come. */
export function inForce(now: Date) {
  return { liftedAt: null, OR: [{ endsAt: null }, { endsAt: { gt: now } }] };
}

/** The ban of one of `kinds` in force that ends last (a ban with no end first), or null. */
export async function activeBan(
  db: Db,
  userId: string,
  kinds: BanKind[],
  now = new Date(),
): Promise<ActiveBan | null> {
  const bans = await db.ban.findMany({
    where: { userId, kind: { in: kinds }, ...inForce(now) },
    select: { kind: true, reason: true, endsAt: true },
  });
  if (bans.length === 0) return null;
  return bans.reduce((last, ban) =>
    last.endsAt === null || (ban.endsAt !== null && ban.endsAt <= last.endsAt) ? last : ban,
  );
}

/** "until 2026-12-01 18:30 UTC" or "with no end date": the same words everywhere. */
export function banEnd(endsAt: Date | null): string {
  if (!endsAt) return "with no end date";
  return `until ${endsAt.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** What a banned player reads when refused. */
export function banMessage(ban: ActiveBan): string {
  const what =
    ban.kind === "MODERATOR" ? "Your account is banned" : "You are banned from matchmaking";
  return `${what} ${banEnd(ban.endsAt)}: ${ban.reason}`;
}
