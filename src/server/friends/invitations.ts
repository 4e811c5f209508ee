// Invitations to a friendly game's lobby, sent by its creator to friends by name. Each waits in
// the database (an offline friend finds it when back) until answered or expired; whoever is
// concerned hears of each change at once, through `notifications`, on whichever node they are.

import { EventEmitter } from "node:events";
import { Limit } from "../limits";
import { siteBus } from "../site-bus";
import type { SessionUser } from "../auth/session";
import type { Db } from "../db/client";
import { lobbies } from "../games/lobby";
import { refuse } from "../refusals";
import { trySpend } from "../accounts/limits";
import { blockedBetween, eitherWay, otherPlayer } from "./friends";
import type { InvitationView, SentInvitation } from "@/protocol/friends";

/** How long an invitation waits for its answer. */
export const INVITATION_TTL_MS = 30 * 60_000;
/** Invitations one player may send an hour. */
export const INVITATIONS_PER_HOUR = 60;

let sent = new Limit({
  keyPrefix: "invitation",
  points: INVITATIONS_PER_HOUR,
  duration: 3600,
});

/** For tests: a fresh allowance. */
export function resetInvitationLimit(): void {
  sent = new Limit({
    keyPrefix: "invitation",
    points: INVITATIONS_PER_HOUR,
    duration: 3600,
  });
}

export type { InvitationView, SentInvitation };

// Next's bundle and the server's share one process: one emitter on globalThis for both.
const shared = globalThis as typeof globalThis & { machiaveloxInvitationListeners?: EventEmitter };
function listeners(): EventEmitter {
  if (!shared.machiaveloxInvitationListeners) {
    shared.machiaveloxInvitationListeners = new EventEmitter();
    shared.machiaveloxInvitationListeners.setMaxListeners(0);
  }
  return shared.machiaveloxInvitationListeners;
}

/** Calls `listener` whenever the player's invitations change (either side); returns the off switch. */
export function onInvitations(userId: string, listener: () => void): () => void {
  listeners().on(userId, listener);
  return () => listeners().off(userId, listener);
}

// The players concerned may be connected to any node of the site.
siteBus().handle("invitations", ({ userIds }) => {
  for (const id of userIds) listeners().emit(id);
});

function notify(...userIds: string[]) {
  siteBus().send("invitations", { userIds });
}

/** Invites friends, by name, to the waiting friendly game you created. */
export async function invite(
  db: Db,
  user: SessionUser,
  matchId: string,
  names: string[],
  now = new Date(),
): Promise<SentInvitation[]> {
  const match = await db.match.findUnique({
    where: { id: matchId },
    select: { creatorId: true, status: true, kind: true },
  });
  const friendly = match?.kind === "FRIENDLY_SINGLE" || match?.kind === "FRIENDLY_LONG";
  if (!match || !friendly || match.creatorId !== user.id)
    throw refuse("NOT_FOUND", "There is no such game.", "NO_SUCH_GAME");
  if (match.status !== "WAITING") throw refuse("CONFLICT", "The game has started.", "GAME_STARTED");
  for (const name of names) {
    const friend = await otherPlayer(db, user, name);
    const friends = await db.friendship.findFirst({
      where: { acceptedAt: { not: null }, ...eitherWay(user.id, friend.id) },
    });
    if (!friends || (await blockedBetween(db, user.id, friend.id)))
      throw refuse("FORBIDDEN", `${friend.name} is not your friend.`, "NOT_FRIENDS", friend.name);
    if (!(await trySpend(sent, user.id)))
      throw refuse(
        "TOO_MANY_REQUESTS",
        `At most ${INVITATIONS_PER_HOUR} invitations an hour.`,
        "TOO_MANY_INVITATIONS",
        INVITATIONS_PER_HOUR,
      );
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
    await db.invitation.upsert({
      where: { matchId_toId: { matchId, toId: friend.id } },
      create: { matchId, fromId: user.id, toId: friend.id, createdAt: now, expiresAt },
      update: { createdAt: now, expiresAt, answer: null, answeredAt: null },
    });
    notify(friend.id);
  }
  return sentInvitations(db, user, matchId, now);
}

/**
 * A rematch's opener invites the ended game's other players in the same click (no friendship
 * needed: they sat together); a block on either side leaves that player out.
 */
export async function inviteToRematch(
  db: Db,
  user: SessionUser,
  endedId: string,
  matchId: string,
  now = new Date(),
): Promise<void> {
  const [ended, rematch] = await Promise.all([
    db.matchSeat.findMany({ where: { matchId: endedId }, select: { userId: true } }),
    db.match.findUnique({ where: { id: matchId }, select: { creatorId: true } }),
  ]);
  if (rematch?.creatorId !== user.id) return;
  const others = ended.flatMap((seat) =>
    seat.userId && seat.userId !== user.id ? [seat.userId] : [],
  );
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  for (const toId of others) {
    if (await blockedBetween(db, user.id, toId)) continue;
    await db.invitation.createMany({
      data: [{ matchId, fromId: user.id, toId, createdAt: now, expiresAt }],
      skipDuplicates: true,
    });
    notify(toId);
  }
}

/** The invitations waiting for your answer, newest first. */
export async function pendingInvitations(
  db: Db,
  user: SessionUser,
  now = new Date(),
): Promise<InvitationView[]> {
  const rows = await db.invitation.findMany({
    where: { toId: user.id, answer: null, expiresAt: { gt: now }, match: { status: "WAITING" } },
    select: {
      id: true,
      matchId: true,
      expiresAt: true,
      from: { select: { name: true } },
      match: { select: { kind: true } },
    },
    orderBy: { createdAt: "desc" },
  });
  return rows.map((row) => ({
    id: row.id,
    matchId: row.matchId,
    from: row.from.name,
    kind: row.match.kind === "FRIENDLY_LONG" ? "long" : "single",
    expiresAt: row.expiresAt,
  }));
}

/** Whom you invited to your game, and their answers. */
export async function sentInvitations(
  db: Db,
  user: SessionUser,
  matchId: string,
  now = new Date(),
): Promise<SentInvitation[]> {
  const rows = await db.invitation.findMany({
    where: { matchId, fromId: user.id },
    select: { answer: true, expiresAt: true, to: { select: { name: true } } },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((row) => ({
    to: row.to.name,
    answer: row.answer,
    expired: row.answer === null && row.expiresAt <= now,
  }));
}

async function answerable(db: Db, user: SessionUser, id: string, now: Date) {
  const row = await db.invitation.findUnique({
    where: { id },
    select: {
      toId: true,
      fromId: true,
      answer: true,
      expiresAt: true,
      matchId: true,
      match: { select: { inviteCode: true } },
    },
  });
  if (!row || row.toId !== user.id || row.answer !== null)
    throw refuse("NOT_FOUND", "There is no such invitation.", "NO_SUCH_INVITATION");
  if (row.expiresAt <= now)
    throw refuse("CONFLICT", "This invitation has expired.", "INVITATION_EXPIRED");
  return row;
}

/** Takes the seat you were invited to: you join the game's lobby. */
export async function acceptInvitation(
  db: Db,
  user: SessionUser,
  id: string,
  now = new Date(),
): Promise<{ matchId: string }> {
  const row = await answerable(db, user, id, now);
  if (!row.match.inviteCode) throw refuse("NOT_FOUND", "There is no such game.", "NO_SUCH_GAME");
  const joined = await lobbies(db).join(user, row.match.inviteCode);
  await db.invitation.update({ where: { id }, data: { answer: "ACCEPTED", answeredAt: now } });
  notify(user.id, row.fromId);
  return joined;
}

export async function declineInvitation(
  db: Db,
  user: SessionUser,
  id: string,
  now = new Date(),
): Promise<void> {
  const row = await answerable(db, user, id, now);
  await db.invitation.update({ where: { id }, data: { answer: "DECLINED", answeredAt: now } });
  notify(user.id, row.fromId);
}
