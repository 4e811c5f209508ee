import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "@/server/db/client";
import { migrate } from "@/server/db/migrate";
import { REDIS_URL, testSite } from "../server/redis";
import { connect, LiveServer, newPlayer, until, type Client, type Player } from "./harness";

// A site of three nodes: three server processes on one PostgreSQL (the machine's, in a database
// of this run's own) and one Redis (under a key prefix of this file's own).

const postgres = new URL(
  process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/test",
);

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: postgres.href });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

const name = `cluster_${process.pid}_${randomBytes(4).toString("hex")}`;
await admin(`CREATE DATABASE "${name}"`);
const url = new URL(postgres);
url.pathname = `/${name}`;
await migrate(url.href);
const db = createDb(url.href);
afterAll(async () => {
  await db.$disconnect();
  await admin(`DROP DATABASE "${name}" WITH (FORCE)`);
});

const site = testSite();
const nodeIds = ["node-a", "node-b", "node-c"];
const nodes = nodeIds.map(
  (id) =>
    new LiveServer(url.href, {
      NODE_ID: id,
      REDIS_URL,
      REDIS_PREFIX: site.prefix,
      LOG_LEVEL: "info",
    }),
);
afterAll(() => Promise.all(nodes.map((node) => node.stop())));
await Promise.all(nodes.map((node) => node.start()));

const clients: Client[] = [];
afterAll(() => Promise.all(clients.map((client) => client.close())));

function client(node: LiveServer, player: Player): Client["trpc"] {
  const opened = connect(node, player);
  clients.push(opened);
  return opened.trpc;
}

describe("a site of three nodes", () => {
  it("§13 three players queued through three different nodes are matched into one ranked table, formed by one node", async () => {
    const players = await Promise.all(nodes.map(() => newPlayer(db)));
    const trpcs = players.map((player, i) => client(nodes[i]!, player));
    await trpcs[0]!.agora.queue.mutate();
    // The first player's other tab, connected to another node: still one entry in the queue.
    const otherTab = client(nodes[2]!, players[0]!);
    expect((await otherTab.agora.queue.mutate()).queued?.waiting).toBe(1);
    for (const trpc of trpcs.slice(1)) await trpc.agora.queue.mutate();
    const matchIds = await Promise.all(
      trpcs.map((trpc, i) =>
        until(async () => (await trpc.agora.status.query()).matchId, `player ${i}'s match`),
      ),
    );
    expect(new Set(matchIds).size).toBe(1);
    // Told as soon as the table is opened; it starts once the matcher has seated all three.
    const match = await until(
      () =>
        db.match.findFirst({
          where: { id: matchIds[0]!, status: "PLAYING" },
          include: { seats: true },
        }),
      "the table started",
    );
    expect(match.kind).toBe("COMPETITIVE");
    expect(match.seats.map((seat) => seat.userId).sort()).toEqual(
      players.map((player) => player.id).sort(),
    );
    expect(await otherTab.agora.status.query()).toMatchObject({ queued: null, matchId: match.id });
    const formedBy = nodes.filter((node) => node.output.includes('"msg":"agora match"'));
    expect(formedBy).toHaveLength(1);
  });

  it("a friend connected to another node shows online, and offline once their last socket there closes", async () => {
    const [ann, bob] = [await newPlayer(db), await newPlayer(db)];
    await db.friendship.create({
      data: { requesterId: ann.id, addresseeId: bob.id, acceptedAt: new Date() },
    });
    const annOnA = client(nodes[0]!, ann);
    const bobOnC = connect(nodes[2]!, bob);
    await bobOnC.trpc.friends.list.query();
    expect((await annOnA.friends.list.query()).friends).toEqual([
      { name: bob.name, online: true, playing: null },
    ]);
    await bobOnC.close();
    await until(async () => {
      const [friend] = (await annOnA.friends.list.query()).friends;
      return friend?.online === false ? friend : null;
    }, "bob offline");
  });

  it("when the matching node is killed, another node takes its lock once it expires and matches the next players", async () => {
    const redis = await site.connect();
    const holderOf = async () => (await redis.get("agora:matcher"))?.split(" ")[0] ?? null;
    const holder = nodeIds.indexOf((await holderOf())!);
    await nodes[holder]!.kill();
    const survivors = nodes.filter((_, i) => i !== holder);
    const players = await Promise.all([0, 1, 2].map(() => newPlayer(db)));
    const trpcs = players.map((player, i) => client(survivors[i % 2]!, player));
    for (const trpc of trpcs) await trpc.agora.queue.mutate();
    const matchIds = await Promise.all(
      trpcs.map((trpc, i) =>
        until(async () => (await trpc.agora.status.query()).matchId, `player ${i}'s match`),
      ),
    );
    expect(new Set(matchIds).size).toBe(1);
    expect([nodeIds[holder], null]).not.toContain(await holderOf());
  });
});
