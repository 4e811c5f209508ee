// Limits on what one client may make the server hold or do: tRPC batches, and waiting tables
// that nobody starts (not restored for ever).

import { describe, expect, it } from "vitest";
import { TRPC_MAX_BATCH } from "@/protocol/batch";
import { WAITING_TABLE_EXPIRES_MS } from "@/server/matches/registry";
import { connect, liveDatabase, liveServer, newPlayer } from "./harness";

const { url, db } = await liveDatabase();
const server = await liveServer(url);

/** One HTTP request batching `size` calls of `match.mine`. */
async function batch(cookie: string, size: number) {
  const paths = Array.from({ length: size }, () => "match.mine").join(",");
  return fetch(`http://${server.origin}/api/trpc/${paths}?batch=1&input=%7B%7D`, {
    headers: { cookie },
  });
}

describe("limits", () => {
  it(`a request batching ${TRPC_MAX_BATCH + 1} calls is refused whole; ${TRPC_MAX_BATCH} are answered`, async () => {
    const player = await newPlayer(db);
    const allowed = await batch(player.cookie, TRPC_MAX_BATCH);
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toHaveLength(TRPC_MAX_BATCH);
    const flood = await batch(player.cookie, 500);
    expect(flood.status).toBe(400);
    expect(JSON.stringify(await flood.json())).toContain("Batch call exceeds maximum size");
    expect((await batch(player.cookie, TRPC_MAX_BATCH + 1)).status).toBe(400);
  });

  it("a waiting table idle for more than an hour is not restored at the next start: it is removed", async () => {
    const player = await newPlayer(db);
    const client = connect(server, player);
    const idle = await client.trpc.match.open.mutate();
    const fresh = await client.trpc.match.open.mutate();
    await client.close();
    await server.stop();
    const past = new Date(Date.now() - WAITING_TABLE_EXPIRES_MS - 60_000);
    await db.match.update({ where: { id: idle.matchId }, data: { createdAt: past } });
    await db.matchSeat.updateMany({ where: { matchId: idle.matchId }, data: { joinedAt: past } });
    await server.start();
    const left = await db.match.findMany({
      where: { id: { in: [idle.matchId, fresh.matchId] } },
      select: { id: true, status: true },
    });
    expect(left).toEqual([{ id: fresh.matchId, status: "WAITING" }]);
  });
});
