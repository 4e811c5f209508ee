// The moderators' tools. Every function takes the acting moderator and records what it did in
// the audit log, in the same transaction; the router checks the role before any of it runs.

import { refuse } from "../refusals";
import type { Db } from "../db/client";
import { hasRole, type Role } from "../accounts/roles";
import { userChanged, type SessionUser } from "../auth/session";
import { audit } from "./audit";
import { banEnd, inForce } from "./bans";

const PAGE = 50;

/** Players whose name contains `query` (any case), with their bans in force. */
export async function searchUsers(db: Db, query: string) {
  const now = new Date();
  const users = await db.user.findMany({
    where: query ? { name: { contains: query, mode: "insensitive" } } : {},
    orderBy: { name: "asc" },
    take: PAGE,
    select: {
      id: true,
      name: true,
      role: true,
      createdAt: true,
      rankingPoints: true,
      bans: {
        where: inForce(now),
        select: { id: true, kind: true, reason: true, endsAt: true },
        orderBy: { createdAt: "desc" },
      },
    },
  });
  return users;
}

/** Only someone of a higher rank may act on a player: moderators on players, admins on both. */
async function target(db: Db, actor: SessionUser, userId: string) {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { id: true, name: true, role: true },
  });
  if (!user) throw refuse("NOT_FOUND", "There is no such player.", "NO_SUCH_PLAYER");
  if (user.id === actor.id)
    throw refuse("FORBIDDEN", "You cannot do this to yourself.", "NOT_TO_YOURSELF");
  checkRank(actor, user);
  return user;
}

/** "a moderator", "an admin". */
const roleName = (role: Role) => `${role === "ADMIN" ? "an" : "a"} ${role.toLowerCase()}`;

function checkRank(actor: SessionUser, user: { role: Role }) {
  if (hasRole(user.role, actor.role))
    throw refuse(
      "FORBIDDEN",
      `${roleName(actor.role).replace("a", "A")} cannot act on ${roleName(user.role)}.`,
      "OUTRANKED",
      actor.role,
      user.role,
    );
}

/** Bans a player from signing in and from the agora; `minutes` null means until lifted. */
export async function banUser(
  db: Db,
  actor: SessionUser,
  input: { userId: string; reason: string; minutes: number | null },
) {
  const user = await target(db, actor, input.userId);
  const endsAt = input.minutes === null ? null : new Date(Date.now() + input.minutes * 60_000);
  const ban = await db.$transaction(async (tx) => {
    const ban = await tx.ban.create({
      data: { userId: user.id, kind: "MODERATOR", reason: input.reason, endsAt, byId: actor.id },
    });
    await audit(tx, actor.id, "ban", `banned ${user.name} ${banEnd(endsAt)}: ${input.reason}`, {
      targetId: user.id,
    });
    return ban;
  });
  // Signed out at once: their open WebSockets close, and no call of theirs counts any more.
  userChanged(user.id, { disconnect: true });
  return ban;
}

/** Lifts every ban in force on a player, a moderator's or an automatic one. */
export async function unbanUser(
  db: Db,
  actor: SessionUser,
  input: { userId: string; reason: string },
) {
  const user = await target(db, actor, input.userId);
  const lifted = await db.$transaction(async (tx) => {
    const lifted = await tx.ban.updateMany({
      where: { userId: user.id, ...inForce(new Date()) },
      data: { liftedAt: new Date() },
    });
    if (lifted.count === 0)
      throw refuse("CONFLICT", `${user.name} has no ban in force.`, "NO_BAN_IN_FORCE", user.name);
    await audit(tx, actor.id, "unban", `lifted the bans of ${user.name}: ${input.reason}`, {
      targetId: user.id,
    });
    return { lifted: lifted.count };
  });
  userChanged(user.id);
  return lifted;
}

/** Admins only (the router checks): makes a player a moderator, or back. */
export async function setRole(db: Db, actor: SessionUser, input: { userId: string; role: Role }) {
  const user = await db.user.findUnique({
    where: { id: input.userId },
    select: { id: true, name: true, role: true },
  });
  if (!user) throw refuse("NOT_FOUND", "There is no such player.", "NO_SUCH_PLAYER");
  if (user.id === actor.id)
    throw refuse("FORBIDDEN", "You cannot change your own role.", "NOT_YOUR_OWN_ROLE");
  // As for bans: an admin changes the role of players and moderators, never another admin's.
  checkRank(actor, user);
  if (user.role === input.role)
    throw refuse(
      "CONFLICT",
      `${user.name} is already a ${input.role.toLowerCase()}.`,
      "ALREADY_HAS_ROLE",
      user.name,
      input.role,
    );
  const changed = await db.$transaction(async (tx) => {
    // Only from the role checked above: a promotion meanwhile is not undone unseen.
    const changed = await tx.user.updateMany({
      where: { id: user.id, role: user.role },
      data: { role: input.role },
    });
    if (changed.count === 0)
      throw refuse(
        "CONFLICT",
        `${user.name}'s role changed meanwhile: look again.`,
        "ROLE_CHANGED_MEANWHILE",
        user.name,
      );
    await audit(
      tx,
      actor.id,
      "role",
      `${user.name}: ${user.role.toLowerCase()} → ${input.role.toLowerCase()}`,
      {
        targetId: user.id,
      },
    );
    return { name: user.name, role: input.role };
  });
  // Their open WebSockets keep their sessions but lose (or gain) the role on their next call.
  userChanged(user.id);
  return changed;
}

const matchSelect = {
  id: true,
  kind: true,
  status: true,
  createdAt: true,
  startedAt: true,
  endedAt: true,
  endedReason: true,
  seats: {
    select: { seat: true, bot: true, points: true, user: { select: { name: true } } },
    orderBy: { seat: "asc" },
  },
} as const;

/** Live matches (waiting or playing), or the last ended ones, newest first. */
export function listMatches(db: Db, live: boolean) {
  return db.match.findMany({
    where: { status: live ? { in: ["WAITING", "PLAYING"] } : "ENDED" },
    orderBy: { createdAt: "desc" },
    take: PAGE,
    select: matchSelect,
  });
}

export async function matchDetail(db: Db, matchId: string) {
  const match = await db.match.findUnique({
    where: { id: matchId },
    select: {
      ...matchSelect,
      hands: { orderBy: { number: "asc" } },
      _count: { select: { events: true } },
    },
  });
  if (!match) throw refuse("NOT_FOUND", "There is no such match.", "NO_SUCH_MATCH");
  return match;
}

/** Records a moderator's ending of a live match; `end` stops it on the live server. */
export async function endMatch(
  db: Db,
  actor: SessionUser,
  input: { matchId: string; reason: string },
  end: (matchId: string, reason: string) => Promise<void>,
) {
  const match = await db.match.findUnique({
    where: { id: input.matchId },
    select: { status: true },
  });
  if (!match) throw refuse("NOT_FOUND", "There is no such match.", "NO_SUCH_MATCH");
  if (match.status === "ENDED")
    throw refuse("CONFLICT", "This match has already ended.", "MATCH_ALREADY_ENDED");
  await end(input.matchId, input.reason);
  await audit(db, actor.id, "end-match", `ended match ${input.matchId}: ${input.reason}`, {
    matchId: input.matchId,
  });
}

export function listReports(db: Db, open: boolean) {
  return db.report.findMany({
    where: { status: open ? "OPEN" : "RESOLVED" },
    orderBy: { createdAt: open ? "asc" : "desc" },
    take: PAGE,
    select: {
      id: true,
      reason: true,
      matchId: true,
      createdAt: true,
      resolvedAt: true,
      resolution: true,
      reporter: { select: { name: true } },
      reported: { select: { id: true, name: true } },
      resolvedBy: { select: { name: true } },
    },
  });
}

export async function resolveReport(
  db: Db,
  actor: SessionUser,
  input: { reportId: string; resolution: string },
) {
  return db.$transaction(async (tx) => {
    const resolved = await tx.report.updateMany({
      where: { id: input.reportId, status: "OPEN" },
      data: {
        status: "RESOLVED",
        resolvedAt: new Date(),
        resolvedById: actor.id,
        resolution: input.resolution,
      },
    });
    if (resolved.count === 0)
      throw refuse("CONFLICT", "This report is not open.", "REPORT_NOT_OPEN");
    await audit(tx, actor.id, "resolve-report", input.resolution, { reportId: input.reportId });
    return { ok: true };
  });
}

export function auditLog(db: Db) {
  return db.auditEntry.findMany({
    orderBy: { createdAt: "desc" },
    take: PAGE * 2,
    select: {
      id: true,
      action: true,
      detail: true,
      createdAt: true,
      matchId: true,
      reportId: true,
      actor: { select: { name: true } },
      target: { select: { name: true } },
    },
  });
}
