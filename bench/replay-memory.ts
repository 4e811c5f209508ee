// `npm run bench:replay-memory`: the heap that replays held in memory take (the history
// page keeps 16), every state of a hand kept (before) against a snapshot every
// SNAPSHOT_EVERY entries (now), and what stepping costs. Prints figures; asserts nothing.

import { mulberry32 } from "@/engine";
import { replayLog, SNAPSHOT_EVERY, stateAt } from "../src/server/games/replay";
import { startGame, type GameState } from "../src/server/matches/engine";
import type { LogEntry } from "../src/server/matches/event-log";
import { replayEntry } from "../src/server/matches/live-match";
import { playedLog } from "../tests/server/played-log";

const REPLAYS = 20;
const SEED = 7;

function heapMb(): number {
  global.gc!();
  global.gc!();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

/** Every state of the log, as replays were kept before. */
function everyState(seed: number, entries: LogEntry[]): GameState[] {
  const states = [startGame(seed, "single")];
  for (const entry of entries) states.push(replayEntry(states.at(-1)!, entry).state);
  return states;
}

if (!global.gc) throw new Error("run with node --expose-gc (npm run bench:replay-memory)");
const logs = Array.from({ length: REPLAYS }, (_, i) => playedLog(SEED + i));
const steps = logs.reduce((sum, log) => sum + log.length, 0);
console.log(
  `${REPLAYS} hands of random players: ${steps} log entries (${Math.round(steps / REPLAYS)} a hand)`,
);

const base = heapMb();
const before = logs.map((log, i) => everyState(SEED + i, log));
const beforeMb = heapMb() - base;
console.log(`every state kept:            +${beforeMb.toFixed(1)} MB for ${REPLAYS} replays`);
before.length = 0;

const base2 = heapMb();
const now = logs.map((log, i) =>
  replayLog(SEED + i, { rules: "machiavelox", kind: "single" }, log),
);
const nowMb = heapMb() - base2;
console.log(
  `a snapshot every ${SNAPSHOT_EVERY} entries: +${nowMb.toFixed(1)} MB for ${REPLAYS} replays`,
);

// Stepping: each replay forward one step at a time (a viewer's "next"), then at random.
function stepping(order: (replay: (typeof now)[number], i: number) => number) {
  const times: number[] = [];
  for (const replay of now)
    for (let i = 0; i <= replay.entries.length; i++) {
      const t = performance.now();
      stateAt(replay, order(replay, i));
      times.push(performance.now() - t);
    }
  times.sort((a, b) => a - b);
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  const p99 = times[Math.floor(times.length * 0.99)]!;
  return `${(mean * 1000).toFixed(0)} µs on average, p99 ${(p99 * 1000).toFixed(0)} µs (${times.length} steps)`;
}
const random = mulberry32(1);
stepping((_, i) => i); // warm-up
console.log(`one step forward: ${stepping((_, i) => i)}`);
console.log(
  `one step at random: ${stepping((replay) => Math.floor(random() * (replay.entries.length + 1)))}`,
);
