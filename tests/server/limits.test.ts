import { Redis } from "ioredis";
import { randomBytes } from "node:crypto";
import { RateLimiterRes } from "rate-limiter-flexible";
import { afterAll, describe, expect, it } from "vitest";
import { Limit, shareLimits } from "@/server/limits";

// The machine's Redis (REDIS_TEST_URL to use another); each run counts under keys of its own.
const REDIS_URL = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";
const run = randomBytes(4).toString("hex");
const options = (name: string) => ({ keyPrefix: `test-${run}-${name}`, points: 3, duration: 60 });
const clients: Redis[] = [];

function node(url = REDIS_URL): Redis {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 0 });
  redis.on("error", () => undefined);
  clients.push(redis);
  return redis;
}

/** A limit as one node makes it: counting in that node's Redis connection, or in memory. */
function limitOn(redis: Redis | undefined, name: string): Limit {
  shareLimits(redis);
  const limit = new Limit(options(name));
  void limit.consume("warm-up", 0);
  return limit;
}

const outcome = (attempt: Promise<unknown>) =>
  attempt.then(
    () => "allowed",
    (error: unknown) => (error instanceof RateLimiterRes ? "refused" : "failed"),
  );

afterAll(async () => {
  shareLimits(undefined);
  for (const redis of clients) redis.disconnect();
});

describe("limits shared by the nodes of a site", () => {
  it("one client's attempts count once across every node it reaches", async () => {
    const [a, b] = [node(), node()];
    await Promise.all([a, b].map((redis) => new Promise((ready) => redis.once("ready", ready))));
    const onA = limitOn(a, "shared");
    const onB = limitOn(b, "shared");
    const answers = [];
    for (const limit of [onA, onB, onA, onB]) answers.push(await outcome(limit.consume("client")));
    expect(answers).toEqual(["allowed", "allowed", "allowed", "refused"]);
    // Another client's allowance is its own.
    expect(await outcome(onB.consume("another client"))).toBe("allowed");
  });

  it("a single process without Redis counts in its own memory", async () => {
    const limit = limitOn(undefined, "memory");
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await outcome(limit.consume("client")));
    expect(answers).toEqual(["allowed", "allowed", "allowed", "refused"]);
  });

  it("with Redis unreachable the limit still holds, counted in the node's memory", async () => {
    const limit = limitOn(node("redis://127.0.0.1:1"), "down");
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await outcome(limit.consume("client")));
    expect(answers).toEqual(["allowed", "allowed", "allowed", "refused"]);
  });
});
