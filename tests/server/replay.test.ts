import { describe, expect, it } from "vitest";
import { mulberry32 } from "@/engine/rng";
import type { ClassicState, ClassicView } from "@/engine/classic";
import {
  leftSeats,
  replayLog,
  SNAPSHOT_EVERY,
  spectatorStep,
  stateAt,
  stepAt,
} from "@/server/games/replay";
import { rulesFor, startGame, type GameState, type MatchState } from "@/server/matches/engine";
import { replayEntry, replayMatchEntry } from "@/server/matches/live-match";
import { playedClassicLog, playedLog } from "./played-log";

const SINGLE = { rules: "machiavelox", kind: "single" } as const;

describe("replays kept in memory", () => {
  it("a replay keeps a state every SNAPSHOT_EVERY entries, and any step, in any order, is the state the live table had", () => {
    const entries = playedLog(11);
    const every: GameState[] = [startGame(11, "single")];
    for (const entry of entries) every.push(replayEntry(every.at(-1)!, entry).state);
    const replay = replayLog(11, SINGLE, entries);
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
    const replay = replayLog(11, SINGLE, entries);
    const random = mulberry32(5);
    const order = [
      ...live.keys(),
      ...Array.from({ length: 100 }, () => Math.floor(random() * live.length)),
    ];
    for (const step of order) expect([step, stepAt(replay, step)]).toEqual([step, live[step]]);
    expect(stepAt(replay, live.length)).toBeNull();
  });
});

describe("classic replays", () => {
  it("classic §5 a classic game's log replays through its own rules: every step is the state and events the live table had, a bot's steps and a leave included", () => {
    const { spec, entries } = playedClassicLog(7);
    const rules = rulesFor(spec);
    const live: { state: MatchState; events: unknown[] }[] = [
      { state: rules.start(7), events: [] },
    ];
    for (const entry of entries) live.push(replayMatchEntry(rules, live.at(-1)!.state, entry));
    expect(entries.some((entry) => entry.command.do === "bot")).toBe(true);
    expect((live.at(-1)!.state as ClassicState).phase).toBe("over");
    expect((live.at(-1)!.state as ClassicState).rounds.length).toBeGreaterThan(1);
    const replay = replayLog(7, spec, entries);
    expect(replay.final).toEqual(live.at(-1)!.state);
    const random = mulberry32(9);
    const order = [
      ...live.keys(),
      ...Array.from({ length: 100 }, () => Math.floor(random() * live.length)),
    ];
    for (const step of order) expect([step, stepAt(replay, step)]).toEqual([step, live[step]]);
    expect(leftSeats(replay.final)).toEqual([false, false, false]);
  });

  it("classic a spectator's step never shows a hand or the stock while a round is played; the cards left are shown once it is over", () => {
    const { spec, entries } = playedClassicLog(7);
    const replay = replayLog(7, spec, entries);
    let shownAtEnd = 0;
    for (let step = 0; step <= entries.length; step++) {
      const state = stateAt(replay, step) as ClassicState;
      const { view, hands } = spectatorStep(replay.rules, state);
      expect(JSON.stringify(view)).not.toMatch(/"(hands|stock)":\[/);
      expect((view as ClassicView).you).toBeNull();
      expect(hands === null).toBe(state.phase === "turn");
      if (hands) {
        expect(hands).toEqual(state.hands);
        shownAtEnd++;
      }
    }
    expect(shownAtEnd).toBeGreaterThan(0);
  });
});
