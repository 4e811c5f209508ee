import { describe, expect, it } from "vitest";
import { mulberry32 } from "@/engine/rng";
import { replayLog, SNAPSHOT_EVERY, stateAt, stepAt } from "@/server/games/replay";
import { startGame, type GameState } from "@/server/matches/engine";
import { replayEntry } from "@/server/matches/live-match";
import { playedLog } from "./played-log";

describe("replays kept in memory", () => {
  it("a replay keeps a state every SNAPSHOT_EVERY entries, and any step, in any order, is the state the live table had", () => {
    const entries = playedLog(11);
    const every: GameState[] = [startGame(11, "single")];
    for (const entry of entries) every.push(replayEntry(every.at(-1)!, entry).state);
    const replay = replayLog(11, "FRIENDLY_SINGLE", entries);
    expect(replay.snapshots).toHaveLength(Math.floor(entries.length / SNAPSHOT_EVERY) + 1);
    expect(replay.final).toEqual(every.at(-1));
    const random = mulberry32(3);
    const order = [
      ...every.keys(),
      ...[...every.keys()].reverse(),
      ...Array.from({ length: 200 }, () => Math.floor(random() * every.length)),
    ];
    for (const step of order) expect([step, stateAt(replay, step)]).toEqual([step, every[step]]);
    expect([-1, every.length, 1.5].map((step) => stateAt(replay, step))).toEqual([
      null,
      null,
      null,
    ]);
  });

  it("each step comes with what it made happen, the same events the live table had, in any order", () => {
    const entries = playedLog(11);
    const live: { state: GameState; events: unknown[] }[] = [
      { state: startGame(11, "single"), events: [] },
    ];
    for (const entry of entries) live.push(replayEntry(live.at(-1)!.state, entry));
    const replay = replayLog(11, "FRIENDLY_SINGLE", entries);
    const random = mulberry32(5);
    const order = [
      ...live.keys(),
      ...Array.from({ length: 100 }, () => Math.floor(random() * live.length)),
    ];
    for (const step of order) expect([step, stepAt(replay, step)]).toEqual([step, live[step]]);
    expect(stepAt(replay, live.length)).toBeNull();
  });
});
