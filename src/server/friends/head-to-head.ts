// Head-to-head: how two players stand in the games they sat at together, from stored results
// only. Totals are kept per game (Machiavelox points, higher is better; classic penalty
// points, lower is better) and per kind (friendly, ranked), never summed across them. Friendly
// games are private (§13): only a player of the pair (or a moderator) may ask.

import type { Db } from "../db/client";
import type { SessionUser } from "../auth/session";
import { hasRole } from "../accounts/roles";
import { refuse } from "../refusals";
import { otherPlayer } from "./friends";

export type Side = "first" | "second";

export type Totals = {
  rules: string;
  kind: "friendly" | "ranked";
  /** Games ended, and those each of the two won. */
  games: number;
  won: Record<Side, number>;
  handsWon: Record<Side, number>;
  /** Points over every hand of these games, long games still in progress included. */
  points: Record<Side, number>;
  /** The run of ended games the same one of the two has won, newest first (null: none). */
  streak: { who: Side; games: number } | null;
};

export type SharedLongGame = {
  matchId: string;
  date: Date;
  rules: string;
  kind: "friendly" | "ranked";
  inProgress: boolean;
  points: Record<Side, number>;
  /** Who won it, among everyone at the table (null while in progress). */
  winner: string | null;
};

export type HeadToHead = {
  first: string;
  second: string;
  totals: Totals[];
  longGames: SharedLongGame[];
};

/** The games of `firstId` and `secondId` together, as totals and long games. */
export async function headToHeadOf(
  db: Db,
  first: { id: string; name: string },
  second: { id: string; name: string },
): Promise<HeadToHead> {
  const matches = await db.match.findMany({
    where: {
      kind: { not: "PRACTICE" },
      status: { in: ["PLAYING", "ENDED"] },
      AND: [{ seats: { some: { userId: first.id } } }, { seats: { some: { userId: second.id } } }],
    },
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      kind: true,
      rules: true,
      status: true,
      createdAt: true,
      endedAt: true,
      seats: { select: { seat: true, userId: true, won: true, user: { select: { name: true } } } },
      hands: { select: { scores: true, winner: true } },
    },
  });
  const totals = new Map<string, Totals>();
  const longGames: SharedLongGame[] = [];
  for (const match of matches) {
    const kind = match.kind === "COMPETITIVE" ? "ranked" : "friendly";
    const seatOf = (id: string) => match.seats.find((seat) => seat.userId === id)!;
    const seats = { first: seatOf(first.id), second: seatOf(second.id) };
    const points = { first: 0, second: 0 };
    const handsWon = { first: 0, second: 0 };
    for (const hand of match.hands)
      for (const side of ["first", "second"] as const) {
        points[side] += hand.scores[seats[side].seat] ?? 0;
        if (hand.winner === seats[side].seat) handsWon[side]++;
      }
    const key = `${match.rules} ${kind}`;
    const sum = totals.get(key) ?? {
      rules: match.rules,
      kind,
      games: 0,
      won: { first: 0, second: 0 },
      handsWon: { first: 0, second: 0 },
      points: { first: 0, second: 0 },
      streak: null,
    };
    totals.set(key, sum);
    for (const side of ["first", "second"] as const) {
      sum.handsWon[side] += handsWon[side];
      sum.points[side] += points[side];
    }
    const ended = match.status === "ENDED";
    if (ended) {
      sum.games++;
      const winner = seats.first.won ? "first" : seats.second.won ? "second" : null;
      if (winner) sum.won[winner]++;
      // Newest first: the streak grows while the same one keeps winning.
      if (sum.games === 1) sum.streak = winner ? { who: winner, games: 1 } : null;
      else if (sum.streak && sum.streak.games === sum.games - 1 && sum.streak.who === winner)
        sum.streak.games++;
    }
    if (match.kind === "FRIENDLY_LONG")
      longGames.push({
        matchId: match.id,
        date: match.endedAt ?? match.createdAt,
        rules: match.rules,
        kind,
        inProgress: !ended,
        points,
        winner: ended ? (match.seats.find((seat) => seat.won)?.user?.name ?? null) : null,
      });
  }
  return { first: first.name, second: second.name, totals: [...totals.values()], longGames };
}

/**
 * You against `name`; a moderator may ask for any pair by naming `of` as the first.
 * Everyone else sees only games they played.
 */
export async function headToHead(
  db: Db,
  user: SessionUser,
  name: string,
  of?: string,
): Promise<HeadToHead> {
  let first: { id: string; name: string } = user;
  if (of !== undefined && of.trim().toLowerCase() !== user.name.toLowerCase()) {
    if (!hasRole(user.role, "MODERATOR"))
      throw refuse("FORBIDDEN", "Only a moderator may do this.", "ROLE_REQUIRED", "MODERATOR");
    first = await otherPlayer(db, user, of);
  }
  const second = await otherPlayer(db, user, name);
  if (second.id === first.id)
    throw refuse("BAD_REQUEST", "You cannot do this to yourself.", "NOT_TO_YOURSELF");
  return headToHeadOf(db, first, second);
}

/** Your friends, each with your totals against them (your own profile's table). */
export async function friendsTable(
  db: Db,
  user: SessionUser,
): Promise<{ name: string; totals: Totals[] }[]> {
  const rows = await db.friendship.findMany({
    where: {
      acceptedAt: { not: null },
      OR: [{ requesterId: user.id }, { addresseeId: user.id }],
    },
    select: {
      requesterId: true,
      requester: { select: { id: true, name: true, deletedAt: true } },
      addressee: { select: { id: true, name: true, deletedAt: true } },
    },
  });
  const friends = rows
    .map((row) => (row.requesterId === user.id ? row.addressee : row.requester))
    .filter((friend) => !friend.deletedAt)
    .sort((a, b) => a.name.localeCompare(b.name));
  return Promise.all(
    friends.map(async (friend) => ({
      name: friend.name,
      totals: (await headToHeadOf(db, user, friend)).totals,
    })),
  );
}
