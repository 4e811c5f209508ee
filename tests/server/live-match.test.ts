import { describe, expect, it } from "vitest";
import type { Delivery } from "@/server/matches/audience";
import { StaleAppend } from "@/server/matches/errors";
import { LiveMatch } from "@/server/matches/live-match";
import { ManualClock, memoryMatch, PLAYERS, settle } from "./match-fakes";

/** A table whose three players are seated: the hand is dealt. */
async function dealt() {
  const table = memoryMatch();
  for (const player of PLAYERS) await table.match.join(player);
  return table;
}

/** Every message a subscriber gets, its catch-up first. */
function follow(match: LiveMatch, seat: number | null, lastEventId: number | null = null) {
  const got: Delivery[] = [];
  const feed = match.follow(seat, lastEventId, (delivery) => got.push(delivery));
  got.push(...feed.catchUp);
  return { got, stop: feed.stop };
}

const commands = (table: Awaited<ReturnType<typeof dealt>>) =>
  table.store.log.map((entry) => [entry.seat, entry.command.do]);

describe("the match actor on an in-memory store and a hand-driven clock", () => {
  it("the third seat taken deals the hand, each seat stored before it is held", async () => {
    const table = memoryMatch();
    for (const player of PLAYERS) await table.match.join(player);
    expect([...table.store.seats.keys()]).toEqual([0, 1, 2]);
    expect(table.store.started?.seed).toBe(7);
    expect(table.match.status).toBe("PLAYING");
    expect(await table.match.join(PLAYERS[1]!)).toBe(1);
  });

  it("§11 a seat with no subscription is away from the deal; it shows up while it follows, and is away again when its last subscription closes", async () => {
    const table = await dealt();
    expect(commands(table)).toEqual([
      [0, "disconnect"],
      [1, "disconnect"],
      [2, "disconnect"],
    ]);
    const first = follow(table.match, 0);
    const second = follow(table.match, 0);
    await settle();
    expect(commands(table).slice(3)).toEqual([[0, "reconnect"]]);
    first.stop();
    await settle();
    expect(table.store.log).toHaveLength(4);
    second.stop();
    await settle();
    expect(commands(table).slice(3)).toEqual([
      [0, "reconnect"],
      [0, "disconnect"],
    ]);
  });

  it("a command is logged before anyone hears of it, and every follower gets its events under the last event id", async () => {
    const table = await dealt();
    const seat = follow(table.match, 0);
    const watcher = follow(table.match, null);
    await settle();
    const logged = table.store.log.length;
    const eventId = await table.match.act("ada", 0, { do: "draw" });
    expect(table.store.log.length).toBe(logged + 1);
    expect(table.store.log.at(-1)).toMatchObject({
      seq: logged + 1,
      seat: 0,
      command: { do: "draw" },
    });
    expect(seat.got.at(-1)).toMatchObject({ id: String(eventId), message: { type: "events" } });
    expect(watcher.got.at(-1)).toMatchObject({ id: String(eventId), message: { type: "events" } });
  });

  it("a change the log refuses is refused to whoever made it, and nobody hears of it", async () => {
    const table = await dealt();
    const seat = follow(table.match, 0);
    await settle();
    const before = table.match.seatNow("ada", 0).view;
    const heard = seat.got.length;
    table.store.failing = "database down";
    await expect(table.match.act("ada", 0, { do: "draw" })).rejects.toThrow("database down");
    expect(seat.got).toHaveLength(heard);
    table.store.failing = null;
    expect(table.match.seatNow("ada", 0).view).toEqual(before);
  });

  it("a subscriber resuming from its last event id gets the events it missed with its view; from an unknown id, a snapshot", async () => {
    const table = await dealt();
    follow(table.match, 0);
    await settle();
    const from = await table.match.act("ada", 0, { do: "draw" });
    const last = await table.match.act("ada", 0, { do: "draw" });
    const resumed = follow(table.match, 0, from);
    expect(resumed.got).toHaveLength(1);
    expect(resumed.got[0]).toMatchObject({ id: String(last), message: { type: "events" } });
    const message = resumed.got[0]!.message as { events: { id: number }[] };
    expect(message.events.every((event) => event.id > from && event.id <= last)).toBe(true);
    expect(follow(table.match, 0, last + 5).got[0]!.message.type).toBe("snapshot");
  });

  it("a timer fires at its due time on the match's clock, logged as an advance entry at that time", async () => {
    const table = await dealt();
    const state = () => table.match.seatNow("ada", 0).now;
    expect(table.clock.pending).toBeGreaterThan(0);
    const logged = table.store.log.length;
    await table.clock.advance(60 * 60_000);
    const advances = table.store.log
      .slice(logged)
      .filter((entry) => entry.command.do === "advance");
    expect(advances.length).toBeGreaterThan(0);
    // Each firing is logged at its own due instant, never later than the clock read then.
    for (let i = 1; i < advances.length; i++)
      expect(advances[i]!.virtualMs).toBeGreaterThanOrEqual(advances[i - 1]!.virtualMs);
    expect(state()).toBeGreaterThanOrEqual(advances.at(-1)!.virtualMs);
  });

  it("§11.3 the game's end is stored once the log holds it; a failed write is retried with backoff until it is, and the registry hears of it once", async () => {
    const table = await dealt();
    table.store.failing = null;
    await table.match.act("bea", 1, { do: "leave" });
    table.store.failing = "database down";
    // The second leave is logged (the log itself is up again for it), the end's write is not.
    const append = table.store.append.bind(table.store);
    table.store.append = (entry) => {
      const failing = table.store.failing;
      table.store.failing = null;
      return append(entry).finally(() => (table.store.failing = failing));
    };
    await table.match.act("cy", 2, { do: "leave" });
    expect(table.match.status).toBe("ENDED");
    expect(table.store.ended).toBeNull();
    expect(table.ended).toEqual([]);
    await table.clock.advance(500);
    expect(table.store.ended).toBeNull();
    table.store.failing = null;
    await table.clock.advance(1_000);
    expect(table.store.ended?.result.winner).toBe(0);
    expect(table.ended).toEqual(["m1"]);
    await table.clock.advance(60_000);
    expect(table.ended).toEqual(["m1"]);
  });

  it("a match rebuilt from its log is the same match, its clock resuming where the log stops", async () => {
    const table = await dealt();
    follow(table.match, 0);
    await settle();
    await table.match.act("ada", 0, { do: "draw" });
    await table.clock.advance(5_000);
    await table.match.act("ada", 0, { do: "draw" });
    const clock = new ManualClock();
    clock.wall = 99_999;
    const again = LiveMatch.replay(
      table.deps,
      { store: table.store, clock },
      { ...table.info, status: "PLAYING", seats: PLAYERS.map((p) => ({ ...p })) },
      table.rules,
      7,
      await table.store.entries(),
    );
    expect(again.seatNow("ada", 0)).toEqual(table.match.seatNow("ada", 0));
    expect(clock.now()).toBe(table.store.log.at(-1)!.virtualMs);
  });

  it("an action sent again under its ref (its answer lost with a node) is answered as the first time, not played twice, even by the match rebuilt elsewhere", async () => {
    const table = await dealt();
    const first = await table.match.act("ada", 0, { do: "draw" }, "ref-1");
    const logged = table.store.log.length;
    const withRef = () => table.store.log.filter((entry) => entry.ref === "ref-1");
    expect(withRef().map((entry) => entry.command.do)).toEqual(["draw"]);
    expect(await table.match.act("ada", 0, { do: "draw" }, "ref-1")).toBe(first);
    expect(table.store.log).toHaveLength(logged);
    const again = LiveMatch.replay(
      table.deps,
      { store: table.store, clock: new ManualClock() },
      { ...table.info, status: "PLAYING", seats: PLAYERS.map((p) => ({ ...p })) },
      table.rules,
      7,
      await table.store.entries(),
    );
    expect(await again.act("ada", 0, { do: "draw" }, "ref-1")).toBe(first);
    expect(withRef()).toHaveLength(1);
    expect(await again.act("ada", 0, { do: "draw" }, "ref-2")).toBeGreaterThan(first);
  });

  it("a match that leaves this node ends its followers' streams, each to follow it where it went", async () => {
    const table = await dealt();
    const ended: string[] = [];
    table.match.follow(
      0,
      null,
      () => undefined,
      () => ended.push("seat"),
    );
    table.match.follow(
      null,
      null,
      () => undefined,
      () => ended.push("spectator"),
    );
    table.match.dismiss();
    expect(ended).toEqual(["seat", "spectator"]);
  });

  it("an append the log refuses as stale (another node owns the match) stops the match here and tells the registry", async () => {
    const table = await dealt();
    table.store.append = () => Promise.reject(new StaleAppend({ matchId: "m1", seq: 9 }));
    await expect(table.match.act("ada", 0, { do: "draw" })).rejects.toThrow(/moved/);
    expect(table.lost).toEqual(["m1"]);
    expect(table.clock.pending).toBe(0);
    await expect(table.match.act("ada", 0, { do: "draw" })).rejects.toThrow(/moved/);
  });

  it("a stopped match takes no more changes and leaves no alarm set", async () => {
    const table = await dealt();
    await table.match.stop();
    expect(table.clock.pending).toBe(0);
    await expect(table.match.act("ada", 0, { do: "draw" })).rejects.toThrow(/restarting/);
  });
});
