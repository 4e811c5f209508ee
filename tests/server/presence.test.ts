import { describe, expect, it } from "vitest";
import { SharedPresence } from "@/server/presence";
import { testSite } from "./redis";

const site = testSite();

describe("who is online across a site's nodes", () => {
  it("a player connected to one node is online on every node until their last socket there closes", async () => {
    const a = new SharedPresence(await site.connect(), "node-a");
    const b = new SharedPresence(await site.connect(), "node-b");
    await a.here(["ann", "bob"]);
    await b.here(["bob"]);
    expect(await b.online(["ann", "bob", "cid"])).toEqual(new Set(["ann", "bob"]));
    await a.gone("ann");
    await a.gone("bob");
    expect(await b.online(["ann", "bob"])).toEqual(new Set(["bob"]));
    expect(await a.online([])).toEqual(new Set());
  });

  it("the players of a node that dies go offline once its word expires, unless another node holds them", async () => {
    const dying = new SharedPresence(await site.connect(), "node-dying", 300);
    const alive = new SharedPresence(await site.connect(), "node-alive", 60_000);
    await dying.here(["dan", "eve"]);
    await alive.here(["eve"]);
    expect(await alive.online(["dan", "eve"])).toEqual(new Set(["dan", "eve"]));
    await new Promise((wait) => setTimeout(wait, 400));
    expect(await alive.online(["dan", "eve"])).toEqual(new Set(["eve"]));
  });
});
