import { describe, expect, it } from "vitest";
import type { QueueEntry } from "@/server/agora/queue";
import { MatcherLock, RedisQueue } from "@/server/agora/site";
import { testSite } from "./redis";

const site = testSite();

const entry = (userId: string, since = 0, pool: QueueEntry["pool"] = "machiavelox") => ({
  userId,
  name: userId,
  pool,
  score: 25,
  since,
});

describe("the agora queue a site's nodes share in Redis", () => {
  it("a player added by two nodes at once is queued once, and both nodes answer the same entry", async () => {
    const [a, b] = [new RedisQueue(await site.connect()), new RedisQueue(await site.connect())];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).add(entry("racer", i))),
    );
    expect(new Set(answers.map((answer) => answer.since)).size).toBe(1);
    expect((await a.all()).filter((one) => one.userId === "racer")).toEqual([answers[0]]);
    expect(await b.get("racer")).toEqual(answers[0]);
    expect(await a.waiting("machiavelox")).toBe(1);
    expect(await a.take(["racer"])).toBe(true);
  });

  it("a group is taken whole or not at all: one player gone, the others stay queued", async () => {
    const [a, b] = [new RedisQueue(await site.connect()), new RedisQueue(await site.connect())];
    for (const id of ["g1", "g2"]) await a.add(entry(id));
    await b.add(entry("g3", 0, "classic-3"));
    expect([await a.waiting("machiavelox"), await b.waiting("classic-3")]).toEqual([2, 1]);
    expect(await b.take(["g1", "g2", "absent"])).toBe(false);
    expect((await a.all()).map((one) => one.userId).sort()).toEqual(["g1", "g2", "g3"]);
    expect(await b.take(["g1", "g2", "g3"])).toBe(true);
    expect(await a.take(["g1"])).toBe(false);
    expect([await a.all(), await a.waiting("machiavelox"), await a.waiting("classic-3")]).toEqual([
      [],
      0,
      0,
    ]);
  });
});

describe("the one node that matches", () => {
  it("one node holds the matcher's lock; when it stops renewing, another takes it once it expires", async () => {
    const a = new MatcherLock(await site.connect(), "node-a", 300);
    const b = new MatcherLock(await site.connect(), "node-b", 300);
    expect(await a.hold()).toBe(true);
    expect(await b.hold()).toBe(false);
    await new Promise((wait) => setTimeout(wait, 150));
    expect(await a.hold()).toBe(true);
    await new Promise((wait) => setTimeout(wait, 200));
    expect(await b.hold()).toBe(false);
    // Node a stops renewing (it died).
    await new Promise((wait) => setTimeout(wait, 400));
    expect(await b.hold()).toBe(true);
    expect([await a.hold(), a.held, b.held]).toEqual([false, false, true]);
    await b.release();
  });

  it("a node that stops hands the lock over at once; releasing a lock held by another changes nothing", async () => {
    const a = new MatcherLock(await site.connect(), "node-a", 60_000);
    const b = new MatcherLock(await site.connect(), "node-b", 60_000);
    expect(await a.hold()).toBe(true);
    await b.release();
    expect(await b.hold()).toBe(false);
    await a.release();
    expect(await b.hold()).toBe(true);
    await b.release();
  });
});
