// Friends: requests and friendships (one row per pair, whoever asked), blocks, and each player's
// settings. A block on either side stops requests and invitations and keeps the pair apart in
// the agora; whoever is blocked is told only that the player takes no request from them.

import { Limit } from "../limits";
import type { FriendRequestsFrom } from "@/generated/prisma/enums";
import type { SessionUser } from "../auth/session";
import type { Db } from "../db/client";
import { connections } from "../connections";
import { refuse } from "../refusals";
import { trySpend } from "../accounts/limits";
import { pairOf } from "../agora/queue";

/** Friend requests one player may send an hour: nobody can flood others with them. */
export const REQUESTS_PER_HOUR = 20;
let requests = requestLimiter(REQUESTS_PER_HOUR);

function requestLimiter(perHour: number) {
  return new Limit({ keyPrefix: "friend-request", points: perHour, duration: 3600 });
}

/** For tests: a fresh allowance of `perHour`. */
export function limitFriendRequests(perHour: number): void {
  requests = requestLimiter(perHour);
}

export type FriendState = "none" | "friends" | "asked" | "asking" | "blocked";

/** The player named `name`, never yourself; a deleted account is no one. */
export async function otherPlayer(db: Db, user: SessionUser, name: string) {
  const other = await db.user.findFirst({
    where: { nameKey: name.trim().toLowerCase(), deletedAt: null },
    select: { id: true, name: true, friendRequestsFrom: true },
  });
  if (!other)
    throw refuse("NOT_FOUND", `There is no player named "${name}".`, "NO_PLAYER_NAMED", name);
  if (other.id === user.id)
    throw refuse("BAD_REQUEST", "You cannot do this to yourself.", "NOT_TO_YOURSELF");
  return other;
}

/** Whether either of the two players blocks the other. */
export async function blockedBetween(db: Db, a: string, b: string): Promise<boolean> {
  const block = await db.block.findFirst({
    where: {
      OR: [
        { blockerId: a, blockedId: b },
        { blockerId: b, blockedId: a },
      ],
    },
    select: { blockerId: true },
  });
  return block !== null;
}

/** The pairs among `userIds` kept apart by a block, keyed as the matcher keys them. */
export async function blockedPairs(db: Db, userIds: string[]): Promise<Set<string>> {
  if (userIds.length < 2) return new Set();
  const blocks = await db.block.findMany({
    where: { blockerId: { in: userIds }, blockedId: { in: userIds } },
    select: { blockerId: true, blockedId: true },
  });
  return new Set(
    blocks.map((block) => pairOf({ userId: block.blockerId }, { userId: block.blockedId })),
  );
}

/** The friendship row of the pair, whoever asked. */
export function eitherWay(a: string, b: string) {
  return {
    OR: [
      { requesterId: a, addresseeId: b },
      { requesterId: b, addresseeId: a },
    ],
  };
}

function friendshipBetween(db: Db, a: string, b: string) {
  return db.friendship.findFirst({ where: eitherWay(a, b) });
}

/** Where you stand with the player `otherId`. */
export async function friendState(db: Db, userId: string, otherId: string): Promise<FriendState> {
  const [block, friendship] = await Promise.all([
    db.block.findUnique({
      where: { blockerId_blockedId: { blockerId: userId, blockedId: otherId } },
    }),
    friendshipBetween(db, userId, otherId),
  ]);
  if (block) return "blocked";
  if (!friendship) return "none";
  if (friendship.acceptedAt) return "friends";
  return friendship.requesterId === userId ? "asked" : "asking";
}

async function sharedTable(db: Db, a: string, b: string): Promise<boolean> {
  const seat = await db.matchSeat.findFirst({
    where: { userId: a, match: { seats: { some: { userId: b } } } },
    select: { matchId: true },
  });
  return seat !== null;
}

async function takesRequestsFrom(
  db: Db,
  setting: FriendRequestsFrom,
  userId: string,
  otherId: string,
): Promise<boolean> {
  if (setting === "NOBODY") return false;
  if (setting === "PLAYED_WITH") return sharedTable(db, userId, otherId);
  return true;
}

/**
 * Asks `name` to be friends. A request they had sent you is accepted instead; asking again
 * changes nothing.
 */
export async function requestFriend(db: Db, user: SessionUser, name: string): Promise<FriendState> {
  const other = await otherPlayer(db, user, name);
  const held = await friendshipBetween(db, user.id, other.id);
  if (held?.acceptedAt) return "friends";
  if (held?.requesterId === user.id) return "asked";
  if (held) return acceptFriend(db, user, other.name);
  if (
    (await blockedBetween(db, user.id, other.id)) ||
    !(await takesRequestsFrom(db, other.friendRequestsFrom, user.id, other.id))
  )
    throw refuse(
      "FORBIDDEN",
      `${other.name} does not take friend requests from you.`,
      "NO_FRIEND_REQUESTS",
      other.name,
    );
  if (!(await trySpend(requests, user.id)))
    throw refuse(
      "TOO_MANY_REQUESTS",
      `At most ${REQUESTS_PER_HOUR} friend requests an hour.`,
      "TOO_MANY_FRIEND_REQUESTS",
      REQUESTS_PER_HOUR,
    );
  await db.friendship.createMany({
    data: [{ requesterId: user.id, addresseeId: other.id }],
    skipDuplicates: true,
  });
  return "asked";
}

const noRequest = (name: string) =>
  refuse("NOT_FOUND", `${name} has not asked you to be friends.`, "NO_FRIEND_REQUEST", name);

/** Accepts the request `name` sent you. */
export async function acceptFriend(db: Db, user: SessionUser, name: string): Promise<FriendState> {
  const other = await otherPlayer(db, user, name);
  const { count } = await db.friendship.updateMany({
    where: { requesterId: other.id, addresseeId: user.id, acceptedAt: null },
    data: { acceptedAt: new Date() },
  });
  if (count === 0) throw noRequest(other.name);
  return "friends";
}

/** Declines the request `name` sent you. */
export async function declineFriend(db: Db, user: SessionUser, name: string): Promise<FriendState> {
  const other = await otherPlayer(db, user, name);
  const { count } = await db.friendship.deleteMany({
    where: { requesterId: other.id, addresseeId: user.id, acceptedAt: null },
  });
  if (count === 0) throw noRequest(other.name);
  return "none";
}

/** Ends a friendship, or withdraws your request; harmless when there is neither. */
export async function removeFriend(db: Db, user: SessionUser, name: string): Promise<FriendState> {
  const other = await otherPlayer(db, user, name);
  await unfriend(db, user.id, other.id);
  return "none";
}

function unfriend(db: Db, a: string, b: string) {
  return db.friendship.deleteMany({ where: eitherWay(a, b) });
}

/** Blocks `name`: any friendship or request between you ends, their invitations to you too. */
export async function blockPlayer(db: Db, user: SessionUser, name: string): Promise<FriendState> {
  const other = await otherPlayer(db, user, name);
  await db.$transaction([
    db.block.createMany({
      data: [{ blockerId: user.id, blockedId: other.id }],
      skipDuplicates: true,
    }),
    unfriend(db, user.id, other.id),
    db.invitation.deleteMany({
      where: {
        answer: null,
        OR: [
          { fromId: user.id, toId: other.id },
          { fromId: other.id, toId: user.id },
        ],
      },
    }),
  ]);
  return "blocked";
}

export async function unblockPlayer(db: Db, user: SessionUser, name: string): Promise<FriendState> {
  const other = await otherPlayer(db, user, name);
  await db.block.deleteMany({ where: { blockerId: user.id, blockedId: other.id } });
  return "none";
}

export type FriendSettings = { requestsFrom: FriendRequestsFrom; showOnline: boolean };

export async function friendSettings(db: Db, user: SessionUser): Promise<FriendSettings> {
  const row = await db.user.findUniqueOrThrow({
    where: { id: user.id },
    select: { friendRequestsFrom: true, showOnline: true },
  });
  return { requestsFrom: row.friendRequestsFrom, showOnline: row.showOnline };
}

export async function setFriendSettings(
  db: Db,
  user: SessionUser,
  settings: Partial<FriendSettings>,
): Promise<FriendSettings> {
  const row = await db.user.update({
    where: { id: user.id },
    data: { friendRequestsFrom: settings.requestsFrom, showOnline: settings.showOnline },
    select: { friendRequestsFrom: true, showOnline: true },
  });
  return { requestsFrom: row.friendRequestsFrom, showOnline: row.showOnline };
}

export type FriendEntry = {
  name: string;
  /** Null when the friend keeps their online status to themselves. */
  online: boolean | null;
  /** The table they play at now, which anyone may watch. */
  playing: { matchId: string } | null;
};

export type FriendsList = {
  friends: FriendEntry[];
  /** Requests waiting for your answer, and yours waiting for theirs. */
  incoming: string[];
  outgoing: string[];
  blocked: string[];
};

const person = { select: { id: true, name: true, showOnline: true, deletedAt: true } } as const;

/** Your friends (online first, then by name), requests both ways, and whom you block. */
export async function listFriends(db: Db, user: SessionUser): Promise<FriendsList> {
  const [rows, blocks] = await Promise.all([
    db.friendship.findMany({
      where: { OR: [{ requesterId: user.id }, { addresseeId: user.id }] },
      select: { requesterId: true, acceptedAt: true, requester: person, addressee: person },
    }),
    db.block.findMany({
      where: { blockerId: user.id },
      select: { blocked: { select: { name: true } } },
      orderBy: { createdAt: "asc" },
    }),
  ]);
  const other = (row: (typeof rows)[number]) =>
    row.requesterId === user.id ? row.addressee : row.requester;
  const friends = rows.filter((row) => row.acceptedAt).map(other);
  const tables = await db.matchSeat.findMany({
    where: {
      userId: { in: friends.map((friend) => friend.id) },
      match: { status: "PLAYING", kind: { not: "PRACTICE" } },
    },
    select: { userId: true, matchId: true },
  });
  const connected = await connections().online(
    friends.filter((friend) => friend.showOnline).map((friend) => friend.id),
  );
  const online = (friend: (typeof friends)[number]) =>
    friend.showOnline ? connected.has(friend.id) : null;
  const entries = friends
    .filter((friend) => !friend.deletedAt)
    .map((friend) => {
      const table = tables.find((seat) => seat.userId === friend.id);
      return {
        name: friend.name,
        online: online(friend),
        playing: table ? { matchId: table.matchId } : null,
      };
    })
    .sort(
      (a, b) => Number(b.online === true) - Number(a.online === true) || byName(a.name, b.name),
    );
  const pending = (mine: boolean) =>
    rows
      .filter((row) => !row.acceptedAt && (row.requesterId === user.id) === mine)
      .map((row) => other(row).name)
      .sort(byName);
  return {
    friends: entries,
    incoming: pending(false),
    outgoing: pending(true),
    blocked: blocks.map((block) => block.blocked.name),
  };
}

const byName = (a: string, b: string) => a.localeCompare(b);
