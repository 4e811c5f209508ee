import { describe, expect, it } from "vitest";
import { TtlCache } from "@/server/ttl-cache";

function clock() {
  const time = { now: 0 };
  return { time, now: () => time.now };
}

describe("a bounded cache with expiry", () => {
  it("an entry is kept for its time to live, then forgotten", () => {
    const { time, now } = clock();
    const cache = new TtlCache<string, number>(10, now);
    cache.set("a", 1, 100);
    time.now = 99;
    expect(cache.get("a")).toBe(1);
    time.now = 100;
    expect(cache.get("a")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("a value with no time to live is not kept, and replaces nothing stale", () => {
    const cache = new TtlCache<string, number | null>(10, clock().now);
    cache.set("a", 1, 100);
    cache.set("a", 2, 0);
    expect(cache.get("a")).toBeUndefined();
    cache.set("b", null, 100);
    expect(cache.get("b")).toBeNull();
  });

  it("past its bound the oldest entry goes first: keys sent by the thousand cannot grow it", () => {
    const cache = new TtlCache<number, number>(3, clock().now);
    for (let key = 0; key < 1000; key++) cache.set(key, key, 1_000);
    expect(cache.size).toBe(3);
    expect([cache.get(996), cache.get(997), cache.get(998), cache.get(999)]).toEqual([
      undefined,
      997,
      998,
      999,
    ]);
  });

  it("an entry set again counts as the newest", () => {
    const cache = new TtlCache<string, number>(2, clock().now);
    cache.set("a", 1, 1_000);
    cache.set("b", 2, 1_000);
    cache.set("a", 3, 1_000);
    cache.set("c", 4, 1_000);
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([3, undefined, 4]);
  });
});
