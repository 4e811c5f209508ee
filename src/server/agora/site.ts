// The agora of a site of several nodes (docs/live-server.md, What the nodes of a site share): one
// queue for the whole site in Redis, and a lock in Redis that makes one node at a time the one
// that forms groups. Safety rests on the queue, not on the lock: a group is taken from the queue
// in one atomic step, so two nodes that both believe they match (a paused holder whose lock ran
// out) can never seat a player twice; the lock only keeps the matching in one place.

import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { luaScript } from "../redis";
import type { RankedPool } from "./pools";
import type { QueueEntry, QueueStore } from "./queue";

/** The entries by player (JSON), and the number waiting in each pool (kept by the same scripts). */
const ENTRIES = "agora:queue";
const WAITING = "agora:waiting";

const ADD = `
local held = redis.call('HGET', KEYS[1], ARGV[1])
if held then return held end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('HINCRBY', KEYS[2], ARGV[3], 1)
return ARGV[2]`;

const TAKE = `
for _, id in ipairs(ARGV) do
  if redis.call('HEXISTS', KEYS[1], id) == 0 then return 0 end
end
for _, id in ipairs(ARGV) do
  local pool = cjson.decode(redis.call('HGET', KEYS[1], id)).pool
  redis.call('HDEL', KEYS[1], id)
  redis.call('HINCRBY', KEYS[2], pool, -1)
end
return 1`;

/** The queue every node of the site shares: a player is in it once, whichever node added them. */
export class RedisQueue implements QueueStore {
  private readonly addScript;
  private readonly takeScript;

  constructor(private readonly redis: Redis) {
    this.addScript = luaScript<string>(redis, "agoraAdd", ADD, 2);
    this.takeScript = luaScript<number>(redis, "agoraTake", TAKE, 2);
  }

  async add(entry: QueueEntry): Promise<QueueEntry> {
    const held = await this.addScript(
      ENTRIES,
      WAITING,
      entry.userId,
      JSON.stringify(entry),
      entry.pool,
    );
    return JSON.parse(held) as QueueEntry;
  }

  async get(userId: string): Promise<QueueEntry | null> {
    const held = await this.redis.hget(ENTRIES, userId);
    return held === null ? null : (JSON.parse(held) as QueueEntry);
  }

  async take(userIds: string[]): Promise<boolean> {
    return (await this.takeScript(ENTRIES, WAITING, ...userIds)) === 1;
  }

  async all(): Promise<QueueEntry[]> {
    return (await this.redis.hvals(ENTRIES)).map((held) => JSON.parse(held) as QueueEntry);
  }

  async waiting(pool: RankedPool): Promise<number> {
    return Number((await this.redis.hget(WAITING, pool)) ?? 0);
  }
}

/** How long the matcher's lock lasts unrenewed: a dead matcher is replaced this long after. */
export const MATCHER_LOCK_MS = 5_000;

const HOLD = `
local held = redis.call('GET', KEYS[1])
if held == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
if held then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/**
 * Which node of the site forms the agora's groups: the holder of a Redis key with an expiry,
 * renewed by its holder at each of its matcher's rounds. A node that dies stops renewing and
 * another takes the key once it expires; a node that stops hands it over at once.
 */
export class MatcherLock {
  /** Whether this node held the lock at its last look (taking or renewing it). */
  held = false;
  /** This run of the node: a node started again under its name is another holder. */
  readonly holder: string;
  private readonly holdScript;
  private readonly releaseScript;

  constructor(
    redis: Redis,
    nodeId: string,
    private readonly lockMs = MATCHER_LOCK_MS,
  ) {
    this.holder = `${nodeId} ${randomUUID()}`;
    this.holdScript = luaScript<number>(redis, "agoraHold", HOLD, 1);
    this.releaseScript = luaScript<number>(redis, "agoraRelease", RELEASE, 1);
  }

  /** Takes the lock if it is free, renews it if this node holds it: whether this node holds it. */
  async hold(): Promise<boolean> {
    this.held = await this.holdScript("agora:matcher", this.holder, this.lockMs).then(
      (answer) => answer === 1,
      () => false,
    );
    return this.held;
  }

  /** Lets the lock go if this node holds it, so another node matches from its next round. */
  async release(): Promise<void> {
    this.held = false;
    await this.releaseScript("agora:matcher", this.holder).catch(() => undefined);
  }
}
