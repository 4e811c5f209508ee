import type { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { Agora } from "@/server/agora/agora";
import { MatcherLock, RedisQueue } from "@/server/agora/site";
import type { SessionUser } from "@/server/auth/session";
import { testDb } from "../db/helpers";
import { testSite } from "../server/redis";
import { player, withLiveMatches } from "./helpers";

const db = testDb();
withLiveMatches(db);
const site = testSite();

/** A node's agora on the site's Redis, matching in rounds while it holds the lock. */
async function node(name: string) {
  const redis = await site.connect();
  const lock = new MatcherLock(redis, name, 600);
  const agora = new Agora(db, { queue: new RedisQueue(redis), lock });
  afterAll(() => agora.stop());
  agora.start();
  return { agora, lock, redis };
}

async function matchOf(agora: Agora, user: SessionUser): Promise<string> {
  for (let tries = 0; tries < 100; tries++) {
    const { matchId } = await agora.status(user);
    if (matchId) return matchId;
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error(`${user.name} was never matched`);
}

async function seatedAt(matchId: string): Promise<string[]> {
  const seats = await db.matchSeat.findMany({ where: { matchId } });
  return seats.map((seat) => seat.userId!).sort();
}

describe("the agora of a site of several nodes", () => {
  it("§13 players queued through two nodes are matched into one ranked table by the node holding the lock; a player is queued once whichever node they reach", async () => {
    const [a, b] = [await node("agora-a"), await node("agora-b")];
    expect([await a.lock.hold(), await b.lock.hold()]).toEqual([true, false]);
    const players = [await player(db), await player(db), await player(db)];
    await a.agora.enqueue(players[0]!);
    await b.agora.enqueue(players[0]!);
    expect((await b.agora.status(players[0]!)).queued?.waiting).toBe(1);
    for (const one of players.slice(1)) await b.agora.enqueue(one);
    const matchId = await matchOf(b.agora, players[0]!);
    expect(await matchOf(a.agora, players[2]!)).toBe(matchId);
    expect(await seatedAt(matchId)).toEqual(players.map((one) => one.id).sort());
    await a.agora.stop();
    await b.agora.stop();
  });

  it("when the matching node dies (no goodbye) another node takes the lock once it expires and matches", async () => {
    const [a, b] = [await node("dying-a"), await node("taking-b")];
    expect(await a.lock.hold()).toBe(true);
    // Node a loses Redis for good: it renews no more, and hands nothing over.
    (a.redis as Redis).disconnect();
    const players = [await player(db), await player(db), await player(db)];
    for (const one of players) await b.agora.enqueue(one);
    const matchId = await matchOf(b.agora, players[1]!);
    expect(b.lock.held).toBe(true);
    expect(await seatedAt(matchId)).toEqual(players.map((one) => one.id).sort());
  });
});
