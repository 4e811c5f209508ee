// How often someone may do something, counted once for the whole site: in Redis when the site
// runs as several nodes (a limit must not be multiplied by the number of nodes a client can
// reach), in this process's memory otherwise. The per-address request gate and a match's action
// limits stay in the node's memory by design: the first protects the node's own event loop, the
// second counts actions that all reach the match's one owner.

import type { Redis } from "ioredis";
import {
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterAbstract,
  type RateLimiterRes,
} from "rate-limiter-flexible";

export type LimitOptions = {
  /** What is counted; the key of its counters. */
  keyPrefix: string;
  /** How many per `duration`. */
  points: number;
  /** In seconds. */
  duration: number;
};

// Next's bundle (sign-in) and the server's share one process: one store for both.
const shared = globalThis as typeof globalThis & { machiaveloxLimitStore?: Redis };

/** Limits first used from now on count in `redis`, which every node shares (or in memory: none). */
export function shareLimits(redis: Redis | undefined): void {
  shared.machiaveloxLimitStore = redis;
}

/**
 * A limit whose counters live where the site keeps them, chosen at its first use (module-level
 * limits are made before the server has read its settings). If Redis fails, each node counts in
 * its own memory meanwhile: the limit loosens by the number of nodes, it never opens.
 */
export class Limit {
  private store: RateLimiterAbstract | undefined;

  constructor(readonly options: LimitOptions) {}

  /** Takes `points` from `key`'s allowance; rejects with a RateLimiterRes when it is spent. */
  consume(key: string, points = 1): Promise<RateLimiterRes> {
    return this.counters().consume(key, points);
  }

  /** Gives `points` back to `key` (a success that should not count). */
  reward(key: string, points = 1): Promise<RateLimiterRes> {
    return this.counters().reward(key, points);
  }

  private counters(): RateLimiterAbstract {
    if (this.store) return this.store;
    const memory = new RateLimiterMemory(this.options);
    const redis = shared.machiaveloxLimitStore;
    this.store = redis
      ? new RateLimiterRedis({
          ...this.options,
          keyPrefix: `limit:${this.options.keyPrefix}`,
          storeClient: redis,
          insuranceLimiter: memory,
        })
      : memory;
    return this.store;
  }
}
