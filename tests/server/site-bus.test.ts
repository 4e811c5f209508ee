import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { SiteBus, type SiteMessages } from "@/server/site-bus";

// The machine's Redis (REDIS_TEST_URL to use another).
const REDIS_URL = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";
const opened: { bus: SiteBus; redis: Redis }[] = [];

/** A node of the site: its bus on a Redis connection of its own. */
async function node() {
  const redis = new Redis(REDIS_URL, { enableOfflineQueue: false });
  await new Promise((ready) => redis.once("ready", ready));
  const bus = new SiteBus();
  await bus.connect(redis);
  opened.push({ bus, redis });
  const heard: SiteMessages["user-changed"][] = [];
  bus.handle("user-changed", (message) => heard.push(message));
  return { bus, heard };
}

const until = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((tick) => setTimeout(tick, 10));
};

afterAll(() => {
  for (const { bus, redis } of opened) {
    bus.disconnect();
    redis.disconnect();
  }
});

describe("what one node tells the site", () => {
  it("a message is handled once on the node that sends it and once on every other node", async () => {
    const [a, b, c] = [await node(), await node(), await node()];
    a.bus.send("user-changed", { userId: "banned", disconnect: true });
    await until(() => b.heard.length > 0 && c.heard.length > 0);
    await new Promise((settle) => setTimeout(settle, 50));
    for (const { heard } of [a, b, c]) {
      expect(heard).toEqual([{ userId: "banned", disconnect: true }]);
    }
  });

  it("alone, a message is handled in this process only, at once", () => {
    const bus = new SiteBus();
    const heard: string[][] = [];
    bus.handle("invitations", ({ userIds }) => heard.push(userIds));
    bus.send("invitations", { userIds: ["host", "friend"] });
    expect(heard).toEqual([["host", "friend"]]);
  });

  it("a topic has one handler per node: set again (by the process's other bundle) it replaces", () => {
    const bus = new SiteBus();
    const heard: string[] = [];
    bus.handle("invitations", () => heard.push("first"));
    bus.handle("invitations", () => heard.push("second"));
    bus.send("invitations", { userIds: ["friend"] });
    expect(heard).toEqual(["second"]);
  });
});
