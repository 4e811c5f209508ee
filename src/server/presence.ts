// Who is online across the nodes of a site (friends see it): per player, a Redis sorted set of
// the nodes they are connected to, each scored by when that node's word expires. A node says so
// at a player's first socket, renews its word for all its players every few seconds in one call,
// and withdraws it at their last socket's close; a node that dies stops renewing, and its players
// go offline once its word expires. Times are Redis's own clock, never a node's.

import type { Redis } from "ioredis";
import { luaScript } from "./redis";

/** How long a node's word that a player is connected lasts unrenewed. */
export const PRESENCE_MS = 30_000;
/** How often a node renews its word for every player connected to it. */
export const PRESENCE_RENEW_MS = 10_000;
/** Players renewed per call: one call stays short however many a node holds. */
const RENEW_BATCH = 500;

const NOW = `
local time = redis.call('TIME')
local now = time[1] * 1000 + math.floor(time[2] / 1000)`;

const HERE = `${NOW}
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, now + tonumber(ARGV[2]), ARGV[1])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  redis.call('PEXPIRE', key, ARGV[2])
end
return 0`;

const ONLINE = `${NOW}
local online = {}
for i, key in ipairs(KEYS) do
  online[i] = redis.call('ZCOUNT', key, now, '+inf')
end
return online`;

const keyOf = (userId: string) => `presence:${userId}`;

export class SharedPresence {
  private readonly hereScript;
  private readonly onlineScript;

  constructor(
    private readonly redis: Redis,
    private readonly nodeId: string,
    private readonly presenceMs = PRESENCE_MS,
  ) {
    this.hereScript = luaScript<number>(redis, "presenceHere", HERE);
    this.onlineScript = luaScript<number[]>(redis, "presenceOnline", ONLINE);
  }

  /** These players are connected to this node: a first socket, or the renewal of them all. */
  async here(userIds: string[]): Promise<void> {
    for (let at = 0; at < userIds.length; at += RENEW_BATCH) {
      const keys = userIds.slice(at, at + RENEW_BATCH).map(keyOf);
      await this.hereScript(keys.length, ...keys, this.nodeId, this.presenceMs);
    }
  }

  /** The player's last socket on this node closed. */
  async gone(userId: string): Promise<void> {
    await this.redis.zrem(keyOf(userId), this.nodeId);
  }

  /** Which of these players are connected to some node of the site. */
  async online(userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const counts = await this.onlineScript(userIds.length, ...userIds.map(keyOf));
    return new Set(userIds.filter((_, i) => counts[i]! > 0));
  }
}
