import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { parseEnv } from "@/server/env";
import { LiveMatches } from "@/server/matches/registry";
import { testDb, uniqueName } from "../db/helpers";
import { player } from "./helpers";

const db = testDb();

/** A server node of its own name on the test database, stopped after the file's tests. */
function node() {
  const settings = { ...parseEnv({}), NODE_ID: uniqueName("node") };
  const registry = new LiveMatches(db, pino({ level: "silent" }), settings);
  afterAll(() => registry.shutdown());
  return { registry, name: settings.NODE_ID };
}

describe("a match owned by one node at a time", () => {
  const a = node();
  const b = node();

  it("a node paused past its lease has its next action refused once another node took the match under epoch + 1, and the match plays on there", async () => {
    const players = [await player(db), await player(db), await player(db)];
    const { matchId } = await a.registry.open(players[0]!);
    for (const seat of [1, 2]) await a.registry.seat(players[seat]!, matchId);
    await a.registry.act(players[0]!, matchId, 0, { do: "draw" });
    expect(await db.matchLease.findUnique({ where: { matchId } })).toMatchObject({
      nodeId: a.name,
      epoch: 1,
    });
    // Node b cannot take a match whose owner renews its lease.
    await expect(b.registry.get(players[0]!, matchId)).rejects.toMatchObject({
      kind: "SERVICE_UNAVAILABLE",
    });
    // Node a pauses: its lease runs out, and b takes the match, replaying its log.
    await db.nodeLease.update({ where: { nodeId: a.name }, data: { expiresAt: new Date(0) } });
    expect((await b.registry.get(players[0]!, matchId)).status).toBe("PLAYING");
    expect(await db.matchLease.findUnique({ where: { matchId } })).toMatchObject({
      nodeId: b.name,
      epoch: 2,
    });
    const logged = await db.matchEvent.count({ where: { matchId } });
    // Node a wakes up believing it still owns the match: the log refuses it, and a lets it go.
    await expect(a.registry.act(players[1]!, matchId, 1, { do: "draw" })).rejects.toMatchObject({
      kind: "SERVICE_UNAVAILABLE",
    });
    expect(await db.matchEvent.count({ where: { matchId } })).toBe(logged);
    await expect(a.registry.get(players[1]!, matchId)).rejects.toMatchObject({
      kind: "SERVICE_UNAVAILABLE",
    });
    const answer = await b.registry.act(players[1]!, matchId, 1, { do: "draw" });
    expect(answer.ok).toBe(true);
    const draws = await db.matchEvent.findMany({
      where: { matchId, seat: 1 },
      select: { command: true },
    });
    expect(draws.filter((row) => (row.command as { do: string }).do === "draw")).toHaveLength(1);
  });
});
