import { Redis } from "ioredis";
import type { Logger } from "pino";

/**
 * The site's Redis, connected before the server answers anyone. Commands are not queued while
 * the connection is down: a limit check fails at once (and falls back to the node's memory)
 * rather than holding a request until Redis returns.
 */
export async function connectRedis(url: string, prefix: string, log: Logger): Promise<Redis> {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    lazyConnect: true,
    keyPrefix: `${prefix}:`,
  });
  let down = false;
  redis.on("error", (error: Error) => {
    if (!down) log.warn({ err: error.message }, "Redis is not answering");
    down = true;
  });
  redis.on("ready", () => {
    if (down) log.info("Redis answers again");
    down = false;
  });
  await redis.connect();
  return redis;
}

/**
 * A channel of the site: Redis prefixes keys with the site's prefix (connectRedis) but not
 * pub/sub channels, so they carry it by name.
 */
export function channelOf(redis: Redis, name: string): string {
  return `${redis.options.keyPrefix ?? ""}${name}`;
}
