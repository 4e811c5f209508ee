import { Redis } from "ioredis";
import type { Logger } from "pino";

/**
 * The site's Redis, connected before the server answers anyone. Commands are not queued while
 * the connection is down: a limit check fails at once (and falls back to the node's memory)
 * rather than holding a request until Redis returns. Every key the site uses starts with
 * `prefix` (ioredis adds it), so several sites or test runs may share one Redis.
 */
export async function connectRedis(url: string, log: Logger, prefix = ""): Promise<Redis> {
  const redis = new Redis(url, { enableOfflineQueue: false, lazyConnect: true, keyPrefix: prefix });
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

/** A pub/sub channel of the site: ioredis prefixes keys only, so the prefix is added here. */
export function channelOf(redis: Redis, name: string): string {
  return `${redis.options.keyPrefix ?? ""}${name}`;
}

/**
 * A Lua script that Redis runs atomically, sent once and then called by its hash. The first
 * `keys` arguments are keys (prefixed by ioredis); `keys` undefined: the call's first argument
 * says how many.
 */
export function luaScript<T>(
  redis: Redis,
  name: string,
  lua: string,
  keys?: number,
): (...args: (string | number)[]) => Promise<T> {
  if (!(name in redis)) redis.defineCommand(name, { lua, numberOfKeys: keys });
  const command = (redis as unknown as Record<string, (...args: unknown[]) => Promise<T>>)[name]!;
  return (...args) => command.apply(redis, args);
}
