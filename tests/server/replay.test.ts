import { describe, expect, it } from "vitest";
import { mulberry32 } from "@/engine/rng";
import { replayLog, SNAPSHOT_EVERY, stateAt } from "@/server/games/replay";
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
});
