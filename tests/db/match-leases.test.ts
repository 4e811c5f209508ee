import { afterAll, describe, expect, it } from "vitest";
import { StaleAppend } from "@/server/matches/errors";
import { EventLog, type LogEntry } from "@/server/matches/event-log";
import { Leases } from "@/server/matches/leases";
import { testDb, uniqueName } from "./helpers";

const db = testDb();
/** Two nodes' logs: each node appends on connections of its own. */
const logs = [new EventLog(db), new EventLog(db)];
afterAll(() => Promise.all(logs.map((log) => log.close())));
const [logA, logB] = logs as [EventLog, EventLog];

/** A node's lease runs out (it paused, or died), without a wait: so do its matches'. */
async function expire(node: Leases) {
  await db.nodeLease.update({ where: { nodeId: node.nodeId }, data: { expiresAt: new Date(0) } });
}

async function newMatch(): Promise<string> {
  return (await db.match.create({ data: {} })).id;
}

function entry(matchId: string, seq: number, by: string): LogEntry {
  return { matchId, seq, virtualMs: seq, wallTime: new Date(), seat: 0, command: { do: by } };
}

async function logOf(matchId: string) {
  return (await logA.read(matchId)).map((one) => [one.seq, one.command.do]);
}

describe("match ownership: leases and the fenced log", () => {
  it("a stale owner's append is refused once another node took the match under epoch + 1", async () => {
    const matchId = await newMatch();
    const a = new Leases(db, uniqueName("node"));
    const b = new Leases(db, uniqueName("node"));
    expect(await a.acquire([matchId])).toEqual([{ matchId, epoch: 1 }]);
    expect(await b.acquire([matchId])).toEqual([]);
    await logA.append(entry(matchId, 1, "a"), 1);
    // A pauses past its lease; B takes the match.
    await expire(a);
    expect(await b.acquire([matchId])).toEqual([{ matchId, epoch: 2 }]);
    // A wakes up still believing it owns the match: the log refuses it.
    await expect(logA.append(entry(matchId, 2, "a"), 1)).rejects.toBeInstanceOf(StaleAppend);
    expect(await a.renew([{ matchId, epoch: 1 }])).toEqual([matchId]);
    await a.close();
    await logB.append(entry(matchId, 2, "b"), 2);
    expect(await logOf(matchId)).toEqual([
      [1, "a"],
      [2, "b"],
    ]);
  });

  it("an append must be the log's next entry: a gap or a repeat is refused, and the other matches of its batch are stored", async () => {
    const [one, two] = [await newMatch(), await newMatch()];
    const node = new Leases(db, uniqueName("node"));
    await node.acquire([one, two]);
    await logA.append(entry(one, 1, "x"), 1);
    const batch = [
      logA.append(entry(one, 3, "gap"), 1),
      logA.append(entry(one, 1, "repeat"), 1),
      logA.append(entry(two, 1, "x"), 1),
    ];
    const settled = await Promise.allSettled(batch);
    expect(settled.map((result) => result.status)).toEqual(["rejected", "rejected", "fulfilled"]);
    expect(await logOf(one)).toEqual([[1, "x"]]);
    expect(await logOf(two)).toEqual([[1, "x"]]);
  });

  it("a node started again under its name takes its leases back at once, under a new epoch that fences its former self", async () => {
    const matchId = await newMatch();
    const name = uniqueName("node");
    const before = new Leases(db, name);
    const [held] = await before.acquire([matchId]);
    const after = new Leases(db, name);
    expect(await after.acquire([matchId])).toEqual([{ matchId, epoch: held!.epoch + 1 }]);
    await expect(logA.append(entry(matchId, 1, "before"), held!.epoch)).rejects.toBeInstanceOf(
      StaleAppend,
    );
  });

  it("a node that renews keeps its matches; one that handed them over loses them at once to another node, and one expired whose matches were not yet taken keeps them by renewing", async () => {
    const matchId = await newMatch();
    const a = new Leases(db, uniqueName("node"));
    const b = new Leases(db, uniqueName("node"));
    const [held] = await a.acquire([matchId]);
    await expire(a);
    expect(await a.renew([held!])).toEqual([]);
    expect(await b.acquire([matchId])).toEqual([]);
    await a.release();
    expect(await b.acquire([matchId])).toEqual([{ matchId, epoch: 2 }]);
    expect(await a.renew([held!])).toEqual([matchId]);
    await Promise.all([a.close(), b.close()]);
  });

  it("one row per node: renewing a node's lease keeps every match it holds, and a node seen dead has its lease ended so its matches may be taken at once", async () => {
    const matches = [await newMatch(), await newMatch(), await newMatch()];
    const a = new Leases(db, uniqueName("node"));
    const b = new Leases(db, uniqueName("node"));
    const held = await a.acquire(matches);
    expect(held).toHaveLength(3);
    expect(await db.nodeLease.count({ where: { nodeId: a.nodeId } })).toBe(1);
    expect(await b.liveNodes()).toContain(a.nodeId);
    expect(await b.acquire(matches)).toEqual([]);
    await b.expire(a.nodeId);
    expect(await b.liveNodes()).not.toContain(a.nodeId);
    const orphans = (await b.orphans()).filter((orphan) => matches.includes(orphan.matchId));
    expect(orphans.map((orphan) => orphan.matchId).sort()).toEqual([...matches].sort());
    // Just ended: left a moment to the node chosen for each.
    expect(orphans.every((orphan) => !orphan.open)).toBe(true);
    expect(await b.acquire(matches)).toHaveLength(3);
    expect(await a.renew(held)).toEqual(matches);
    await Promise.all([a.close(), b.close()]);
  });

  it("appends racing a takeover: the new owner reads every entry the old one was told was stored, and the old one stores nothing after", async () => {
    const matchId = await newMatch();
    const owner = new Leases(db, uniqueName("node"));
    await owner.acquire([matchId]);
    const acknowledged: number[] = [];
    const writer = (async () => {
      for (let seq = 1; ; seq++) {
        const refused = await logA.append(entry(matchId, seq, "a"), 1).then(
          () => false,
          (error: unknown) => error instanceof StaleAppend || Promise.reject(error),
        );
        if (refused) return seq;
        acknowledged.push(seq);
      }
    })();
    while (acknowledged.length < 5) await new Promise((resolve) => setTimeout(resolve, 5));
    await expire(owner);
    expect(await new Leases(db, uniqueName("node")).acquire([matchId])).toEqual([
      { matchId, epoch: 2 },
    ]);
    const read = (await logB.read(matchId)).map((one) => one.seq);
    const refusedAt = await writer;
    expect(read).toEqual(acknowledged);
    expect(refusedAt).toBe(acknowledged.length + 1);
    expect((await logB.read(matchId)).map((one) => one.seq)).toEqual(acknowledged);
  });
});
