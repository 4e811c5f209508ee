// The machine's Redis for tests (REDIS_TEST_URL to use another), under a key prefix of this
// test file's own: runs, files and a developer's site on the same Redis never meet.

import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll } from "vitest";

export const REDIS_URL = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";

/**
 * A site's prefix for this file: `connect()` makes a node's connection under it, and every key
 * under it is deleted after the file's tests.
 */
export function testSite() {
  const prefix = `test:${randomBytes(6).toString("hex")}:`;
  const opened: Redis[] = [];
  afterAll(async () => {
    for (const redis of opened) redis.disconnect();
    const admin = new Redis(REDIS_URL);
    for (let cursor = "0"; ;) {
      const [next, keys] = await admin.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
      if (keys.length > 0) await admin.del(...keys);
      cursor = next;
      if (cursor === "0") break;
    }
    admin.disconnect();
  });
  return {
    prefix,
    async connect(): Promise<Redis> {
      const redis = new Redis(REDIS_URL, { keyPrefix: prefix });
      opened.push(redis);
      await new Promise((ready) => redis.once("ready", ready));
      return redis;
    },
  };
}
