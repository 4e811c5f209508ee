import { describe, expect, it } from "vitest";
import { Agora } from "@/server/agora/agora";
import { formGroups } from "@/server/agora/queue";
import {
  acceptFriend,
  blockPlayer,
  declineFriend,
  friendState,
  limitFriendRequests,
  listFriends,
  removeFriend,
  REQUESTS_PER_HOUR,
  requestFriend,
  setFriendSettings,
  unblockPlayer,
} from "@/server/friends/friends";
import {
  acceptInvitation,
  declineInvitation,
  invite,
  INVITATION_TTL_MS,
  inviteToRematch,
  onInvitations,
  pendingInvitations,
  sentInvitations,
} from "@/server/friends/invitations";
import { lobbies } from "@/server/games/lobby";
import { testDb } from "../db/helpers";
import { player, refusalOf, withLiveMatches } from "./helpers";

const db = testDb();
withLiveMatches(db);

async function friends() {
  const [a, b] = [await player(db), await player(db)];
  await requestFriend(db, a, b.name);
  await acceptFriend(db, b, a.name);
  return [a, b] as const;
}

describe("friend requests", () => {
  it("a request waits for its answer; accepting makes both friends", async () => {
    const [a, b] = [await player(db), await player(db)];
    expect(await requestFriend(db, a, b.name)).toBe("asked");
    expect(await requestFriend(db, a, b.name)).toBe("asked"); // asking again changes nothing
    expect(await friendState(db, b.id, a.id)).toBe("asking");
    expect((await listFriends(db, b)).incoming).toEqual([a.name]);
    expect((await listFriends(db, a)).outgoing).toEqual([b.name]);
    await acceptFriend(db, b, a.name);
    expect((await listFriends(db, a)).friends.map((one) => one.name)).toEqual([b.name]);
    expect((await listFriends(db, b)).friends.map((one) => one.name)).toEqual([a.name]);
  });

  it("asking someone who asked you accepts their request", async () => {
    const [a, b] = [await player(db), await player(db)];
    await requestFriend(db, a, b.name);
    expect(await requestFriend(db, b, a.name)).toBe("friends");
    expect(await friendState(db, a.id, b.id)).toBe("friends");
  });

  it("declining drops the request; removing ends a friendship; only a sent request is answered", async () => {
    const [a, b] = [await player(db), await player(db)];
    await requestFriend(db, a, b.name);
    expect(await refusalOf(acceptFriend(db, a, b.name))).toBe("NO_FRIEND_REQUEST");
    await declineFriend(db, b, a.name);
    expect(await friendState(db, a.id, b.id)).toBe("none");
    const [c, d] = await friends();
    await removeFriend(db, d, c.name);
    expect(await friendState(db, c.id, d.id)).toBe("none");
  });

  it("nobody befriends themselves, nor a player who does not exist", async () => {
    const a = await player(db);
    expect(await refusalOf(requestFriend(db, a, a.name))).toBe("NOT_TO_YOURSELF");
    expect(await refusalOf(requestFriend(db, a, "nobody_at_all_here"))).toBe("NO_PLAYER_NAMED");
  });

  it("the setting 'nobody' refuses requests; 'played with' needs a table shared", async () => {
    const [a, b, c] = [await player(db), await player(db), await player(db)];
    await setFriendSettings(db, b, { requestsFrom: "NOBODY" });
    expect(await refusalOf(requestFriend(db, a, b.name))).toBe("NO_FRIEND_REQUESTS");
    await setFriendSettings(db, b, { requestsFrom: "PLAYED_WITH" });
    expect(await refusalOf(requestFriend(db, a, b.name))).toBe("NO_FRIEND_REQUESTS");
    const { code } = await lobbies(db).create(b, "single", false);
    await lobbies(db).join(c, code);
    expect(await refusalOf(requestFriend(db, a, b.name))).toBe("NO_FRIEND_REQUESTS");
    // a lobby is not a table: a seat is
    const { matchId } = await lobbies(db).create(b, "single", true);
    await db.matchSeat.create({ data: { matchId, seat: 1, userId: a.id } });
    expect(await requestFriend(db, a, b.name)).toBe("asked");
  });

  it("a player sends at most so many requests an hour", async () => {
    limitFriendRequests(2);
    try {
      const a = await player(db);
      const others = [await player(db), await player(db), await player(db)];
      await requestFriend(db, a, others[0]!.name);
      await requestFriend(db, a, others[1]!.name);
      expect(await refusalOf(requestFriend(db, a, others[2]!.name))).toBe(
        "TOO_MANY_FRIEND_REQUESTS",
      );
    } finally {
      limitFriendRequests(REQUESTS_PER_HOUR);
    }
  });

  it("a friend who hides their online status is shown neither online nor offline", async () => {
    const [a, b] = await friends();
    expect((await listFriends(db, a)).friends[0]!.online).toBe(false);
    await setFriendSettings(db, b, { showOnline: false });
    expect((await listFriends(db, a)).friends[0]!.online).toBeNull();
  });
});

describe("blocks", () => {
  it("a blocked player cannot send a request, nor be sent one by their blocker", async () => {
    const [a, b] = [await player(db), await player(db)];
    await blockPlayer(db, b, a.name);
    expect(await refusalOf(requestFriend(db, a, b.name))).toBe("NO_FRIEND_REQUESTS");
    expect(await refusalOf(requestFriend(db, b, a.name))).toBe("NO_FRIEND_REQUESTS");
    expect((await listFriends(db, b)).blocked).toEqual([a.name]);
    await unblockPlayer(db, b, a.name);
    expect(await requestFriend(db, a, b.name)).toBe("asked");
  });

  it("blocking a friend ends the friendship and their invitations", async () => {
    const [a, b] = await friends();
    const { matchId } = await lobbies(db).create(a, "single", false);
    await invite(db, a, matchId, [b.name]);
    await blockPlayer(db, b, a.name);
    expect(await friendState(db, a.id, b.id)).toBe("none");
    expect(await pendingInvitations(db, b)).toEqual([]);
    expect(await refusalOf(invite(db, a, matchId, [b.name]))).toBe("NOT_FRIENDS");
  });

  it("§13 a trio holding a blocked pair is never formed by the matcher", () => {
    const queue = ["a", "b", "c", "d"].map((userId, score) => ({
      userId,
      name: userId,
      pool: "machiavelox" as const,
      score,
      since: 0,
    }));
    expect(formGroups(queue, 0, new Set(["a b"]))[0]!.map((one) => one.userId)).toEqual([
      "b",
      "c",
      "d",
    ]);
  });

  it("§13 players queued for the agora are not grouped with a player they block", async () => {
    const agora = new Agora(db);
    const players = [await player(db), await player(db), await player(db)];
    await blockPlayer(db, players[0]!, players[2]!.name);
    for (const one of players) await agora.enqueue(one);
    await agora.match();
    const statuses = await Promise.all(players.map((one) => agora.status(one)));
    expect(statuses.map((status) => status.matchId)).toEqual([null, null, null]);
    for (const one of players) await agora.cancel(one);
    agora.stop();
  });
});

describe("invitations", () => {
  it("an invited friend, online or not, finds the invitation and takes the seat; the creator sees it", async () => {
    const [a, b] = await friends();
    let heard = 0;
    const off = onInvitations(b.id, () => heard++);
    const { matchId } = await lobbies(db).create(a, "long", false);
    expect(await invite(db, a, matchId, [b.name])).toEqual([
      { to: b.name, answer: null, expired: false },
    ]);
    off();
    expect(heard).toBe(1);
    const [waiting] = await pendingInvitations(db, b);
    expect(waiting).toMatchObject({ matchId, from: a.name, kind: "long" });
    expect(await acceptInvitation(db, b, waiting!.id)).toEqual({ matchId });
    const lobby = await lobbies(db).view(b, matchId);
    expect(lobby.members.map((member) => member.name)).toEqual([a.name, b.name]);
    expect(await sentInvitations(db, a, matchId)).toEqual([
      { to: b.name, answer: "ACCEPTED", expired: false },
    ]);
    expect(await pendingInvitations(db, b)).toEqual([]);
  });

  it("a declined invitation is answered once; an expired one can no longer be taken", async () => {
    const [a, b] = await friends();
    const { matchId } = await lobbies(db).create(a, "single", false);
    const now = new Date();
    await invite(db, a, matchId, [b.name], now);
    const [first] = await pendingInvitations(db, b, now);
    await declineInvitation(db, b, first!.id);
    expect(await refusalOf(acceptInvitation(db, b, first!.id))).toBe("NO_SUCH_INVITATION");
    expect((await sentInvitations(db, a, matchId))[0]!.answer).toBe("DECLINED");
    await invite(db, a, matchId, [b.name], now);
    const later = new Date(now.getTime() + INVITATION_TTL_MS + 1);
    expect(await pendingInvitations(db, b, later)).toEqual([]);
    expect(await refusalOf(acceptInvitation(db, b, first!.id, later))).toBe("INVITATION_EXPIRED");
    expect((await sentInvitations(db, a, matchId, later))[0]!.expired).toBe(true);
  });

  it("a rematch's first click invites the ended game's other players, leaving out a blocked one", async () => {
    const [a, b, c] = [await player(db), await player(db), await player(db)];
    await blockPlayer(db, c, a.name);
    const ended = await db.match.create({
      data: {
        kind: "FRIENDLY_SINGLE",
        status: "ENDED",
        seats: { create: [a, b, c].map((one, seat) => ({ seat, userId: one.id })) },
      },
    });
    const { matchId } = await lobbies(db).create(a, "single", false);
    await inviteToRematch(db, a, ended.id, matchId);
    await inviteToRematch(db, b, ended.id, matchId); // b joined it: not the opener, invites nobody
    expect((await pendingInvitations(db, b)).map((one) => one.from)).toEqual([a.name]);
    expect(await pendingInvitations(db, c)).toEqual([]);
    expect(await pendingInvitations(db, a)).toEqual([]);
  });

  it("only the creator invites, and only friends", async () => {
    const [a, b] = await friends();
    const stranger = await player(db);
    const { matchId } = await lobbies(db).create(a, "single", false);
    expect(await refusalOf(invite(db, a, matchId, [stranger.name]))).toBe("NOT_FRIENDS");
    expect(await refusalOf(invite(db, b, matchId, [a.name]))).toBe("NO_SUCH_GAME");
  });
});
